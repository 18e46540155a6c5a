import BakeIO
import BakeServer
import BakeTestSupport
import Foundation

/// A preview running in-process on 127.0.0.1, port 0, for one test.
final class PreviewHarness: Sendable {
    let server: PreviewServer
    let port: Int
    private let task: Task<Void, any Error>
    private let log: EventLog

    /// Starts preview and waits until it listens (its first build done).
    init(
        blog: TestBlog, output: String? = nil, drafts: Bool = false, future: Bool = false,
        watching: WatchMethod = .inotify, quietPeriod: Duration = .milliseconds(80)
    ) async throws {
        let log = EventLog()
        self.log = log
        server = try PreviewServer(
            options: PreviewOptions(
                blog: blog.folder, output: output, includeDrafts: drafts, includeFuture: future,
                port: 0, watching: watching, quietPeriod: quietPeriod
            ),
            onEvent: { log.append($0) }
        )
        let server = self.server
        task = Task { try await server.run() }
        guard let port = await server.port() else {
            throw TestTimeout(description: "preview stopped before listening: \(await task.result)")
        }
        self.port = port
    }

    /// The builds so far, the first included.
    var builds: [PreviewBuild] {
        log.events.compactMap { if case .built(let build) = $0 { build } else { nil } }
    }

    /// The URL preview reported.
    var servingURL: String? {
        log.events.lazy.compactMap { if case .serving(let url) = $0 { url } else { nil } }.first
    }

    /// Runs `body`, then stops preview, whether or not `body` throws.
    func whileRunning(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            try? await stop()
            throw error
        }
        try await stop()
    }

    /// Stops gracefully and waits for `run()` to return (10 s at most).
    func stop() async throws {
        await server.shutdown()
        let task = self.task
        let finished = Flag()
        Task {
            _ = await task.result
            finished.set()
        }
        do {
            try await eventually("preview to stop after a graceful shutdown", timeout: .seconds(10)) { finished.isSet }
        } catch {
            task.cancel()
            throw error
        }
        try await task.value
    }

    func get(_ target: String, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await TestHTTP.request("GET", target, port: port, headers: headers, timeoutSeconds: 10)
    }

    func listen() throws -> TestEventStream {
        try TestEventStream(port: port)
    }
}

/// A flag one task sets and another polls.
final class Flag: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var value = false

    func set() {
        lock.withLock { value = true }
    }

    var isSet: Bool {
        lock.withLock { value }
    }
}

/// Every event preview reported, in order.
private final class EventLog: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var stored: [PreviewEvent] = []

    func append(_ event: PreviewEvent) {
        lock.withLock { stored.append(event) }
    }

    var events: [PreviewEvent] {
        lock.withLock { stored }
    }
}
