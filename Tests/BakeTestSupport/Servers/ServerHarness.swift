/// A server running in-process on 127.0.0.1 for one test: started, waited on until it
/// listens, and stopped gracefully.
///
/// ```swift
/// let harness = try await ServerHarness(server, name: "preview", stopTimeout: .seconds(10))
/// try await harness.whileRunning {
///     let reply = try await TestHTTP.request("GET", "/", port: harness.port)
/// }
/// ```
public final class ServerHarness<Server: TestServer>: Sendable {
    public let server: Server
    /// The port the server listens on.
    public let port: Int
    private let name: String
    private let stopTimeout: Duration
    private let task: Task<Void, any Error>

    /// Runs `server` and waits until it listens; `name` is what messages call it, and
    /// `stopTimeout` how long `stop()` waits for `run()` to return.
    public init(_ server: Server, name: String, stopTimeout: Duration) async throws {
        self.server = server
        self.name = name
        self.stopTimeout = stopTimeout
        task = Task { try await server.run() }
        guard let port = await server.port() else {
            throw TestFailure(description: "\(name) stopped before listening: \(await task.result)")
        }
        self.port = port
    }

    /// Runs `body`, then stops the server, whether or not `body` throws.
    public func whileRunning<T>(_ body: () async throws -> T) async throws -> T {
        let result: T
        do {
            result = try await body()
        } catch {
            try? await stop()
            throw error
        }
        try await stop()
        return result
    }

    /// Stops gracefully and waits for `run()` to return (`stopTimeout` at most), rethrowing
    /// what it threw.
    public func stop() async throws {
        await server.shutdown()
        let task = self.task
        let finished = Flag()
        Task {
            _ = await task.result
            finished.set()
        }
        do {
            try await eventually("\(name) to stop after a graceful shutdown", timeout: stopTimeout) { finished.isSet }
        } catch {
            task.cancel()
            throw error
        }
        try await task.value
    }
}
