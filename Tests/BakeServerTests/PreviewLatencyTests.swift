import BakeIO
import BakeServer
import BakeTestSupport
import Foundation
import Testing

/// The time from saving a post to the reload event reaching a listening page, for the
/// closing note of the preview issue. A measurement, not a pass/fail test: it runs only on
/// request.
///
/// ```sh
/// BAKE_PREVIEW_LATENCY=1 swift test --filter PreviewLatencyTests                 # the sample blog
/// BAKE_PREVIEW_LATENCY=/dev/shm/blog-5000 swift test --filter PreviewLatencyTests  # another blog
/// ```
/// Another blog is measured in place: one post is edited and then put back.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["BAKE_PREVIEW_LATENCY"] != nil))
struct PreviewLatencyTests {
    @Test func saveToReloadEvent() async throws {
        let setting = ProcessInfo.processInfo.environment["BAKE_PREVIEW_LATENCY"] ?? "1"
        let sample = setting == "1" ? try TestBlog() : nil
        defer { sample?.delete() }
        let blog = sample ?? TestBlog(existing: setting)
        let post = try #require(try FileTree.scan(blog.path("posts")).last.map { "posts/" + $0.path })
        let original = try blog.read(post)
        defer { try? blog.replace(original, at: post) }

        let preview = try await PreviewHarness(blog: blog)
        var latencies: [Duration] = []
        var builds: [Duration] = []
        try await preview.whileRunning {
            let events = try preview.listen()
            defer { events.close() }
            try await events.next("hello")
            for run in 0..<11 {
                let saved = ContinuousClock.now
                try blog.write(original + "\nEdited for run \(run).\n", to: post)
                let reload = try await events.next("reload")
                latencies.append(reload.received - saved)
                builds.append(preview.builds.last?.duration ?? .zero)
                try await Task.sleep(for: .milliseconds(300))
            }
        }
        let posts = try FileTree.scan(blog.path("posts")).count
        print("""
            preview save → reload event, \(posts) posts, \(latencies.count) saves: \
            median \(Self.milliseconds(Self.median(latencies))) ms \
            (min \(Self.milliseconds(latencies.min()!)), max \(Self.milliseconds(latencies.max()!))); \
            median build \(Self.milliseconds(Self.median(builds))) ms
            """)
    }

    static func median(_ values: [Duration]) -> Duration {
        values.sorted()[values.count / 2]
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
