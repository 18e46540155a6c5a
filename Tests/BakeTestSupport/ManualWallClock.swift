import BakeIO
import BakeKit
import Foundation

/// A wall clock that moves only when a test says so: what waits on it for a time wakes when
/// `advance` reaches that time, so a test makes "an hour later" happen without waiting.
public final class ManualWallClock: WallClock, @unchecked Sendable {
    // Unchecked: `current` and `sleepers` are read and written under `lock`.
    private struct Sleeper {
        let id: UUID
        let time: Timestamp
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: Timestamp
    private var sleepers: [Sleeper] = []

    public init(now: Timestamp) {
        current = now
    }

    public func now() -> Timestamp {
        lock.withLock { current }
    }

    /// The times that callers wait for now, earliest first.
    public var waitingFor: [Timestamp] {
        lock.withLock { sleepers.map(\.time).sorted() }
    }

    public func sleep(until time: Timestamp) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let isDue = lock.withLock {
                    guard time > current, !Task.isCancelled else { return true }
                    sleepers.append(Sleeper(id: id, time: time, continuation: continuation))
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

    /// Moves the clock forward by `seconds`, waking every caller whose time has come.
    public func advance(seconds: Int64) {
        let due = lock.withLock { () -> [Sleeper] in
            current = Timestamp(seconds: current.seconds + seconds)
            let due = sleepers.filter { $0.time <= current }
            sleepers.removeAll { $0.time <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
