import Foundation

/// The time of a clock a test moves by hand, and the callers that wait on it: what
/// `ManualClock` (durations) and `ManualWallClock` (the time of day) share. A caller waits
/// until `advance` reaches its time, or until its task is cancelled.
final class ManualTime<Time: Comparable & Sendable>: @unchecked Sendable {
    // Unchecked: `current` and `waiters` are read and written under `lock`.
    private struct Waiter {
        let id: UUID
        let time: Time
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: Time
    private var waiters: [Waiter] = []

    init(_ start: Time) {
        current = start
    }

    var now: Time { lock.withLock { current } }

    /// The times callers wait for now, earliest first.
    var waitingFor: [Time] { lock.withLock { waiters.map(\.time).sorted() } }

    func wait(until time: Time) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let isDue = lock.withLock {
                    guard time > current, !Task.isCancelled else { return true }
                    waiters.append(Waiter(id: id, time: time, continuation: continuation))
                    return false
                }
                if isDue { continuation.resume() }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Waiter? in
                guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return waiters.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time to `move(now)`, waking every caller whose time has come.
    func advance(_ move: (Time) -> Time) {
        let due = lock.withLock { () -> [Waiter] in
            current = move(current)
            let due = waiters.filter { $0.time <= current }
            waiters.removeAll { $0.time <= current }
            return due
        }
        for waiter in due { waiter.continuation.resume() }
    }
}
