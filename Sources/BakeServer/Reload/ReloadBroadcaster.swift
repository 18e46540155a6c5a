import BakeIO
import BakeKit
import Foundation

/// Sends each build's outcome to every page listening on `/_bake/events`, and keeps the
/// current state for pages that connect later: a page loaded while the build is broken
/// gets the problems as soon as it connects.
actor ReloadBroadcaster {
    private let instance = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private var generation = 0
    private var problems: [String]?
    private var listeners: [Int: AsyncStream<ReloadEvent>.Continuation] = [:]
    private var nextListener = 0
    private var isFinished = false

    /// The events for one page, starting with `hello` and the current problems, if any.
    func listen() -> AsyncStream<ReloadEvent> {
        let (events, continuation) = AsyncStream.makeStream(of: ReloadEvent.self, bufferingPolicy: .bufferingNewest(32))
        guard !isFinished else {
            continuation.finish()
            return events
        }
        continuation.yield(.hello(version: version))
        if let problems { continuation.yield(.problems(problems)) }
        let id = nextListener
        nextListener += 1
        listeners[id] = continuation
        continuation.onTermination = { _ in
            Task { await self.remove(id) }
        }
        return events
    }

    /// Tells the pages how a build went.
    /// - Parameters:
    ///   - lines: How the problems of a failed build are shown, as the terminal shows them.
    func publish(_ build: PreviewBuild, lines: (Diagnostic) -> String) {
        switch build.result {
        case .failure(let failure):
            let shown = failure.diagnostics.map(lines)
            problems = shown
            send(.problems(shown))
        case .success(let summary):
            if problems != nil {
                problems = nil
                send(.ok)
            }
            guard !summary.written.isEmpty || !summary.removed.isEmpty else { return }
            generation += 1
            send(build.isStylesheetOnly ? .css(version: version) : .reload(version: version))
        }
    }

    /// Pings every page, so that connections whose page has gone are noticed and closed.
    func ping() {
        send(.ping)
    }

    /// Ends every stream, so that the server can shut down without waiting for open pages.
    func finish() {
        isFinished = true
        for listener in listeners.values { listener.finish() }
        listeners.removeAll()
    }

    /// How many pages are listening.
    var listenerCount: Int { listeners.count }

    /// The version of the site as the pages last heard of it: a page served from a later
    /// build than this reloads once more, one served from an earlier build reloads when it connects.
    var version: String { "\(instance)-\(generation)" }
}

private extension ReloadBroadcaster {
    func send(_ event: ReloadEvent) {
        for listener in listeners.values { listener.yield(event) }
    }

    func remove(_ id: Int) {
        listeners[id] = nil
    }
}
