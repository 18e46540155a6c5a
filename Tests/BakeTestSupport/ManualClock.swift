import Foundation

/// A clock that moves only when a test says so: whatever sleeps on it wakes when `advance`
/// passes its deadline, so a test decides what happens "later" without waiting for it.
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        /// The time since the clock was made.
        public let offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let time = ManualTime(Instant(offset: .zero))

    public init() {}

    public var now: Instant { time.now }

    public var minimumResolution: Duration { .zero }

    /// How many callers sleep on the clock now.
    public var sleeping: Int { time.waitingFor.count }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await time.wait(until: deadline)
    }

    /// Moves the clock forward, waking every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        time.advance { $0.advanced(by: duration) }
    }
}
