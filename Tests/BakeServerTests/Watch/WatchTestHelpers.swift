import BakeServer
import BakeTestSupport
import Foundation

/// Keeps every path a watcher reports, read on a task of its own; `stop()` ends the watch.
final class ChangeCollector: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var paths: [String] = []
    nonisolated(unsafe) private var task: Task<Void, Never>?

    init(_ changes: AsyncStream<[String]>) {
        let task = Task { [lock] in
            for await batch in changes {
                lock.withLock { self.paths += batch }
            }
        }
        lock.withLock { self.task = task }
    }

    var seen: Set<String> {
        lock.withLock { Set(paths) }
    }

    /// Waits until every path in `expected` was reported.
    func wait(for expected: Set<String>) async throws {
        try await eventually("\(expected.subtracting(seen).sorted()) to be reported") { expected.isSubset(of: seen) }
    }

    func stop() {
        lock.withLock { task }?.cancel()
    }
}
