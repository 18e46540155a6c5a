@testable import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct SiteWriterTests {
    func items(_ files: [String: String]) -> [SiteWriter.Item] {
        files.keys.sorted().map { path in
            SiteWriter.Item(path: path, fingerprint: ContentHasher.hash(Array(files[path]!.utf8)), content: .bytes(Array(files[path]!.utf8)))
        }
    }

    /// Writes `files` the way a build does: manifest first, then items.
    @discardableResult
    func writeSite(_ files: [String: String], to output: String) async throws -> (written: [String], unchanged: Int, removed: [String]) {
        let writer = SiteWriter(output: output)
        let result = try await writer.write(items(files), previous: try writer.existingManifest())
        return (result.written, result.unchanged, result.removed)
    }

    @Test func writesFilesAndAManifest() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            let result = try await writeSite(["index.html": "home", "2014/03/31/a.html": "a"], to: output)
            #expect(result.written == ["2014/03/31/a.html", "index.html"])
            #expect(result.unchanged == 0)
            #expect(result.removed == [])
            #expect(allFiles(in: output) == [".bake-manifest", "2014/03/31/a.html", "index.html"])
            let manifest = try #require(SiteManifest(bytes: Array(read(".bake-manifest", in: output).utf8)))
            #expect(manifest.records.keys.sorted() == ["2014/03/31/a.html", "index.html"])
            #expect(manifest.records["index.html"]?.size == 4)
        }
    }

    @Test func anUnchangedFileKeepsItsModificationTime() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home", "a.html": "a"], to: output)
            try age(output)
            let before = try snapshot(output)
            let result = try await writeSite(["index.html": "home", "a.html": "a, changed"], to: output)
            #expect(result.written == ["a.html"])
            #expect(result.unchanged == 1)
            let after = try snapshot(output)
            #expect(after["index.html"] == before["index.html"])
            #expect(after["a.html"]?.modified != before["a.html"]?.modified)
            #expect(try read("a.html", in: output) == "a, changed")
        }
    }

    @Test func aStaleFileIsRemovedWithItsEmptyFolders() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home", "2014/03/31/old.html": "old", "2014/04/01/kept.html": "kept"], to: output)
            let result = try await writeSite(["index.html": "home", "2014/04/01/kept.html": "kept"], to: output)
            #expect(result.removed == ["2014/03/31/old.html"])
            #expect(result.written == [])
            #expect(!FileIO.exists(output + "/2014/03"))
            #expect(allFiles(in: output) == [".bake-manifest", "2014/04/01/kept.html", "index.html"])
            let manifest = try #require(SiteManifest(bytes: Array(read(".bake-manifest", in: output).utf8)))
            #expect(manifest.records["2014/03/31/old.html"] == nil)
        }
    }

    /// A file of the last build that is now a folder, or the other way round: what the last
    /// build wrote there gives way before the new files are written.
    @Test func aFileThatBecomesAFolderAndBackIsWritten() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home", "notes": "a file"], to: output)
            var result = try await writeSite(["index.html": "home", "notes/a.txt": "in a folder", "notes/deep/b.txt": "deeper"], to: output)
            #expect(result.written == ["notes/a.txt", "notes/deep/b.txt"])
            #expect(result.removed == ["notes"])
            #expect(try read("notes/a.txt", in: output) == "in a folder")
            result = try await writeSite(["index.html": "home", "notes": "a file again"], to: output)
            #expect(result.written == ["notes"])
            #expect(result.removed == ["notes/a.txt", "notes/deep/b.txt"])
            #expect(try read("notes", in: output) == "a file again")
            #expect(allFiles(in: output) == [".bake-manifest", "index.html", "notes"])
        }
    }

    /// A folder that holds a file bake did not write is not emptied to make way for a file.
    @Test func aFolderWithSomeoneElsesFileDoesNotGiveWay() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home", "notes/a.txt": "bake's"], to: output)
            try write("mine", to: "notes/mine.txt", in: output)
            let failure = await #expect(throws: BuildFailure.self) { try await writeSite(["index.html": "home", "notes": "a file"], to: output) }
            #expect(failure?.diagnostics.map(\.description) == ["\(output)/notes: is in the way: bake did not write it and will not replace it; expected you to move or delete it"])
            #expect(failure?.written == 0)
            #expect(try read("notes/mine.txt", in: output) == "mine")
            #expect(try read("notes/a.txt", in: output) == "bake's")
        }
    }

    @Test func aFileBakeDidNotWriteIsNeverRemoved() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home", "2014/03/31/old.html": "old"], to: output)
            try write("example.com\n", to: "CNAME", in: output)
            try write("mine", to: "2014/03/31/notes.txt", in: output)
            try write("mine", to: ".well-known/keybase.txt", in: output)
            let result = try await writeSite(["index.html": "home"], to: output)
            #expect(result.removed == ["2014/03/31/old.html"])
            #expect(allFiles(in: output) == [".bake-manifest", ".well-known/keybase.txt", "2014/03/31/notes.txt", "CNAME", "index.html"])
        }
    }

    /// A manifest is a text file in the output folder; a damaged or hand-edited one must not
    /// make bake delete outside it.
    @Test func manifestPathsOutsideTheFolderAreNeverRemoved() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try write("precious", to: "outside.txt", in: root)
            try write("precious", to: "site/inside.txt", in: root)
            let manifest = SiteManifest(records: [
                "../outside.txt": .init(path: "../outside.txt", size: 8, modified: 0, fingerprint: 1),
                "/etc/hostname-copy": .init(path: "/etc/hostname-copy", size: 8, modified: 0, fingerprint: 1),
                "./inside.txt": .init(path: "./inside.txt", size: 8, modified: 0, fingerprint: 1),
            ])
            try write(String(decoding: manifest.encoded(), as: UTF8.self), to: ".bake-manifest", in: output)
            let result = try await writeSite(["index.html": "home"], to: output)
            #expect(result.removed == [])
            #expect(try read("outside.txt", in: root) == "precious")
            #expect(try read("inside.txt", in: output) == "precious")
        }
    }

    @Test func refusesANonEmptyFolderWithoutAManifest() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try write("my thesis", to: "thesis.txt", in: output)
            let writer = SiteWriter(output: output)
            let failure = #expect(throws: BuildFailure.self) { try writer.existingManifest() }
            #expect(failure?.diagnostics.map(\.description) == [
                "\(output): is not empty and was not made by bake (it has no .bake-manifest); expected an empty folder or one bake wrote before",
            ])
            #expect(allFiles(in: output) == ["thesis.txt"])
        }
    }

    @Test func aFolderWithOnlyHiddenFilesIsNotEmpty() async throws {
        try await withTemporaryFolder { root in
            try write("[core]", to: "site/.git/config", in: root)
            #expect(throws: BuildFailure.self) { try SiteWriter(output: root + "/site").existingManifest() }
        }
    }

    @Test func anEmptyOrAbsentFolderIsFine() async throws {
        try await withTemporaryFolder { root in
            try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
            #expect(try SiteWriter(output: root + "/empty").existingManifest() == nil)
            #expect(try SiteWriter(output: root + "/absent").existingManifest() == nil)
        }
    }

    @Test func anOutputThatIsAFileOrHasADamagedManifestIsRefused() async throws {
        try await withTemporaryFolder { root in
            try write("x", to: "file", in: root)
            let notFolder = #expect(throws: BuildFailure.self) { try SiteWriter(output: root + "/file").existingManifest() }
            #expect(notFolder?.diagnostics.first?.message == "is not a folder; expected a folder for the site")
            try write("not a manifest", to: "site/.bake-manifest", in: root)
            let damaged = #expect(throws: BuildFailure.self) { try SiteWriter(output: root + "/site").existingManifest() }
            #expect(damaged?.diagnostics.first?.message.hasPrefix("the manifest is damaged") == true)
        }
    }

    @Test func copiesFiles() async throws {
        try await withTemporaryFolder { root in
            try write("static bytes", to: "blog/static/a.txt", in: root)
            let writer = SiteWriter(output: root + "/site")
            let item = SiteWriter.Item(path: "media/a.txt", fingerprint: 7, content: .copy(from: root + "/blog/static/a.txt"))
            let first = try await writer.write([item], previous: nil)
            #expect(first.written == ["media/a.txt"])
            #expect(try read("media/a.txt", in: root + "/site") == "static bytes")
            let second = try await writer.write([item], previous: try writer.existingManifest())
            #expect(second.written == [])
            #expect(second.unchanged == 1)
        }
    }

    @Test func manifestRoundTrip() throws {
        let manifest = SiteManifest(records: [
            "a b/c.html": .init(path: "a b/c.html", size: 10, modified: 1_700_000_000_123_456_789, fingerprint: 0xFFFF_FFFF_FFFF_FFFF),
            "index.html": .init(path: "index.html", size: 0, modified: -1, fingerprint: 0),
        ])
        let bytes = manifest.encoded()
        #expect(bytes.starts(with: Array("bake-manifest 2\n".utf8)))
        #expect(SiteManifest(bytes: bytes) == manifest)
        // With the state of the build that wrote it.
        let stated = SiteManifest(records: manifest.records, state: .init(digest: 0xABCD_EF01_2345_6789, nextBoundary: Int64.max, posts: 3, pages: 1))
        #expect(SiteManifest(bytes: stated.encoded()) == stated)
        #expect(SiteManifest(bytes: Array("bake-manifest 2\nstate\tzz\t1\t2\t3\t\n".utf8)) == nil)
        #expect(SiteManifest(bytes: Array("bake-manifest 1\n".utf8)) == SiteManifest(records: [:]))
        #expect(SiteManifest(bytes: []) == nil)
        #expect(SiteManifest(bytes: Array("bake-manifest 1\nnot\ta\trecord\n".utf8)) == nil)
        #expect(SiteManifest(bytes: Array("bake-manifest 1\n1\t2\t3\t\n".utf8)) == nil)
        // Counts that do not fit an Int are damage, not a crash.
        #expect(SiteManifest(bytes: Array("bake-manifest 2\nstate\t1\t2\t-1\t3\t\n".utf8)) == nil)
        #expect(SiteManifest(bytes: Array("bake-manifest 2\nstate\t1\t2\t3\t99999999999999999999\t\n".utf8)) == nil)
        // The most negative size and mtime read back, where negating them once trapped.
        let extreme = SiteManifest(records: ["x.html": .init(path: "x.html", size: .min, modified: .min, fingerprint: 1)])
        #expect(SiteManifest(bytes: extreme.encoded()) == extreme)
    }
    /// Pages handed to the writer to render as it writes: `pages` by path, and a log of the
    /// batches it asked for.
    final class RenderLog: @unchecked Sendable {
        private let lock = NSLock()
        private var batches: [[String]] = []
        private var lists: [[String]?] = []
        func record(_ paths: [String]) { lock.withLock { batches.append(paths) } }
        var all: [[String]] { lock.withLock { batches } }
        /// The pending list in the output folder as each batch was asked for.
        func listed(_ paths: [String]?) { lock.withLock { lists.append(paths) } }
        var pendingLists: [[String]?] { lock.withLock { lists } }
    }

    func pending(_ pages: [String: String], log: RenderLog, output: String? = nil) -> SiteWriter.Pending {
        let paths = pages.keys.sorted()
        return SiteWriter.Pending(paths: paths) { indices in
            log.record(indices.map { paths[$0] })
            if let output {
                log.listed((try? FileIO.read(output + "/" + SiteManifest.pendingFileName)).flatMap(SiteManifest.decodePending))
            }
            return self.items(Dictionary(uniqueKeysWithValues: indices.map { (paths[$0], pages[paths[$0]]!) }))
        }
    }

    @Test func pendingPagesAreRenderedOnceABatchAtATimeAndWritten() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            let count = SiteWriter.batchSize * 2 + 5
            let pages = Dictionary(uniqueKeysWithValues: (0..<count).map { ("p/\($0)/index.html", "page \($0)") })
            let log = RenderLog()
            let writer = SiteWriter(output: output)
            let result = try await writer.write(items(["style.css": "body {}"]), rendering: pending(pages, log: log, output: output), previous: try writer.existingManifest())
            #expect(result.written.count == count + 1)
            // Before any page was written, the pending list named every page this build adds.
            #expect(log.pendingLists.count == 3)
            #expect(log.pendingLists.allSatisfy { Set($0 ?? []).isSuperset(of: pages.keys) })
            #expect(log.all.count == 3)
            #expect(log.all.allSatisfy { $0.count <= SiteWriter.batchSize })
            #expect(log.all.flatMap { $0 }.sorted() == pages.keys.sorted())
            #expect(try read("p/1030/index.html", in: output) == "page 1030")
            let manifest = try #require(SiteManifest(bytes: Array(read(".bake-manifest", in: output).utf8)))
            #expect(manifest.records.count == count + 1)
            #expect(!FileIO.exists(output + "/" + SiteManifest.pendingFileName))

            // Again, nothing changed: every file is compared and none written.
            let again = try await writer.write(items(["style.css": "body {}"]), rendering: pending(pages, log: RenderLog()), previous: try writer.existingManifest())
            #expect(again.written.isEmpty)
            #expect(again.unchanged == count + 1)
        }
    }

    @Test func aPendingPageInTheWayIsRefusedBeforeAnythingIsWritten() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home"], to: output)
            try write("mine", to: "about/index.html", in: output)
            try write("same", to: "same/index.html", in: output)
            let log = RenderLog()
            let writer = SiteWriter(output: output)
            let pages = ["about/index.html": "about", "same/index.html": "same", "new/index.html": "new"]
            await #expect(throws: BuildFailure.self) {
                try await writer.write(items(["index.html": "home, changed"]), rendering: pending(pages, log: log), previous: try writer.existingManifest())
            }
            // Only the page in the way and the identical one were rendered, to compare.
            #expect(log.all.flatMap { $0 }.sorted() == ["about/index.html", "same/index.html"])
            #expect(try read("about/index.html", in: output) == "mine")
            #expect(try read("index.html", in: output) == "home")
            #expect(!FileIO.exists(output + "/new/index.html"))

            // Moved out of the way, the build goes through; the identical file is adopted as
            // it is, and each page is rendered once.
            let sameBefore = try snapshot(output)["same/index.html"]
            try FileIO.remove(output + "/about/index.html")
            let next = RenderLog()
            let result = try await writer.write(items(["index.html": "home, changed"]), rendering: pending(pages, log: next), previous: try writer.existingManifest())
            #expect(next.all.flatMap { $0 }.sorted() == pages.keys.sorted())
            #expect(result.written == ["about/index.html", "index.html", "new/index.html"])
            #expect(try read("same/index.html", in: output) == "same")
            #expect(try snapshot(output)["same/index.html"] == sameBefore)
            let manifest = try #require(SiteManifest(bytes: Array(read(".bake-manifest", in: output).utf8)))
            #expect(manifest.records["same/index.html"] != nil)
        }
    }
    @Test func aFileThatAppearsWhileTheSiteRendersIsNotReplaced() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home"], to: output)
            let writer = SiteWriter(output: output)
            let pages = ["a/index.html": "a", "b/index.html": "b"]
            let paths = pages.keys.sorted()
            let racing = SiteWriter.Pending(paths: paths) { indices in
                // Someone saves a file at one of the new paths while bake renders.
                try? FileManager.default.createDirectory(atPath: output + "/b", withIntermediateDirectories: true)
                _ = try? FileIO.writeAtomically(Array("mine".utf8), to: output + "/b/index.html", durable: false)
                return self.items(Dictionary(uniqueKeysWithValues: indices.map { (paths[$0], pages[paths[$0]]!) }))
            }
            await #expect(throws: BuildFailure.self) {
                try await writer.write(items(["index.html": "home"]), rendering: racing, previous: try writer.existingManifest())
            }
            #expect(try read("b/index.html", in: output) == "mine")
            #expect(try read("a/index.html", in: output) == "a")
            // The next build knows a/ for bake's own and still leaves b/ alone.
            try FileIO.remove(output + "/a/index.html")
            let next = try await writeSite(["index.html": "home", "a/index.html": "a"], to: output)
            #expect(next.written == ["a/index.html"])
            #expect(try read("b/index.html", in: output) == "mine")
        }
    }

    /// What a build with search makes after its pages (the index) is written by the same
    /// write, told what the pages' write did, and recorded in its one manifest.
    @Test func whatIsMadeAfterThePagesIsWrittenAndRecordedWithThem() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home", "old.html": "old", "index/a.idx": "a"], to: output)
            let writer = SiteWriter(output: output)
            let previous = try writer.existingManifest()
            let state = SiteManifest.State(digest: 7, nextBoundary: Int64.max, posts: 1, pages: 0)
            let told = Mutex<SiteWriter.Report?>(nil)
            let kept = try #require(previous?.records["index/a.idx"])
            let report = try await writer.write(items(["index.html": "home, edited"]), previous: previous, state: state, then: { sofar in
                told.withLock { $0 = sofar }
                // The index was written before the stale page is removed.
                #expect(FileIO.exists(output + "/old.html"))
                return [SiteWriter.Item(path: kept.path, fingerprint: kept.fingerprint, content: .keep(kept))] + self.items(["index/b.idx": "b"])
            })
            let sofar = try #require(told.withLock { $0 })
            #expect(sofar.written == ["index.html"])
            #expect(sofar.removed == ["index/a.idx", "old.html"], "what is not recorded yet is to be removed")
            #expect(sofar.manifest.records.keys.sorted() == ["index.html"])
            #expect(report.written == ["index.html", "index/b.idx"])
            #expect(report.removed == ["old.html"])
            #expect(report.unchanged == 1)
            #expect(allFiles(in: output) == [".bake-manifest", "index.html", "index/a.idx", "index/b.idx"])
            let manifest = try #require(SiteManifest(bytes: Array(read(".bake-manifest", in: output).utf8)))
            #expect(manifest.records.keys.sorted() == ["index.html", "index/a.idx", "index/b.idx"])
            #expect(manifest.state == state)
        }
    }

    /// When what is made after the pages fails, the pages stay written and recorded, nothing
    /// is removed, and the manifest records no state, so that the next build does it again.
    @Test func whenWhatIsMadeAfterThePagesFailsNothingIsRemoved() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home", "old.html": "old", "index/a.idx": "a"], to: output)
            let writer = SiteWriter(output: output)
            let state = SiteManifest.State(digest: 7, nextBoundary: Int64.max, posts: 1, pages: 0)
            let failure = await #expect(throws: BuildFailure.self) {
                try await writer.write(self.items(["index.html": "home, edited", "new.html": "new"]), previous: try writer.existingManifest(), state: state, then: {
                    (_: SiteWriter.Report) async throws(BuildFailure) -> [SiteWriter.Item] in
                    throw BuildFailure([Diagnostic(path: output, line: nil, message: "the index is on fire")])
                })
            }
            #expect(failure?.diagnostics.map(\.message) == ["the index is on fire"])
            #expect(allFiles(in: output).filter { !$0.hasPrefix(".bake-manifest") } == ["index.html", "index/a.idx", "new.html", "old.html"])
            #expect(try read("index.html", in: output) == "home, edited")
            let manifest = try #require(try writer.existingManifest())
            #expect(manifest.state == nil)
            #expect(manifest.records.keys.sorted() == ["index.html", "index/a.idx", "new.html", "old.html"])
            // The next write removes what this one could not.
            let next = try await writeSite(["index.html": "home, edited", "new.html": "new"], to: output)
            #expect(next.removed == ["index/a.idx", "old.html"])
        }
    }

    /// A file made after the pages is refused, like any other, where a file bake did not write is.
    @Test func whatIsMadeAfterThePagesNeverReplacesAFileBakeDidNotWrite() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home"], to: output)
            try write("someone else's\n", to: "index/a.idx", in: output)
            let writer = SiteWriter(output: output)
            let failure = await #expect(throws: BuildFailure.self) {
                try await writer.write(self.items(["index.html": "home, edited"]), previous: try writer.existingManifest(), then: {
                    (_: SiteWriter.Report) async throws(BuildFailure) -> [SiteWriter.Item] in self.items(["index/a.idx": "a", "index/b.idx": "b"])
                })
            }
            #expect(failure?.diagnostics.map(\.description) == ["\(output)/index/a.idx: is in the way: bake did not write it and will not replace it; expected you to move or delete it"])
            #expect(try read("index/a.idx", in: output) == "someone else's\n")
            #expect(try read("index/b.idx", in: output) == "b")
            #expect(try read("index.html", in: output) == "home, edited")
        }
    }
}
