import BakeIO
@testable import BakeServer
import BakeTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(10)))
struct PollingWatcherTests {
    @Test func comparesSizesAndTimes() {
        let old = ["a": FileEntry(path: "a", size: 1, modified: 10), "b": FileEntry(path: "b", size: 1, modified: 10), "c": FileEntry(path: "c", size: 1, modified: 10)]
        let new = ["a": FileEntry(path: "a", size: 1, modified: 10), "b": FileEntry(path: "b", size: 1, modified: 11), "d": FileEntry(path: "d", size: 1, modified: 10)]
        #expect(PollingWatcher.difference(old, new) == ["b", "c", "d"])
    }

    @Test func seesNewFoldersAndSettingsButNotScratchFiles() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileIO.createFolders(root + "/posts")
        let watcher = PollingWatcher(list: WatchList(base: root, folders: [root + "/posts"], files: [root + "/site.settings"]), interval: .milliseconds(50))
        let collector = ChangeCollector(watcher.changes())
        defer { collector.stop() }
        try FileIO.writeAtomically(Array("new".utf8), to: root + "/posts/2031/01/02/new.markdown")
        try FileIO.writeAtomically(Array("x".utf8), to: root + "/posts/2031/01/02/new.markdown~")
        try FileIO.writeAtomically(Array("@site_name x".utf8), to: root + "/site.settings")
        try await collector.wait(for: ["posts/2031/01/02/new.markdown", "site.settings"])
        #expect(!collector.seen.contains("posts/2031/01/02/new.markdown~"))
    }
}
