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
    /// Bakes the site.
    typealias Bake = @Sendable () async throws(BuildFailure) -> Void
    /// Publishes the baked site.
    typealias Publish = @Sendable () async throws(DeployError) -> DeploySummary

    private let tree: BlogTree
    private let git: GitRepository?
    private let bake: Bake
    private let publish: Publish?
    private let report: @Sendable (MetaWeblogEvent) -> Void
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private var pending: [Job] = []
    private var isOpen = true

    /// - Parameters:
    ///   - git: The repository to commit every change to, or nil.
    ///   - publish: Run after every successful bake, or nil.
    ///   - report: Told of every change saved, every failed bake, and every deploy.
    init(tree: BlogTree, git: GitRepository?, bake: @escaping Bake, publish: Publish? = nil, report: @escaping @Sendable (MetaWeblogEvent) -> Void) {
        self.tree = tree
        self.git = git
        self.bake = bake
        self.publish = publish
        self.report = report
        (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Queues a change, and returns its value once it is saved, committed and baked (or the
    /// bake failed, which is reported, not thrown).
    ///
    /// `work` runs on the writer, alone: it may read and change the tree freely.
    func perform<Value: Sendable>(
        _ work: @escaping @Sendable (BlogTree) throws(MetaWeblogError) -> TreeChange<Value>
    ) async throws(MetaWeblogError) -> Value {
        guard isOpen else { throw MetaWeblogError(.shuttingDown) }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, MetaWeblogError>, Never>) in
            pending.append(Job { tree in
                do throws(MetaWeblogError) {
                    let change = try work(tree)
                    return Job.Applied(record: change.record) { failure in
                        continuation.resume(returning: failure.map { .failure($0) } ?? .success(change.value))
                    }
                } catch {
                    return Job.Applied(record: nil) { _ in continuation.resume(returning: .failure(error)) }
                }
            })
            wake.yield()
        }
        return try result.get()
    }

    /// Applies changes as they come, until graceful shutdown; then finishes those queued.
    func run() async {
        await withTaskCancellationOrGracefulShutdownHandler {
            for await _ in wakeups {
                await drain()
            }
        } onCancelOrGracefulShutdown: { [wake] in
            wake.finish()
        }
        isOpen = false
        await drain()
    }
}

private extension BlogWriter {
    /// One queued change.
    struct Job: Sendable {
        /// A change applied to the tree, waiting for the bake.
        struct Applied: Sendable {
            /// What changed, or nil when nothing did or the change failed.
            let record: ChangeRecord?
            /// Resumes the caller: nil when all went well, else the fault.
            let finish: @Sendable (MetaWeblogError?) -> Void
        }

        let apply: @Sendable (BlogTree) -> Applied
    }

    /// Applies every queued change, commits each, bakes once, and then answers the callers.
    func drain() async {
        while !pending.isEmpty {
            let batch = pending
            pending.removeAll()
            var applied: [(Job.Applied, MetaWeblogError?)] = []
            for job in batch {
                let result = job.apply(tree)
                var failure: MetaWeblogError?
                if let record = result.record {
                    report(.saved(record.message))
                    if let git {
                        do {
                            try await git.commit(record)
                        } catch {
                            failure = MetaWeblogError(.commitFailed(saved: record.saved, output: error.message))
                        }
                    }
                }
                applied.append((result, failure))
            }
            // A change on disk is answered as saved even when the bake fails: a fault would
            // make the editor send it again. The failure goes to the log. A failed publish is
            // a fault ("saved, but not published"), as the editor's user must know.
            var baked = true
            var notPublished: DeployError?
            if applied.contains(where: { $0.0.record != nil }) {
                do {
                    try await bake()
                } catch {
                    baked = false
                    report(.siteNotRebuilt(error))
                }
                if baked, let publish {
                    do {
                        report(.published(try await publish()))
                    } catch {
                        notPublished = error
                        report(.notPublished(error))
                    }
                }
            }
            for (result, failure) in applied {
                if let failure {
                    result.finish(failure)
                } else if let notPublished, let record = result.record {
                    result.finish(MetaWeblogError(.notPublished(saved: record.saved, error: notPublished)))
                } else {
                    result.finish(nil)
                }
            }
        }
    }
}
