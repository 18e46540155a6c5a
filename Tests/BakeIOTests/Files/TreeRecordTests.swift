@testable import BakeIO
import BakeTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A scan that trusts folder mtimes must find what a walk finds, whatever changed since the
/// record was made.
@Suite struct TreeRecordTests {
    static var now: Int64 { Int64(Date().timeIntervalSince1970 * 1e9) }

    /// Sets every folder's mtime (the root's too) an hour back, as if the tree had been left
    /// alone since: the record made next trusts them, and any change made now shows.
    static func age(_ root: String) throws {
        let folders = [root] + (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .map { root + "/" + $0 }.filter { FileIO.isFolder($0) }
        for folder in folders {
            var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, folder, &times, AT_SYMLINK_NOFOLLOW) == 0)
        }
    }

    static func makeTree(_ root: String) throws {
        try write("a", to: "2014/03/31/a.markdown", in: root)
        try write("bb", to: "2014/03/31/b.markdown", in: root)
        try write("c", to: "2014/04/01/c.markdown", in: root)
        try write("top", to: "top.markdown", in: root)
        try FileManager.default.createDirectory(atPath: root + "/2015/01", withIntermediateDirectories: true)
    }

    /// Scans with `record`, expects what a walk finds, and returns the next record.
    @discardableResult
    static func expectScanMatchesAWalk(_ root: String, after record: TreeRecord?, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TreeRecord {
        let (entries, next) = try await TreeRecord.scan(root, after: record, now: now)
        #expect(entries == (try FileTree.scan(root)), sourceLocation: sourceLocation)
        return next
    }

    @Test func aFirstScanIsAWalkAndRecordsEveryFolderEmptyOnesToo() async throws {
        try await withTemporaryFolder { root in
            try Self.makeTree(root)
            try Self.age(root)
            let record = try await Self.expectScanMatchesAWalk(root, after: nil)
            #expect(Set(record.folders.keys) == ["", "2014", "2014/03", "2014/03/31", "2014/04", "2014/04/01", "2015", "2015/01"])
            #expect(record.folders["2014/03/31"]?.files == ["a.markdown", "b.markdown"])
            #expect(record.folders[""]?.folders == ["2014", "2015"])
            #expect(record.folders.values.allSatisfy { $0.modified != 0 })
        }
    }

    @Test(arguments: [
        "a file edited in place", "a file edited in place, same size", "a file added", "a file added to an empty folder",
        "a file removed", "a folder tree added", "a folder tree removed", "a file replaced by a link", "a hidden file added",
        "a file renamed", "a folder renamed",
    ])
    func aScanAfterAChangeFindsWhatAWalkFinds(change: String) async throws {
        try await withTemporaryFolder { root in
            try Self.makeTree(root)
            try Self.age(root)
            let record = try await Self.expectScanMatchesAWalk(root, after: nil)
            let fm = FileManager.default
            switch change {
            case "a file edited in place": try "longer text".write(toFile: root + "/2014/03/31/a.markdown", atomically: false, encoding: .utf8)
            case "a file edited in place, same size":
                var old = [timespec(tv_sec: time(nil) - 7200, tv_nsec: 0), timespec(tv_sec: time(nil) - 7200, tv_nsec: 0)]
                #expect(utimensat(AT_FDCWD, root + "/2014/03/31/a.markdown", &old, 0) == 0)
                _ = try await Self.expectScanMatchesAWalk(root, after: record)
                try "z".write(toFile: root + "/2014/03/31/a.markdown", atomically: false, encoding: .utf8)
            case "a file added": try write("d", to: "2014/03/31/d.markdown", in: root)
            case "a file added to an empty folder": try write("e", to: "2015/01/e.markdown", in: root)
            case "a file removed": try fm.removeItem(atPath: root + "/2014/04/01/c.markdown")
            case "a folder tree added": try write("f", to: "2016/02/03/f.markdown", in: root)
            case "a folder tree removed": try fm.removeItem(atPath: root + "/2014/04")
            case "a file replaced by a link":
                try fm.removeItem(atPath: root + "/2014/03/31/b.markdown")
                try fm.createSymbolicLink(atPath: root + "/2014/03/31/b.markdown", withDestinationPath: root + "/top.markdown")
            case "a hidden file added": try write("h", to: "2014/03/31/.swap.markdown", in: root)
            case "a file renamed": try fm.moveItem(atPath: root + "/2014/03/31/a.markdown", toPath: root + "/2014/03/31/z.markdown")
            default: try fm.moveItem(atPath: root + "/2014/04", toPath: root + "/2014/05")
            }
            let next = try await Self.expectScanMatchesAWalk(root, after: record)
            // And again from the record this scan made.
            try await Self.expectScanMatchesAWalk(root, after: next)
        }
    }

    @Test func aFolderChangedJustNowIsNotTrustedNextTime() async throws {
        try await withTemporaryFolder { root in
            try Self.makeTree(root)
            let record = try await Self.expectScanMatchesAWalk(root, after: nil)
            // Made within the last two seconds: a change in the same clock tick could keep its mtime.
            #expect(record.folders["2014/03/31"]?.modified == 0)
            // Listed again next time, so a file added now is found even if the mtime did not move.
            try write("d", to: "2014/03/31/d.markdown", in: root)
            try await Self.expectScanMatchesAWalk(root, after: record)
        }
    }

    /// A link to nothing, or to a folder, is left out of a listing; when what it points to
    /// becomes a file, its folder's mtime stays, so such a folder is not trusted.
    @Test(arguments: ["a link to nothing", "a link to a folder"])
    func aLinkLeftOutIsFoundOnceItLeadsToAFile(kind: String) async throws {
        try await withTemporaryFolder { root in
            try Self.makeTree(root + "/posts")
            let target = root + "/elsewhere/linked.markdown"
            if kind == "a link to a folder" { try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true) }
            try FileManager.default.createSymbolicLink(atPath: root + "/posts/2014/03/31/linked.markdown", withDestinationPath: target)
            try Self.age(root + "/posts")
            let record = try await Self.expectScanMatchesAWalk(root + "/posts", after: nil)
            #expect(record.folders["2014/03/31"]?.modified == 0)
            #expect(record.folders["2014/04/01"]?.modified != 0)
            // The target becomes a file; no folder of the tree changes.
            if kind == "a link to a folder" { try FileManager.default.removeItem(atPath: target) }
            try write("linked", to: "elsewhere/linked.markdown", in: root)
            let (entries, _) = try await TreeRecord.scan(root + "/posts", after: record, now: Self.now)
            #expect(entries.map(\.path).contains("2014/03/31/linked.markdown"))
            #expect(entries == (try FileTree.scan(root + "/posts")))
        }
    }

    @Test func aNamedFileGoneFromAnUnchangedFolderMeansAWalk() async throws {
        try await withTemporaryFolder { root in
            try Self.makeTree(root)
            try Self.age(root)
            let record = try await Self.expectScanMatchesAWalk(root, after: nil)
            // The folder's mtime put back as it was recorded: only the walk sees the file gone.
            try FileManager.default.removeItem(atPath: root + "/2014/03/31/b.markdown")
            try Self.age(root)
            try await Self.expectScanMatchesAWalk(root, after: record)
        }
    }

    @Test func anAbsentRootHasNoFilesAndAnEmptyRecord() async throws {
        try await withTemporaryFolder { root in
            let (entries, record) = try await TreeRecord.scan(root + "/absent", after: nil, now: Self.now)
            #expect(entries.isEmpty)
            #expect(record == TreeRecord())
        }
    }

    @Test func aFolderThatCannotBeListedFailsAsAWalkDoes() async throws {
        try await withTemporaryFolder { root in
            try Self.makeTree(root)
            try Self.age(root)
            let record = try await Self.expectScanMatchesAWalk(root, after: nil)
            try write("d", to: "2014/03/31/d.markdown", in: root)
            let failing = FailingFileTree(.list, root + "/2014/03/31", errno: EIO)
            await #expect(throws: FileSystemError.self) {
                _ = try await TreeRecord.scan(root, after: record, now: Self.now, system: failing)
            }
        }
    }

    @Test func theRecordReadsBackAsItWasWritten() async throws {
        try await withTemporaryFolder { root in
            try Self.makeTree(root)
            try write("tab\tand\nnewline", to: "2014/03/31/odd\tname.markdown", in: root)
            let (_, record) = try await TreeRecord.scan(root, after: nil, now: Self.now)
            #expect(TreeRecord(bytes: record.encoded()) == record)
            #expect(TreeRecord(bytes: Array(record.encoded().dropLast())) == nil)
            #expect(TreeRecord(bytes: Array("bake-tree 0".utf8)) == nil)
            // A damaged record cannot name a path outside the tree.
            for name in ["..", ".hidden", "a/b", ""] {
                var damaged = record
                damaged.folders["2014/03/31"]?.files.append(name)
                #expect(TreeRecord(bytes: damaged.encoded()) == nil, "\(name)")
            }
            var outside = record
            outside.folders["2014/../.."] = outside.folders["2014"]
            #expect(TreeRecord(bytes: outside.encoded()) == nil)
        }
    }
}
