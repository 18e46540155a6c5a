import BakeKit
import Foundation

/// The time of day, and a wait until a given one: the system's (`SystemWallClock`), or one a
/// test moves. The programs that run all day (`bake-metaweblog`, `bake preview`) wait on it
/// for the next post dated in the future, and re-bake when its time comes.
///
/// ```swift
/// let clock: any WallClock = SystemWallClock()
/// try await clock.sleep(until: Timestamp(seconds: clock.now().seconds + 3600))
/// ```
public protocol WallClock: Sendable {
    /// The time now.
    func now() -> Timestamp
    /// Returns once `now()` has reached `time`; throws `CancellationError` when cancelled first.
    func sleep(until time: Timestamp) async throws
}

/// The system's clock.
public struct SystemWallClock: WallClock {
    public init() {}

    public func now() -> Timestamp {
        Timestamp(Date())
    }

    /// Waits in steps of at most a minute, reading the time again after each: a laptop may
    /// sleep, or its clock be set, and a post goes live when the wall clock says so.
    public func sleep(until time: Timestamp) async throws {
        while true {
            let left = time.seconds - now().seconds
            if left <= 0 { return }
            try await Task.sleep(for: .seconds(min(left, 60)))
        }
    }
}
