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
}
