import Foundation

/// A list that many tasks append to, such as the events a server reports, kept in order.
public final class EventLog<Event: Sendable>: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var stored: [Event] = []

    public init() {}

    /// Adds `event` at the end.
    public func append(_ event: Event) {
        lock.withLock { stored.append(event) }
    }

    /// Every event so far, in order.
    public var events: [Event] {
        lock.withLock { stored }
    }

    /// Waits until `condition` holds of the events so far, looking again as often as
    /// `interval`; throws after `limit`, a bound for a test that would otherwise hang, not a
    /// measure of speed.
    public func wait(until what: String, interval: Duration = .milliseconds(20), limit: Duration = .seconds(540),
                     _ condition: ([Event]) -> Bool) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while !condition(events) {
            guard clock.now < deadline else { throw TestFailure(description: "gave up waiting for \(what)") }
            try await Task.sleep(for: interval)
        }
    }
}
