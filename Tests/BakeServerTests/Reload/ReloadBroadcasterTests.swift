@testable import BakeIO
import BakeKit
@testable import BakeServer
import BakeTestSupport
import Foundation
import Testing

struct ReloadBroadcasterTests {
    @Test func tellsEachPageHowBuildsWent() async throws {
        let broadcaster = ReloadBroadcaster()
        let events = await broadcaster.listen()
        var iterator = events.makeAsyncIterator()
        guard case .hello = await iterator.next() else { Issue.record("expected hello first"); return }

        await broadcaster.publish(Self.build(["posts/a.markdown"], written: ["a.html", "index.html"]), lines: \.description)
        #expect(await iterator.next().map(Self.name) == "reload")

        await broadcaster.publish(Self.build(["static/site.css"], written: ["site.css", "index.html"]), lines: \.description)
        #expect(await iterator.next().map(Self.name) == "css")

        let problem = Diagnostic(path: "posts/a.markdown", line: 2, message: "cannot read @pubDate `x` as a date; expected a date")
        await broadcaster.publish(Self.build(["posts/a.markdown"], failure: [problem]), lines: { "shown " + $0.description })
        #expect(await iterator.next() == .problems(["shown posts/a.markdown:2: cannot read @pubDate `x` as a date; expected a date"]))

        // A page that connects now gets the problems straight away.
        var late = await broadcaster.listen().makeAsyncIterator()
        #expect(await late.next().map(Self.name) == "hello")
        #expect(await late.next().map(Self.name) == "problems")

        // Fixed, with the same output as the last good build: the overlay clears, nothing reloads.
        await broadcaster.publish(Self.build(["posts/a.markdown"], written: []), lines: \.description)
        #expect(await iterator.next() == .ok)
        #expect(await late.next() == .ok)

        await broadcaster.finish()
        #expect(await iterator.next() == nil)
        #expect(await late.next() == nil)
        var afterwards = await broadcaster.listen().makeAsyncIterator()
        #expect(await afterwards.next() == nil, "no new streams after finishing")
    }

    @Test func forgetsPagesThatLeave() async throws {
        let broadcaster = ReloadBroadcaster()
        var events: AsyncStream<ReloadEvent>? = await broadcaster.listen()
        #expect(await broadcaster.listenerCount == 1)
        events = nil
        _ = events
        try await eventually("the listener to go") { await broadcaster.listenerCount == 0 }
    }

    static func name(_ event: ReloadEvent) -> String {
        String(event.text.split(separator: "\n")[0].dropFirst("event: ".count))
    }

    static func build(_ changes: [String], written: [String]) -> PreviewBuild {
        let summary = BuildSummary(posts: 1, pages: 0, written: written, unchanged: 0, removed: [], rendered: written.count)
        return PreviewBuild(changes: changes, result: .success(summary), duration: .milliseconds(5), finished: Date())
    }

    static func build(_ changes: [String], failure: [Diagnostic]) -> PreviewBuild {
        PreviewBuild(changes: changes, result: .failure(BuildFailure(failure)), duration: .milliseconds(5), finished: Date())
    }
}
