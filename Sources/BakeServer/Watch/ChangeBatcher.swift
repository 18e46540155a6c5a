/// Gathers changed paths until the files go quiet, so that an editor's save, or a
/// `git checkout` touching 500 files, causes one rebuild rather than hundreds.
///
/// After the first change it waits until `quietPeriod` passes with no new change, but no
/// longer than `maximumDelay` in all. Changes that arrive during a rebuild form the next batch.
///
/// ```swift
/// let batcher = ChangeBatcher(quietPeriod: .milliseconds(80), maximumDelay: .seconds(1), clock: ContinuousClock())
/// for await _ in batcher.signals {
///     let paths = try await batcher.settled()
///     if !paths.isEmpty { await rebuild(paths) }
/// }
/// ```
actor ChangeBatcher<C: Clock> where C.Duration == Duration {
    /// One element after each `add`, at most one waiting; ends with `finish()`.
    nonisolated let signals: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation
    private let quietPeriod: Duration
    private let maximumDelay: Duration
    /// The time the periods are measured in; tests pass one they move by hand.
    private let clock: C
    private var pending: [String] = []
    private var pendingSet: Set<String> = []
    private var firstChange: C.Instant?
    private var lastChange: C.Instant?

    init(quietPeriod: Duration, maximumDelay: Duration, clock: C) {
        (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.quietPeriod = quietPeriod
        self.maximumDelay = maximumDelay
        self.clock = clock
    }

    /// Adds changed paths to the batch.
    func add(_ paths: [String]) {
        let now = clock.now
        if firstChange == nil { firstChange = now }
        lastChange = now
        for path in paths where pendingSet.insert(path).inserted {
            pending.append(path)
        }
        signal.yield()
    }

    /// Ends `signals` once the pending batch has been taken.
    func finish() {
        signal.finish()
    }

    /// Waits until the files have been quiet for `quietPeriod`, or `maximumDelay` has passed
    /// since the first change, then takes the batch (empty if another caller took it).
    func settled() async throws -> [String] {
        while let first = firstChange, let last = lastChange {
            let wake = min(last.advanced(by: quietPeriod), first.advanced(by: maximumDelay))
            if clock.now >= wake { break }
            try await clock.sleep(until: wake, tolerance: nil)
        }
        let batch = pending
        pending = []
        pendingSet = []
        firstChange = nil
        lastChange = nil
        return batch
    }
}
