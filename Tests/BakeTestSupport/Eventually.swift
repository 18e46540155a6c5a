/// Checks `condition` every 10 ms until it holds, or throws `TestTimeout` after `timeout`.
public func eventually(_ what: String, timeout: Duration = .seconds(10), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    throw TestTimeout(description: "timed out after \(timeout) waiting for \(what)")
}
