import BakeIO
import BakeServer
import BakeTestSupport
import Foundation

/// A preview running in-process on 127.0.0.1, port 0, for one test.
final class PreviewHarness: Sendable {
    private let harness: ServerHarness<PreviewServer>
    private let log: EventLog<PreviewEvent>

    /// Starts preview and waits until it listens (its first build done).
    init(
        blog: TestBlog, output: String? = nil, drafts: Bool = false, future: Bool = false,
        watching: WatchMethod = .inotify, quietPeriod: Duration = .milliseconds(80), clock: any Clock<Duration> = ContinuousClock(),
        wallClock: any WallClock = SystemWallClock()
    ) async throws {
        let log = EventLog<PreviewEvent>()
        self.log = log
        let server = try PreviewServer(
            options: PreviewOptions(
                blog: blog.folder, output: output, includeDrafts: drafts, includeFuture: future,
                port: 0, watching: watching, quietPeriod: quietPeriod, clock: clock, wallClock: wallClock
            ),
            onEvent: { log.append($0) }
        )
        harness = try await ServerHarness(server, name: "preview")
    }

    var server: PreviewServer { harness.server }

    var port: Int { harness.port }

    /// The builds so far, the first included.
    var builds: [PreviewBuild] {
        log.events.compactMap { if case .built(let build) = $0 { build } else { nil } }
    }

    /// Every path the watcher reported so far.
    var noticed: Set<String> {
        var paths: Set<String> = []
        for case .noticed(let noticed) in log.events { paths.formUnion(noticed) }
        return paths
    }

    /// The URL preview reported.
    var servingURL: String? {
        log.events.lazy.compactMap { if case .serving(let url) = $0 { url } else { nil } }.first
    }

    /// Runs `body`, then stops preview, whether or not `body` throws.
    func whileRunning<T>(_ body: () async throws -> T) async throws -> T {
        try await harness.whileRunning(body)
    }

    /// Stops gracefully and waits for `run()` to return (30 s at most).
    func stop() async throws {
        try await harness.stop()
    }

    func get(_ target: String, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await TestHTTP.request("GET", target, port: port, headers: headers)
    }

    func listen() throws -> TestEventStream {
        try TestEventStream(port: port)
    }
}

extension PreviewServer: TestServer {}
