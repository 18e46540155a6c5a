import Foundation

/// A flag one task sets and another polls.
public final class Flag: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var value = false

    public init() {}

    /// Sets the flag, once and for all.
    public func set() {
        lock.withLock { value = true }
    }

    /// Whether the flag was set.
    public var isSet: Bool {
        lock.withLock { value }
    }
}
