/// A server running in-process on 127.0.0.1 for one test: started, waited on until it
/// listens, and stopped gracefully.
///
/// ```swift
/// let harness = try await ServerHarness(server, name: "preview")
/// try await harness.whileRunning {
///     let reply = try await TestHTTP.request("GET", "/", port: harness.port)
/// }
/// ```
public final class ServerHarness<Server: TestServer>: Sendable {
    public let server: Server
    /// The port the server listens on.
    public let port: Int
    private let name: String
    private let task: Task<Void, any Error>

    /// Runs `server` and waits until it listens; `name` is what messages call it.
    public init(_ server: Server, name: String) async throws {
        self.server = server
        self.name = name
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

    /// Stops gracefully and waits for `run()` to return, rethrowing what it threw. The wait
    /// has only `eventually`'s limit, for a server that never stops: a graceful shutdown
    /// closes idle connections and waits for requests in flight, however slow the machine.
    public func stop() async throws {
        await server.shutdown()
        let task = self.task
        let finished = Flag()
        Task {
            _ = await task.result
            finished.set()
        }
        do {
            try await eventually("\(name) to stop after a graceful shutdown") { finished.isSet }
        } catch {
            task.cancel()
            throw error
        }
        try await task.value
    }
}
