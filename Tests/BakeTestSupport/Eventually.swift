/// Checks `condition` every 10 ms until it holds, or throws `TestTimeout` after `timeout`.
///
/// What a test waits for is an event (a line written, a file there, a port open); the timeout
/// only keeps a test that is broken from hanging the suite, so the default is far beyond what
/// a loaded two-core machine takes: a test that needs it has failed, not run slowly.
public func eventually(_ what: String, timeout: Duration = .seconds(600), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    throw TestTimeout(description: "timed out after \(timeout) waiting for \(what)")
}
