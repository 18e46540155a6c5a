import Foundation

/// A clock that moves only when a test says so: whatever sleeps on it wakes when `advance`
/// passes its deadline, so a test decides what happens "later" without waiting for it.
public final class ManualClock: Clock, @unchecked Sendable {
    // Unchecked: `current` and `sleepers` are read and written under `lock`.
    public struct Instant: InstantProtocol {
        /// The time since the clock was made.
        public let offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UUID
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []

    public init() {}

    public var now: Instant { lock.withLock { current } }

    public var minimumResolution: Duration { .zero }

    /// How many callers sleep on the clock now.
    public var sleeping: Int { lock.withLock { sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let isDue = lock.withLock {
                    guard deadline > current, !Task.isCancelled else { return true }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if isDue { continuation.resume() }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward, waking every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due = lock.withLock { () -> [Sleeper] in
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
