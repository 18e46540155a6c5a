import BakeIO
@testable import BakeServer
import BakeTestSupport
import Foundation
import Testing

struct ServedSiteTests {
    /// A rebuild waits for the requests reading the folder, and requests wait for the rebuild.
    @Test func aRebuildHasTheFolderToItself() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let site = ServedSite(folder: try #require(SiteFolder(resolving: root)), basePath: "")
        let trace = EventLog<String>()
        _ = await site.beginReading()
        trace.append("read begins")
        let writer = Task {
            await site.writing {
                trace.append("write")
                return ((), basePath: "/blog")
            }
        }
        try await eventually("the writer to wait") { await site.waiting.writers == 1 }
        let lateReader = Task {
            await site.reading { _, basePath in trace.append("late read \(basePath)") }
        }
        try await eventually("the late reader to wait") { await site.waiting.readers == 1 }
        #expect(trace.events == ["read begins"], "the writer waits for the reader; the late reader waits for the writer")
        trace.append("read ends")
        await site.endReading()
        await writer.value
        await lateReader.value
        #expect(trace.events == ["read begins", "read ends", "write", "late read /blog"])
    }
}
