import BakeIO
import BakeKit
import Foundation

/// A wall clock that moves only when a test says so: what waits on it for a time wakes when
/// `advance` reaches that time, so a test makes "an hour later" happen without waiting.
public final class ManualWallClock: WallClock, Sendable {
    private let time: ManualTime<Timestamp>

    public init(now: Timestamp) {
        time = ManualTime(now)
    }

    public func now() -> Timestamp {
        time.now
    }

    /// The times that callers wait for now, earliest first.
    public var waitingFor: [Timestamp] {
        time.waitingFor
    }

    public func sleep(until moment: Timestamp) async throws {
        try await time.wait(until: moment)
    }

    /// Moves the clock forward by `seconds`, waking every caller whose time has come.
    public func advance(seconds: Int64) {
        time.advance { Timestamp(seconds: $0.seconds + seconds) }
    }
}
