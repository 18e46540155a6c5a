import BakeIO
@testable import BakeServer
import Foundation
import Testing

struct ServedSiteTests {
    /// A rebuild waits for the requests reading the folder, and requests wait for the rebuild.
    @Test func aRebuildHasTheFolderToItself() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let site = ServedSite(folder: try #require(SiteFolder(resolving: root)), basePath: "")
        let trace = Trace()
        _ = await site.beginReading()
        trace.add("read begins")
        let writer = Task {
            await site.writing {
                trace.add("write")
                return ((), basePath: "/blog")
            }
        }
        try await eventually("the writer to wait") { await site.waiting.writers == 1 }
        let lateReader = Task {
            await site.reading { _, basePath in trace.add("late read \(basePath)") }
        }
        try await eventually("the late reader to wait") { await site.waiting.readers == 1 }
        #expect(trace.entries == ["read begins"], "the writer waits for the reader; the late reader waits for the writer")
        trace.add("read ends")
        await site.endReading()
        await writer.value
        await lateReader.value
        #expect(trace.entries == ["read begins", "read ends", "write", "late read /blog"])
    }
}

/// What happened, in order, across tasks.
final class Trace: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var stored: [String] = []

    func add(_ entry: String) {
        lock.withLock { stored.append(entry) }
    }

    var entries: [String] {
        lock.withLock { stored }
    }
}
