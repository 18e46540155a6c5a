import BakeIO
import BakeKit
import ServiceLifecycle

/// The one writer of the blog: applies changes one at a time, commits each to git when the
/// blog asks for it, re-bakes the site, and publishes it when asked to.
///
/// Changes queue up while a re-bake runs; the next round applies them all, in order, and
/// then bakes once. No file of the tree changes while a bake reads it. A change that was
/// saved is answered as saved even when the bake fails, which is reported as
/// `MetaWeblogEvent.siteNotRebuilt`; when it was baked but could not be published, its
/// caller gets a fault saying so (the change stays saved).
///
/// A saved change that git cannot commit (a Git GUI holds `.git/index.lock`) is answered as
/// saved too, since a fault would make the editor send it again, and reported as
/// `MetaWeblogEvent.notCommitted`. It stays on the list of changes git has yet to commit
/// (`UncommittedChanges`, kept in the git folder before each commit, so a shim killed before
/// it commits finds it when started again), and the writer tries the commit again by itself,
/// after `firstCommitRetry` (1 s), then twice as long each time up to `longestCommitRetry`, until git takes it
/// (`MetaWeblogEvent.committedLater`); a change that comes first commits it with its own. The
/// editor was answered `201` and will never send it again, so nothing else would.
///
/// Posts dated in the future go live on their own: each bake says when the next one is due
/// (`BuildSummary.nextScheduled`), and when the clock reaches it the writer bakes again
/// without a request, and publishes (with `--deploy` or `@deploy_on_post`) when the site
/// changed. A post that came due while the shim was stopped is baked at start.
///
/// With `@search true`, the editors are answered once the pages are written, and Pagefind
/// indexes the changed pages after: `MetaWeblogEvent.searchIndexed` says when the index
/// followed. A change that is published waits for the index instead, so that the published
/// site searches what it shows. The index is made before the next change is applied.
///
/// After a publish, once the editors have their answers, the web is told (`announce`): the
/// webmentions the posts owe and the WebSub hub's ping.
///
/// It runs as a service under the server's `ServiceGroup`, after the HTTP server has
/// stopped taking calls, so that the changes already queued are finished on shutdown.
///
/// ```swift
/// let postID = try await writer.perform { tree throws(MetaWeblogError) in
///     try tree.write(post)
///     return TreeChange(value: post.id.path, record: ChangeRecord(saved: post.path, paths: [post.path], message: "editPost: \(post.path)"))
/// }
/// ```
actor BlogWriter: Service {
    /// Bakes the site; with `@search true`, returns once the pages are written, with the
    /// search index still to make (`SiteBuilder.buildLeavingTheIndex()`).
    typealias Bake = @Sendable () async throws(BuildFailure) -> (summary: BuildSummary, index: SearchFollowUp?)
    /// Publishes the baked site.
    typealias Publish = @Sendable () async throws(DeployError) -> DeploySummary
    /// Tells the web of a publish (webmentions, WebSub), once the callers have their answers.
    typealias Announce = @Sendable (DeploySummary) async -> Void

    private let tree: BlogTree
    private let git: GitRepository?
    private let bake: Bake
    private let publish: Publish?
    private let announce: Announce?
    private let report: @Sendable (MetaWeblogEvent) -> Void
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let clock: any WallClock
    /// When the next post dated in the future is due, as each bake says; nil for none.
    private let schedule: AsyncStream<Timestamp?>
    private let reschedule: AsyncStream<Timestamp?>.Continuation
    /// The time of a scheduled post came: bake, though nothing was asked.
    private var scheduledBakeDue = false
    private var pending: [Job] = []
    private var isOpen = true
    /// The saved changes git has yet to commit, oldest first, as `git.uncommitted` lists them.
    private var uncommitted: [ChangeRecord] = []
    /// The wait before the commit of `uncommitted` is tried again, when one is set.
    private var commitRetry: Task<Void, Never>?
    /// The first wait before a commit git refused is tried again.
    private let firstCommitRetry: Duration
    /// How long the next retry waits: doubled by each, back to the first after a commit.
    private var commitRetryDelay: Duration
    /// The wait for a retry ended: try the commit again.
    private var commitRetryDue = false

    /// The longest wait between two tries, so that a commit follows soon after git is free.
    static let longestCommitRetry: Duration = .seconds(15)

    /// - Parameters:
    ///   - git: The repository to commit every change to, or nil.
    ///   - publish: Run after every successful bake, or nil.
    ///   - report: Told of every change saved, every failed bake, and every deploy.
    ///   - clock: What the scheduled posts wait on.
    ///   - firstScheduled: When the next post dated in the future is due, as the last bake
    ///     (before the shim started) recorded it.
    ///   - firstCommitRetry: How long after git refused a commit it is tried again.
    init(
        tree: BlogTree, git: GitRepository?, bake: @escaping Bake, publish: Publish? = nil, announce: Announce? = nil,
        clock: any WallClock = SystemWallClock(), firstScheduled: Timestamp? = nil, firstCommitRetry: Duration = .seconds(1),
        report: @escaping @Sendable (MetaWeblogEvent) -> Void
    ) {
        self.firstCommitRetry = firstCommitRetry
        commitRetryDelay = firstCommitRetry
        self.tree = tree
        self.git = git
        self.bake = bake
        self.publish = publish
        self.announce = announce
        self.report = report
        self.clock = clock
        (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        (schedule, reschedule) = AsyncStream.makeStream(of: Timestamp?.self, bufferingPolicy: .bufferingNewest(1))
        reschedule.yield(firstScheduled)
    }

    /// Queues a change, and returns its value once it is saved, committed and baked (or the
    /// bake failed, which is reported, not thrown).
    ///
    /// `work` runs on the writer, alone: it may read and change the tree freely.
    func perform<Value: Sendable>(
        _ work: @escaping @Sendable (BlogTree) throws(MetaWeblogError) -> TreeChange<Value>
    ) async throws(MetaWeblogError) -> Value {
        try await performTelling(work).value
    }

    /// `perform`, with what the bake warned of: a picture it cannot read, which the site is
    /// published past, names its file there, for the answer to tell the editor.
    func performTelling<Value: Sendable>(
        _ work: @escaping @Sendable (BlogTree) throws(MetaWeblogError) -> TreeChange<Value>
    ) async throws(MetaWeblogError) -> Baked<Value> {
        guard isOpen else { throw MetaWeblogError(.shuttingDown) }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Baked<Value>, MetaWeblogError>, Never>) in
            pending.append(Job { tree in
                do throws(MetaWeblogError) {
                    let change = try work(tree)
                    return Job.Applied(record: change.record) { failure, warnings in
                        continuation.resume(returning: failure.map { .failure($0) } ?? .success(Baked(value: change.value, warnings: warnings)))
                    }
                } catch {
                    return Job.Applied(record: nil) { _, _ in continuation.resume(returning: .failure(error)) }
                }
            })
            wake.yield()
        }
        return try result.get()
    }

    /// Applies changes as they come, until graceful shutdown; then finishes those queued.
    /// First reads the changes that git had yet to commit when the shim last stopped.
    func run() async {
        loadUncommitted()
        async let following: Void = followSchedule()
        await withTaskCancellationOrGracefulShutdownHandler {
            for await _ in wakeups {
                await drain()
            }
        } onCancelOrGracefulShutdown: { [wake, reschedule] in
            wake.finish()
            reschedule.finish()
        }
        reschedule.finish()
        await following
        isOpen = false
        commitRetry?.cancel()
        commitRetry = nil
        // One last try for what git has yet to commit; what still fails waits for the next start.
        commitRetryDue = !uncommitted.isEmpty
        await drain()
    }
}

/// A change's value, once saved and baked, with what the bake warned of.
struct Baked<Value: Sendable>: Sendable {
    let value: Value
    /// The bake's warnings (`BuildSummary.warnings`); empty when it failed or had none.
    let warnings: [Diagnostic]
}

private extension BlogWriter {
    /// One queued change.
    struct Job: Sendable {
        /// A change applied to the tree, waiting for the bake.
        struct Applied: Sendable {
            /// What changed, or nil when nothing did or the change failed.
            let record: ChangeRecord?
            /// Resumes the caller: nil when all went well, else the fault; with the bake's warnings.
            let finish: @Sendable (MetaWeblogError?, [Diagnostic]) -> Void
        }

        let apply: @Sendable (BlogTree) -> Applied
    }

    /// Waits for the time of the next scheduled post, as the last bake said it; a newer
    /// bake's word replaces the wait. Ends when the writer stops.
    nonisolated func followSchedule() async {
        var waiting: Task<Void, Never>?
        for await next in schedule {
            waiting?.cancel()
            guard let next else { continue }
            waiting = Task { [clock] in
                do {
                    try await clock.sleep(until: next)
                } catch {
                    return
                }
                await self.scheduledTimeCame()
            }
        }
        waiting?.cancel()
    }

    func scheduledTimeCame() {
        scheduledBakeDue = true
        wake.yield()
    }

    /// Applies every queued change, commits each, bakes once, and then answers the callers.
    /// Bakes too when a scheduled post's time came, and then publishes only if the site changed.
    func drain() async {
        while !pending.isEmpty || scheduledBakeDue || commitRetryDue {
            if commitRetryDue {
                commitRetryDue = false
                // A change in this round commits what waits with its own.
                if pending.isEmpty, let git { await retryCommit(git) }
            }
            let scheduled = scheduledBakeDue
            scheduledBakeDue = false
            let batch = pending
            pending.removeAll()
            var applied: [Job.Applied] = []
            for job in batch {
                let result = job.apply(tree)
                if let record = result.record {
                    report(.saved(record.message))
                    if let git {
                        await commit(record, to: git)
                    }
                }
                applied.append(result)
            }
            // A change on disk is answered as saved even when the commit or the bake fails: a
            // fault would make the editor send it again. The failure goes to the log. A failed
            // publish is a fault ("saved, but not published"), as the editor's user must know.
            var baked = true
            var notPublished: DeployError?
            var published: DeploySummary?
            var index: SearchFollowUp?
            var warnings: [Diagnostic] = []
            let changed = applied.contains(where: { $0.record != nil })
            if changed || scheduled {
                var siteChanged = false
                do {
                    let summary: BuildSummary
                    (summary, index) = try await bake()
                    siteChanged = !summary.written.isEmpty || !summary.removed.isEmpty
                    warnings = summary.warnings
                    if !warnings.isEmpty { report(.bakeWarnings(warnings)) }
                    reschedule.yield(summary.nextScheduled)
                    if scheduled, !changed {
                        report(.scheduledBake(written: summary.written.count, removed: summary.removed.count))
                    }
                } catch {
                    baked = false
                    report(.siteNotRebuilt(error))
                }
                if baked, changed || siteChanged, let publish {
                    // The site is published with its index.
                    if let pending = index {
                        index = nil
                        await makeIndex(pending, answered: nil)
                    }
                    do {
                        let summary = try await publish()
                        published = summary
                        report(.published(summary))
                    } catch {
                        notPublished = error
                        report(.notPublished(error))
                    }
                }
            }
            for result in applied {
                if let notPublished, let record = result.record {
                    result.finish(MetaWeblogError(.notPublished(saved: record.saved, error: notPublished)), warnings)
                } else {
                    result.finish(nil, warnings)
                }
            }
            if let index {
                // A scheduled bake answers nobody.
                await makeIndex(index, answered: applied.isEmpty ? nil : ContinuousClock.now)
            }
            if let published, let announce {
                await announce(published)
            }
        }
    }

    /// Makes the search index a bake left, and says so: with how long after the answer
    /// (`answered`) it was done, when the editors were answered first.
    func makeIndex(_ index: SearchFollowUp, answered: ContinuousClock.Instant?) async {
        do {
            let done = try await index.run()
            // When no bundle had to be made again, only the bake's state was recorded.
            if !done.bundles.isEmpty {
                report(.searchIndexed(bundles: done.bundles, pages: done.pages ?? 0, afterTheAnswer: answered.map { ContinuousClock.now - $0 }))
            }
        } catch {
            report(.searchNotIndexed(error))
        }
    }

    /// Commits `record` with the changes git could not commit before it; when git fails, the
    /// change waits for the next commit.
    func commit(_ record: ChangeRecord, to git: GitRepository) async {
        guard !record.paths.isEmpty else { return }
        let earlier = uncommitted
        uncommitted.append(record)
        saveUncommitted(git)
        do {
            let included = try await git.commit(record, with: earlier)
            committed(git)
            if !included.isEmpty {
                report(.committedEarlier(included.map(\.saved), with: record.saved))
            }
        } catch {
            report(.notCommitted(saved: record.saved, error: error, waiting: earlier.map(\.saved)))
            scheduleCommitRetry()
        }
    }

    /// Commits the changes git could not commit, with no new change; when git still refuses,
    /// waits longer and tries again.
    func retryCommit(_ git: GitRepository) async {
        guard let last = uncommitted.last else { return }
        let saved = uncommitted.map(\.saved)
        do {
            try await git.commit(last, with: Array(uncommitted.dropLast()))
            committed(git)
            report(.committedLater(saved))
        } catch {
            scheduleCommitRetry()
        }
    }

    /// Nothing waits for git any more: the list is emptied, and the back-off starts over.
    func committed(_ git: GitRepository) {
        uncommitted.removeAll()
        saveUncommitted(git)
        commitRetry?.cancel()
        commitRetry = nil
        commitRetryDelay = firstCommitRetry
    }

    /// Tries the commit of what waits again after the current delay, which then doubles.
    func scheduleCommitRetry() {
        guard isOpen, commitRetry == nil, !uncommitted.isEmpty else { return }
        let delay = commitRetryDelay
        commitRetryDelay = max(min(commitRetryDelay * 2, Self.longestCommitRetry), delay)
        commitRetry = Task {
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
            await self.commitRetryCame()
        }
    }

    func commitRetryCame() {
        commitRetry = nil
        commitRetryDue = true
        wake.yield()
    }

    func loadUncommitted() {
        guard let git else { return }
        do {
            uncommitted = try git.uncommitted.load()
        } catch {
            report(.uncommittedListFailed(error))
        }
        if !uncommitted.isEmpty {
            report(.uncommittedAtStart(uncommitted.map(\.saved)))
            // Tried at once, not only with the next change.
            commitRetryDue = true
            wake.yield()
        }
    }

    func saveUncommitted(_ git: GitRepository) {
        do {
            try git.uncommitted.save(uncommitted)
        } catch {
            report(.uncommittedListFailed(error))
        }
    }
}
