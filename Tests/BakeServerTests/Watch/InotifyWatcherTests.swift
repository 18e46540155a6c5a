import BakeIO
@testable import BakeServer
import BakeTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(10)))
struct InotifyWatcherTests {
    @Test func seesNewCalendarFoldersLaterFoldersAndSettingsButNotScratchFiles() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileIO.createFolders(root + "/posts/2020/01/01")
        try FileIO.writeAtomically(Array("old".utf8), to: root + "/posts/2020/01/01/old.markdown")
        let watcher = try InotifyWatcher(list: WatchList(
            base: root, folders: [root + "/posts", root + "/drafts"], files: [root + "/site.settings"],
            excluded: [root + "/posts/out"]
        ))
        let collector = ChangeCollector(watcher.changes())
        defer { collector.stop() }

        var expected: Set<String> = []
        // Files that land in new folders before any watch can be added there.
        for day in 1...20 {
            let path = "posts/2031/0\(day % 9 + 1)/\(day)/post-\(day).markdown"
            try FileIO.createFolders(FileIO.parent(of: root + "/" + path))
            try Data("new".utf8).write(to: URL(fileURLWithPath: root + "/" + path))
            expected.insert(path)
        }
        // Editors' scratch files, and a folder that is not watched.
        let scratchNames = [".old.markdown.swp", "old.markdown~", "4913", "#old.markdown#", "sedXk3ab9"]
        for scratch in scratchNames {
            try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/posts/2020/01/01/" + scratch))
        }
        try FileIO.createFolders(root + "/posts/out")
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/posts/out/skipped.markdown"))
        // A folder that did not exist when watching began, and the settings file.
        try FileIO.writeAtomically(Array("draft".utf8), to: root + "/drafts/later.markdown")
        try FileIO.writeAtomically(Array("@site_name x".utf8), to: root + "/site.settings")
        try FileManager.default.removeItem(atPath: root + "/posts/2020/01/01/old.markdown")
        expected.formUnion(["drafts/later.markdown", "site.settings", "posts/2020/01/01/old.markdown"])
        // Events on one inotify descriptor arrive in order, so once this last file is
        // reported, anything the changes above could have reported has been.
        try Data("marker".utf8).write(to: URL(fileURLWithPath: root + "/posts/2020/01/01/marker.markdown"))
        expected.insert("posts/2020/01/01/marker.markdown")

        try await collector.wait(for: expected)
        let seen = collector.seen
        #expect(!seen.contains { $0.split(separator: "/").contains(where: WatchList.isScratch) || $0.hasPrefix("posts/2020/01/01/4913") })
        for scratch in scratchNames {
            #expect(!seen.contains("posts/2020/01/01/" + scratch), "\(scratch)")
        }
        #expect(!seen.contains { $0.hasPrefix("posts/out") })
        #expect(!seen.contains { $0.contains(".bake-") }, "bake's own temp files are never reported")
    }

    @Test func followsFoldersMovedInAndOut() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileIO.createFolders(root + "/posts")
        try FileIO.writeAtomically(Array("a".utf8), to: root + "/elsewhere/2022/05/05/moved.markdown")
        let watcher = try InotifyWatcher(list: WatchList(base: root, folders: [root + "/posts"], files: []))
        let collector = ChangeCollector(watcher.changes())
        defer { collector.stop() }

        try FileManager.default.moveItem(atPath: root + "/elsewhere/2022", toPath: root + "/posts/2022")
        try await collector.wait(for: ["posts/2022", "posts/2022/05/05/moved.markdown"])
        try Data("b".utf8).write(to: URL(fileURLWithPath: root + "/posts/2022/05/05/second.markdown"))
        try await collector.wait(for: ["posts/2022/05/05/second.markdown"])
        try FileManager.default.moveItem(atPath: root + "/posts/2022", toPath: root + "/elsewhere/2022")
        // Once moved out, changes there are no longer the blog's.
        try Data("c".utf8).write(to: URL(fileURLWithPath: root + "/elsewhere/2022/05/05/third.markdown"))
        try Data("d".utf8).write(to: URL(fileURLWithPath: root + "/posts/after.markdown"))
        try await collector.wait(for: ["posts/after.markdown"])
        #expect(!collector.seen.contains { $0.contains("third") })
    }
}
