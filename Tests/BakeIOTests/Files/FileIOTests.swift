import BakeIO
import BakeTestSupport
import Foundation
import Testing

@Suite struct FileIOTests {
    @Test func readsWholeFiles() async throws {
        try await withTemporaryFolder { root in
            let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try write(bytes, to: "big.bin", in: root)
            #expect(try FileIO.read(root + "/big.bin") == bytes)
            try write("", to: "empty", in: root)
            #expect(try FileIO.read(root + "/empty") == [])
        }
    }

    /// A file whose size `stat` can't tell, as in /proc, is read to its end all the same.
    @Test func readsFilesLongerThanTheirStatedSize() throws {
        let status = try FileIO.read("/proc/self/status")
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        #expect(status.count > 100)
    }

    @Test func readingAMissingFileSaysWhy() throws {
        let error = #expect(throws: FileSystemError.self) { try FileIO.read("/nonexistent/file.txt") }
        #expect(error?.operation == .read)
        #expect(error?.errno == ENOENT)
        #expect(error?.description == "/nonexistent/file.txt: cannot read: No such file or directory")
        #expect(error?.diagnostic(relativeTo: "/nonexistent").description == "file.txt: cannot read the file (No such file or directory); expected a readable, writable path")
    }

    @Test func atomicWriteCreatesFoldersAndLeavesNoTempFiles() async throws {
        try await withTemporaryFolder { root in
            try FileIO.writeAtomically(Array("first".utf8), to: root + "/a/b/index.html")
            #expect(try read("a/b/index.html", in: root) == "first")
            #expect(allFiles(in: root) == ["a/b/index.html"])
            let mode = try FileManager.default.attributesOfItem(atPath: root + "/a/b/index.html")[.posixPermissions] as? Int
            #expect(mode == 0o644)
        }
    }

    @Test func atomicWriteReplacesTheContent() async throws {
        try await withTemporaryFolder { root in
            try write("an old, longer text", to: "page.html", in: root)
            let written = try FileIO.writeAtomically(Array("new".utf8), to: root + "/page.html", durable: false)
            #expect(try read("page.html", in: root) == "new")
            // What it reports is what a later look at the file sees.
            #expect(FileTree.entry(at: root + "/page.html", relativePath: "page.html") == FileEntry(path: "page.html", size: written.size, modified: written.modified))
            try FileIO.writeAtomically([], to: root + "/page.html")
            #expect(try read("page.html", in: root) == "")
            #expect(allFiles(in: root) == ["page.html"])
        }
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTempFile() async throws {
        try await withTemporaryFolder { root in
            try write("keep me", to: "page.html", in: root)
            // A folder where the file should go: rename fails after the temp file is written.
            try FileManager.default.createDirectory(atPath: root + "/folder/inner", withIntermediateDirectories: true)
            let renameError = #expect(throws: FileSystemError.self) { try FileIO.writeAtomically(Array("x".utf8), to: root + "/folder") }
            #expect(renameError?.operation == .rename)
            #expect(allFiles(in: root) == ["page.html"])
            // A file where a folder should be.
            let error = #expect(throws: FileSystemError.self) { try FileIO.writeAtomically(Array("x".utf8), to: root + "/page.html/child") }
            #expect(error?.operation == .createFolder)
            #expect(try read("page.html", in: root) == "keep me")
            #expect(allFiles(in: root) == ["page.html"])
        }
    }

    /// Written a chunk at a time, the file is every chunk in order, and takes the old file's
    /// place only at the end; a produce that throws leaves the old file and no temp file.
    @Test func aWriteInChunksIsOneAtomicWrite() async throws {
        try await withTemporaryFolder { root in
            try write("old", to: "cache", in: root)
            let chunks = (0..<5).map { index in (0..<(index * 70_001)).map { UInt8(truncatingIfNeeded: $0 &+ index) } }
            let written = try FileIO.writeAtomically(to: root + "/cache", durable: false) { output throws(FileSystemError) in
                for chunk in chunks {
                    try output.write(chunk)
                    // Until the write ends, the old file is where it was.
                    #expect((try? read("cache", in: root)) == "old")
                }
            }
            #expect(try FileIO.read(root + "/cache") == Array(chunks.joined()))
            #expect(written.size == Int64(chunks.joined().count))
            #expect(allFiles(in: root) == ["cache"])

            let failure = FileSystemError(path: root + "/cache", operation: .write, errno: ENOSPC)
            let error = #expect(throws: FileSystemError.self) {
                try FileIO.writeAtomically(to: root + "/cache") { output throws(FileSystemError) in
                    try output.write(Array("half".utf8))
                    throw failure
                }
            }
            #expect(error == failure)
            #expect(try FileIO.read(root + "/cache") == Array(chunks.joined()))
            #expect(allFiles(in: root) == ["cache"])
        }
    }

    /// `ByteWriter.send` hands over its bytes only past its limit, and all of them with 0.
    @Test func aByteWriterSendsWhatItGatheredPastItsLimit() async throws {
        try await withTemporaryFolder { root in
            var expected = ByteWriter()
            try FileIO.writeAtomically(to: root + "/file", durable: false) { output throws(FileSystemError) in
                var writer = ByteWriter()
                for index in 0..<1_000 {
                    writer.write("entry \(index)")
                    expected.write("entry \(index)")
                    try writer.send(to: output, over: 4_096)
                    #expect(writer.bytes.count < 4_096)
                }
                try writer.send(to: output, over: 0)
                #expect(writer.bytes.isEmpty)
            }
            #expect(try FileIO.read(root + "/file") == expected.bytes)
        }
    }

    @Test func contentEquals() async throws {
        try await withTemporaryFolder { root in
            try write("abc", to: "f", in: root)
            #expect(FileIO.contentEquals(root + "/f", Array("abc".utf8)))
            #expect(!FileIO.contentEquals(root + "/f", Array("abd".utf8)))
            #expect(!FileIO.contentEquals(root + "/f", Array("abcd".utf8)))
            #expect(!FileIO.contentEquals(root + "/missing", []))
        }
    }

    @Test func removeAndRemoveEmptyFolders() async throws {
        try await withTemporaryFolder { root in
            try write("x", to: "2014/03/31/a.html", in: root)
            try write("x", to: "2014/04/01/b.html", in: root)
            try FileIO.remove(root + "/2014/03/31/a.html")
            try FileIO.remove(root + "/2014/03/31/a.html")
            FileIO.removeEmptyFolders(from: root + "/2014/03/31", upTo: root)
            #expect(!FileIO.exists(root + "/2014/03"))
            #expect(FileIO.isFolder(root + "/2014/04/01"))
            #expect(FileIO.isFolder(root))
            // Never above the root, even when it is empty.
            try FileIO.remove(root + "/2014/04/01/b.html")
            FileIO.removeEmptyFolders(from: root + "/2014/04/01", upTo: root)
            #expect(FileIO.isFolder(root))
            #expect(!FileIO.exists(root + "/2014"))
        }
    }

    @Test func move() async throws {
        try await withTemporaryFolder { root in
            try write("x", to: "a.txt", in: root)
            try FileIO.move(root + "/a.txt", to: root + "/deep/er/b.txt")
            #expect(allFiles(in: root) == ["deep/er/b.txt"])
        }
    }

    @Test func paths() {
        #expect(FileIO.parent(of: "/a/b/c.html") == "/a/b")
        #expect(FileIO.parent(of: "/a") == "/")
        #expect(FileIO.parent(of: "a") == ".")
        #expect(!FileIO.exists("/nonexistent-\(UUID().uuidString)"))
        #expect(FileIO.isFolder("/tmp"))
    }
}
