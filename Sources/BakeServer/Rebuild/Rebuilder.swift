import BakeIO
import BakeKit
import Foundation
import ServiceLifecycle

/// Preview's build loop, run as a service: a build for each settled batch of changes,
/// each reported to the caller and to the open pages.
///
/// When a post dated in the future comes due (each build says when the next one does), the
/// site is built again without a change, so the post appears as it will on the published site.
///
/// Each build calls `SiteBuilder`, which rewrites only files whose bytes changed, while
/// holding `ServedSite` alone. A failed build writes nothing, so the last good site stays
/// served while the pages show the problems. On graceful shutdown the loop stops and every
/// live-reload stream ends, so the server does not wait on open pages.
final class Rebuilder: Service {
    private let options: PreviewOptions
    private let output: String
    private let changes: AsyncStream<[String]>
    private let site: ServedSite
    private let broadcaster: ReloadBroadcaster
    private let lines: @Sendable (Diagnostic) -> String
    private let report: @Sendable (PreviewEvent) -> Void
    /// What the last build parsed, so the next one starts from it.
    private let memory = BuildMemory()
    /// When the next post dated in the future is due, as each build says; nil for none.
    private let schedule: AsyncStream<Timestamp?>
    private let reschedule: AsyncStream<Timestamp?>.Continuation

    /// - Parameters:
    ///   - changes: The watcher's stream, started before the first build so that nothing saved during it is missed.
    ///   - lines: How a problem is shown to the pages.
    init(
        options: PreviewOptions, output: String, changes: AsyncStream<[String]>, site: ServedSite,
        broadcaster: ReloadBroadcaster, lines: @escaping @Sendable (Diagnostic) -> String,
        report: @escaping @Sendable (PreviewEvent) -> Void
    ) {
        self.options = options
        self.output = output
        self.changes = changes
        self.site = site
        self.broadcaster = broadcaster
        self.lines = lines
        self.report = report
        (schedule, reschedule) = AsyncStream.makeStream(of: Timestamp?.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Builds the site once, with the folder to itself, and tells everyone how it went.
    func build(changes: [String]) async {
        let started = ContinuousClock.now
        // The settings are read again for every build, as `bake build` would read them now.
        let configuration = options.configuration.reloaded()
        // The watcher names what changed, so the build looks at that instead of walking the
        // trees again; the first build walks.
        // Pagefind indexes the bundles a save changed before the pages reload: a request waits
        // while the folder is written, so indexing after the reload would hold the page back
        // all the same. Without Pagefind, the build goes on with a warning, and search shows
        // the last index.
        let buildOptions = BuildOptions(configuration: configuration, marksUnpublished: true, now: options.wallClock.now(),
                                        changedPaths: changes.isEmpty ? nil : changes, search: .whenPagesChangeIfInstalled)
        let memory = self.memory
        let result: Result<BuildSummary, BuildFailure> = await site.writing {
            do throws(BuildFailure) {
                let summary = try await SiteBuilder(options: buildOptions, memory: memory).build()
                return (.success(summary), basePath: configuration.basePath)
            } catch {
                return (.failure(error), basePath: nil)
            }
        }
        if case .success(let summary) = result { reschedule.yield(summary.nextScheduled) }
        let build = PreviewBuild(changes: changes, result: result, duration: ContinuousClock.now - started, finished: Date())
        // Reported before the pages hear of it, so whoever a page wakes sees it logged.
        report(.built(build))
        await broadcaster.publish(build, lines: lines)
    }

    func run() async throws {
        await run(clock: options.clock)
        await broadcaster.finish()
    }
}

private extension Rebuilder {
    func run<C: Clock>(clock: C) async where C.Duration == Duration {
        let batcher = ChangeBatcher(quietPeriod: options.quietPeriod, maximumDelay: options.maximumDelay, clock: clock)
        let changes = self.changes
        let broadcaster = self.broadcaster
        let report = self.report
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await paths in changes.cancelOnGracefulShutdown() {
                    await batcher.add(paths)
                    report(.noticed(paths))
                }
                await batcher.finish()
            }
            group.addTask {
                while (try? await Task.sleep(for: .seconds(15))) != nil {
                    await broadcaster.ping()
                }
            }
            group.addTask { await self.followSchedule() }
            // The loop ends when the watcher's stream ends: on shutdown, or if the watcher fails.
            for await _ in batcher.signals {
                guard let batch = try? await batcher.settled(), !Task.isShuttingDownGracefully else { break }
                if !batch.isEmpty { await build(changes: existingFirst(batch)) }
            }
            group.cancelAll()
        }
    }

    /// Waits for the time of the next scheduled post, as the last build said it, and builds
    /// then; a newer build's word replaces the wait. Ends when its task is cancelled.
    func followSchedule() async {
        var waiting: Task<Void, Never>?
        for await next in schedule {
            waiting?.cancel()
            guard let next else { continue }
            let clock = options.wallClock
            waiting = Task {
                guard (try? await clock.sleep(until: next)) != nil, !Task.isShuttingDownGracefully else { return }
                await self.build(changes: [])
            }
        }
        waiting?.cancel()
    }

    /// The paths that still exist first, so that the report names the saved file rather than
    /// a temp file the editor renamed away.
    func existingFirst(_ paths: [String]) -> [String] {
        let blog = options.blog
        let exists = paths.map { FileIO.exists($0.hasPrefix("/") ? $0 : blog.path($0)) }
        return zip(paths, exists).filter(\.1).map(\.0) + zip(paths, exists).filter { !$0.1 }.map(\.0)
    }
}
