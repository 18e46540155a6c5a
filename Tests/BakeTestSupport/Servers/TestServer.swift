/// A server that a test runs in-process: what `ServerHarness` needs of it.
///
/// Each test target conforms its own server in an extension, so that this target depends
/// on no server module:
///
/// ```swift
/// extension PreviewServer: TestServer {}
/// ```
public protocol TestServer: Sendable {
    /// Serves until shut down.
    func run() async throws
    /// Asks `run()` to finish gracefully.
    func shutdown() async
    /// The bound port once the server listens; nil if it stopped first.
    func port() async -> Int?
}
