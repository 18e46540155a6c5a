/// Checks `condition` every 10 ms until it holds, or throws `TestTimeout` after `timeout`.
/// The default is generous: the whole suite runs in parallel on two cores, and tests that wait
/// on child processes can hold the concurrency pool's threads for seconds at a time.
public func eventually(_ what: String, timeout: Duration = .seconds(60), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    throw TestTimeout(description: "timed out after \(timeout) waiting for \(what)")
}
