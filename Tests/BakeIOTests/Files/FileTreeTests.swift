import BakeIO
import BakeTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

@Suite struct FileTreeTests {
    @Test func listsRegularFilesSortedWithRelativePaths() async throws {
        try await withTemporaryFolder { root in
            try write("b", to: "b.txt", in: root)
            try write("aa", to: "a/z.txt", in: root)
            try write("abc", to: "a/b/c.txt", in: root)
            try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
            let entries = try FileTree.scan(root)
            #expect(entries.map(\.path) == ["a/b/c.txt", "a/z.txt", "b.txt"])
            #expect(entries.map(\.size) == [3, 2, 1])
            #expect(entries.allSatisfy { $0.modified > 0 })
        }
    }

    @Test func skipsHiddenFilesAndFolders() async throws {
        try await withTemporaryFolder { root in
            try write("x", to: ".DS_Store", in: root)
            try write("x", to: ".git/config", in: root)
            try write("x", to: "posts/.hello.markdown.swp", in: root)
            try write("x", to: "posts/hello.markdown", in: root)
            #expect(try FileTree.scan(root).map(\.path) == ["posts/hello.markdown"])
        }
    }

    // MARK: Failures

    static let failures: [(FailingFileTree.Call, String, Int32)] = [
        (.open, "a/b", EACCES), (.list, "a", EIO), (.list, "", EIO), (.status, "a/z.txt", EIO), (.status, "b.txt", ESTALE),
    ]

    @Test(arguments: failures)
    func aFailureOtherThanAbsenceFailsTheScanNamingThePath(_ call: FailingFileTree.Call, _ relative: String, _ errno: Int32) async throws {
        try await withTemporaryFolder { root in
            try write("b", to: "b.txt", in: root)
            try write("aa", to: "a/z.txt", in: root)
            try write("abc", to: "a/b/c.txt", in: root)
            let path = relative.isEmpty ? root : root + "/" + relative
            let system = FailingFileTree(call, path, errno: errno)
            let operation: FileSystemError.Operation = call == .status ? .stat : .list
            let expected = FileSystemError(path: path, operation: operation, errno: errno)
            #expect(throws: expected) { try FileTree.scan(root, system: system) }
            await #expect(throws: expected) { try await FileTree.scanInParallel(root, system: system) }
            // The real file system lists them all.
            #expect(try FileTree.scan(root).map(\.path) == ["a/b/c.txt", "a/z.txt", "b.txt"])
        }
    }

    @Test func aFileRemovedWhileItsFolderIsListedIsSkipped() async throws {
        try await withTemporaryFolder { root in
            try write("b", to: "b.txt", in: root)
            try write("aa", to: "a/z.txt", in: root)
            try write("abc", to: "a/y.txt", in: root)
            let system = FailingFileTree(.status, root + "/a/z.txt", errno: ENOENT)
            #expect(try FileTree.scan(root, system: system).map(\.path) == ["a/y.txt", "b.txt"])
            #expect(try await FileTree.scanInParallel(root, system: system).map(\.path) == ["a/y.txt", "b.txt"])
        }
    }

    @Test func aFolderRemovedWhileItsParentIsListedIsSkipped() async throws {
        try await withTemporaryFolder { root in
            try write("b", to: "b.txt", in: root)
            try write("abc", to: "a/b/c.txt", in: root)
            let system = FailingFileTree(.open, root + "/a/b", errno: ENOENT)
            #expect(try FileTree.scan(root, system: system).map(\.path) == ["b.txt"])
        }
    }

    @Test func anAbsentFolderHasNoFiles() throws {
        #expect(try FileTree.scan("/nonexistent-\(UUID().uuidString)").isEmpty)
    }

    @Test func followsLinksToFilesButNotToFolders() async throws {
        try await withTemporaryFolder { root in
            try write("target", to: "real/file.txt", in: root)
            try FileManager.default.createDirectory(atPath: root + "/tree", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: root + "/tree/link.txt", withDestinationPath: root + "/real/file.txt")
            try FileManager.default.createSymbolicLink(atPath: root + "/tree/folder", withDestinationPath: root + "/real")
            try FileManager.default.createSymbolicLink(atPath: root + "/tree/loop", withDestinationPath: root + "/tree")
            try FileManager.default.createSymbolicLink(atPath: root + "/tree/dangling.txt", withDestinationPath: root + "/missing")
            let entries = try FileTree.scan(root + "/tree")
            #expect(entries.map(\.path) == ["link.txt"])
            #expect(entries.first?.size == 6)
        }
    }

    @Test func entryOfOneFile() async throws {
        try await withTemporaryFolder { root in
            try write("hello", to: "a.txt", in: root)
            let entry = try #require(FileTree.entry(at: root + "/a.txt", relativePath: "a.txt"))
            #expect(entry.path == "a.txt")
            #expect(entry.size == 5)
            let mtime = try modified("a.txt", in: root).timeIntervalSince1970
            #expect(abs(Double(entry.modified) / 1e9 - mtime) < 0.001)
            #expect(FileTree.entry(at: root + "/missing.txt", relativePath: "missing.txt") == nil)
            #expect(FileTree.entry(at: root, relativePath: "") == nil)
        }
    }
    @Test func aParallelScanListsWhatAScanDoes() async throws {
        try await withTemporaryFolder { root in
            for year in 2019...2021 {
                for month in [1, 7, 12] {
                    for day in [1, 15] {
                        try write("\(year)\(month)\(day)", to: "posts/\(year)/\(month)/\(day)/post.markdown", in: root)
                    }
                }
            }
            try write("top", to: "posts/top.markdown", in: root)
            let serial = try FileTree.scan(root + "/posts")
            let parallel = try await FileTree.scanInParallel(root + "/posts")
            #expect(serial.count == 3 * 3 * 2 + 1)
            #expect(parallel == serial)
            #expect(serial.contains { $0.path == "2020/7/15/post.markdown" && $0.size == 7 })
        }
    }

    @Test func entriesAtKnownPathsAreWhatAScanFindsThere() async throws {
        try await withTemporaryFolder { root in
            for day in 1...40 {
                try write(String(repeating: "x", count: day), to: "2020/\(day % 12 + 1)/\(day)/index.html", in: root)
            }
            try write("real", to: "real.html", in: root)
            try FileManager.default.createSymbolicLink(atPath: root + "/link.html", withDestinationPath: root + "/real.html")
            let scanned = try FileTree.scan(root).filter { $0.path != "link.html" }
            let asked = scanned.map(\.path) + ["gone.html", "2020", "link.html", "2020/1/missing/index.html"]
            let found = await FileTree.entries(at: asked, below: root)
            // Each file as a scan saw it, in the order asked; none for what is gone, a folder,
            // or a link (bake writes none, so a link where a page was is not the page bake left).
            #expect(found == scanned.map { $0 } + [nil, nil, nil, nil])
            #expect(await FileTree.entries(at: ["a.html"], below: root + "/absent") == [nil])
        }
    }
}
