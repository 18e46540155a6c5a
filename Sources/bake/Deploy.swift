import ArgumentParser
import BakeCommandLine
import BakeIO
import BakeKit
import BakeLinks
import Foundation
import Synchronization

extension Bake {
    /// `bake deploy`: bake as `bake build` does, then publish the site with rsync.
    struct Deploy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bake the blog, then publish the site with rsync, or to a git branch.",
            discussion: """
            TARGET is a folder, user@host:path (rsync over ssh), rsync://host[:port]/module/path, \
            s3://BUCKET[/FOLDER][?endpoint=URL&region=NAME] (object storage, with rclone), or git+URL[#BRANCH] (a branch of a git repository, gh-pages by default: GitHub Pages, Codeberg Pages); \
            without --to, site.settings's @deploy_to (or @rsync_remote_path) names it. Only files bake \
            published to the target before and no longer makes are deleted there; nothing else is.
            """
        )

        @OptionGroup var blogOptions: BlogOptions

        @Option(name: .shortAndLong, help: "Where to write the site before publishing it (default: the blog's @output, else BLOG_DIR/site).")
        var output: String?

        @Flag(help: "Render every page again, ignoring what earlier builds recorded.")
        var clean = false

        @Flag(name: .shortAndLong, help: "List every file written, removed, sent and deleted.")
        var verbose = false

        @Option(name: .customLong("to"), help: ArgumentHelp("Where to publish (default: @deploy_to in site.settings).", valueName: "target"))
        var target: String?

        @Flag(help: "Show what would be sent and deleted, and change nothing on the target.")
        var dryRun = false

        func run() async throws {
            let terminal = Terminal()
            let cwd = FileManager.default.currentDirectoryPath
            let configuration = try blogOptions.configuration(output: output)
            let target: DeployTarget
            let rsync: Rsync
            do {
                if let text = self.target {
                    target = try DeployTarget(text, relativeTo: cwd)
                } else if configuration.problems.isEmpty {
                    target = try SiteDeployer(configuration: configuration, rsync: Rsync(executable: "rsync")).target
                } else {
                    // Unreadable settings: the build says what is wrong with them.
                    try await Build.bake(configuration, clean: clean, verbose: verbose, outcome: Self.notPublished, onceWritten: Self.nothingPublished)
                    throw DeployError(.noTarget)
                }
                // A git branch is published with git alone.
                rsync = try SiteDeployer.rsync(for: target)
            } catch let error as DeployError {
                Self.fail(error)
            }

            let options = try await Build.bake(configuration, clean: clean, verbose: verbose, outcome: Self.notPublished, onceWritten: Self.nothingPublished).options
            let start = ContinuousClock.now
            let summary: DeploySummary
            do {
                // rsync's lines come one at a time, from the one task that reads them.
                let count = ChangeCount()
                summary = try await SiteDeployer(blog: options.blog, output: options.output, target: target, rsync: rsync, siteURL: options.configuration.settings.url)
                    .deploy(dryRun: dryRun) { change in
                        terminal.show("\(dryRun ? "Checking" : "Publishing") \(count.next()): \(change.path)")
                    }
                terminal.clearProgress()
            } catch {
                terminal.clearProgress()
                Self.fail(error)
            }
            if dryRun || verbose {
                for path in summary.sent { terminal.say("  \(dryRun ? "send" : "sent") \(path)") }
                for path in summary.deleted { terminal.say("  \(dryRun ? "delete" : "deleted") \(path)") }
            }
            terminal.say(Self.summaryLine(summary, elapsed: ContinuousClock.now - start))
            guard !dryRun else { return }
            // Once the site is up: the webmentions its posts owe, and the WebSub hub's ping.
            let announced = await Announcer(configuration: options.configuration, curl: try? Curl.find(), now: options.now).announce(published: summary.sent)
            terminal.show(announced)
        }
    }
}

private extension Bake.Deploy {
    static let notPublished = "the site was not changed and nothing was published"
    static let nothingPublished = "nothing was published"

    static func fail(_ error: DeployError) -> Never {
        FileHandle.standardError.write(Data("bake: \(error.message)\n".utf8))
        Bake.exit(withError: ExitCode.failure)
    }

    /// E.g. `Published 4 files and deleted 1: 12345 bytes sent in 0.31 s → me@example.com:www`.
    static func summaryLine(_ summary: DeploySummary, elapsed: Duration) -> String {
        let seconds = elapsed.inSeconds
        let sent = "\(summary.sent.count) file\(summary.sent.count == 1 ? "" : "s")"
        let deleted = "\(summary.deleted.count)"
        if summary.dryRun {
            return "Dry run: would send \(sent) (\(summary.bytes) bytes) and delete \(deleted); nothing was changed → \(summary.target)"
        }
        return "Published \(sent) and deleted \(deleted): \(summary.bytes) bytes sent in \(String(format: "%.2f", seconds)) s → \(summary.target)"
    }
}

private extension RsyncReport.Change {
    var path: String {
        switch self {
        case .sent(let path), .deleted(let path): path
        }
    }
}

/// How many files rsync has reported so far.
private final class ChangeCount: Sendable {
    private let count = Mutex(0)

    /// Counts one more and returns the count.
    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
