import ArgumentParser
import BakeIO
import BakeKit
import BakeLinks
import Foundation
import LinkCheck

/// `bake-bench`: generate a deterministic blog and time `bake` on it.
///
/// ```
/// swift build -c release && .build/release/bake-bench --posts 10000
/// ```
@main
struct BakeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time bake on a generated blog: full, no-op, one-edit and one-add builds, and a link check.",
        subcommands: [Run.self, Photos.self, Generate.self, Once.self],
        defaultSubcommand: Run.self
    )
}

extension BakeBench {
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write a generated blog.")

        @Option(help: "How many posts.") var posts = 10_000
        @Option(help: "The random seed.") var seed: UInt64 = 1
        @Flag(inversion: .prefixedNo, help: "Highlight code, as bake does unless told not to (--no-highlight writes @highlight false).")
        var highlight = true
        @Argument(help: "The folder to write the blog into (must not exist).") var folder: String

        func validate() throws {
            guard posts >= 1 else { throw ValidationError("--posts \(posts): expected at least 1") }
        }

        func run() throws {
            guard !FileIO.exists(folder) else { throw ValidationError("\(folder) exists; expected a new folder") }
            try CorpusGenerator(posts: posts, seed: seed, highlight: highlight).write(to: folder)
            print("Wrote \(posts) posts to \(folder)")
        }
    }

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Generate a blog (once) and time bake on it.")

        @Option(help: "How many posts.") var posts = 10_000
        @Option(help: "The random seed.") var seed: UInt64 = 1
        @Option(help: "Runs per scenario; the table shows the median.") var runs = 5
        @Option(help: "Work folder; use tmpfs so disk noise does not drown the signal.") var work = "/dev/shm/bake-bench"
        @Option(help: "A bake binary to time (default: bake-bench's own build, which runs the same SiteBuilder without the CLI).") var bake: String?
        @Flag(inversion: .prefixedNo, help: "Highlight code, as bake does unless told not to (--no-highlight: a blog with @highlight false).")
        var highlight = true
        @Flag(help: "Time the same blog with @search true too (Pagefind must be installed), and print both.")
        var search = false

        func validate() throws {
            guard posts >= 1 else { throw ValidationError("--posts \(posts): expected at least 1") }
            guard runs >= 1 else { throw ValidationError("--runs \(runs): expected at least 1") }
        }

        func run() async throws {
            let me = Program.runningExecutable
            let command = bake.map { [$0, "build"] } ?? [me, "once"]
            guard FileIO.exists(command[0]) else { throw BenchError.setUp("no bake binary at \(command[0])") }
            // Named for the generator's version too (code blocks of three languages since v2), so
            // that a blog left by an older bake-bench is not timed as this one's.
            let name = "v2-\(posts)-\(seed)\(highlight ? "" : "-no-highlight")"
            let blog = "\(work)/blog-\(name)"
            let output = "\(work)/site-\(name)"
            if !FileIO.exists(blog + "/site.settings") {
                try? FileManager.default.removeItem(atPath: blog)
                print("Generating \(posts) posts in \(blog)…")
                try CorpusGenerator(posts: posts, seed: seed, highlight: highlight).write(to: blog)
            }
            var rows = try await scenarios(blog: blog, output: output, command: command, me: me, label: "")
            if search {
                let searchBlog = blog + "-search"
                if !FileIO.exists(searchBlog + "/site.settings") {
                    try? FileManager.default.removeItem(atPath: searchBlog)
                    print("Generating \(posts) posts with @search true in \(searchBlog)…")
                    try CorpusGenerator(posts: posts, seed: seed, highlight: highlight).write(to: searchBlog)
                    let settings = try FileIO.read(searchBlog + "/site.settings")
                    try FileIO.writeAtomically(settings + Array("@search true\n".utf8), to: searchBlog + "/site.settings", durable: false)
                }
                rows += try await scenarios(blog: searchBlog, output: output + "-search", command: command, me: me, label: "with search: ")
            }

            print("")
            print("bake on \(posts) generated posts (seed \(seed)), highlighting \(highlight ? "on" : "off"), \(ProcessInfo.processInfo.activeProcessorCount) cores, median of \(runs) runs, output on \(work)")
            print(Row.header)
            for row in rows { print(row.line) }
        }

        /// Every scenario on one blog, each row named with `label` first.
        func scenarios(blog: String, output: String, command: [String], me: String, label: String) async throws -> [Row] {
            let runner = BakeRunner(command: command, blog: blog, output: output)
            var rows: [Row] = []

            var full: [Measurement] = []
            for _ in 0..<runs {
                try runner.removeOutputAndCache()
                full.append(try runner.measure())
            }
            rows.append(Row(name: label + "full (clean, empty output)", samples: full))

            rows.append(Row(name: label + "no-op", samples: try (0..<runs).map { _ in try runner.measure() }))

            // `bake check`: a no-op build, then every link of the site. The generated posts link
            // to pages that do not exist (`/word.html`), so it reports thousands.
            let checkCommand = bake.map { [$0, "check"] } ?? [me, "once", "--check"]
            let checker = BakeRunner(command: checkCommand, blog: blog, output: output, succeeding: [0, 1])
            if label.isEmpty {
                rows.append(Row(name: "check (no-op build, links)", samples: try (0..<runs).map { _ in try checker.measure() }))
            }

            let postPaths = try FileTree.scan(blog + "/posts").map(\.path)
            guard let newest = postPaths.max(), let oldest = postPaths.min() else { throw BenchError.setUp("\(blog)/posts has no posts; expected a generated blog") }
            let original = try FileIO.read(blog + "/posts/" + newest)
            let oldOriginal = try FileIO.read(blog + "/posts/" + oldest)
            var edits: [Measurement] = []
            for run in 0..<runs {
                // Alternate between a recent post (home page and feeds change) and an old one.
                let (path, bytes) = run % 2 == 0 ? (newest, original) : (oldest, oldOriginal)
                try FileIO.writeAtomically(bytes + Array("\nEdited in run \(run).\n".utf8), to: blog + "/posts/" + path, durable: false)
                edits.append(try runner.measure())
            }
            try FileIO.writeAtomically(original, to: blog + "/posts/" + newest, durable: false)
            try FileIO.writeAtomically(oldOriginal, to: blog + "/posts/" + oldest, durable: false)
            _ = try runner.measure()
            rows.append(Row(name: label + "one post edited", samples: edits))

            var adds: [Measurement] = []
            let folder = FileIO.parent(of: newest)
            for run in 0..<runs {
                let path = "\(blog)/posts/\(folder)/bench-added-\(run).markdown"
                let text = "@title Added in run \(run)\n@pubDate \(folder.replacingOccurrences(of: "/", with: "-")) 23:59:00 -0800\n\nA new post, *added* by the benchmark.\n"
                try FileIO.writeAtomically(Array(text.utf8), to: path, durable: false)
                adds.append(try runner.measure())
                try FileIO.remove(path)
                _ = try runner.measure()
            }
            rows.append(Row(name: label + "one post added", samples: adds))

            // As `bake preview` rebuilds: in one process that keeps what the last build parsed,
            // told which file changed, as its watcher tells it. Timed in this process, so there
            // is no start-up in the figure.
            let memory = BuildMemory()
            func build(changed: [String]? = nil) async throws -> BuildSummary {
                do {
                    let options = BuildOptions(configuration: .load(BlogFolder(root: blog), overrides: .init(output: output)), now: Timestamp(Date()),
                                               changedPaths: changed, search: .whenPagesChangeIfInstalled)
                    return try await SiteBuilder(options: options, memory: memory).build()
                } catch {
                    throw BenchError.bakeFailed("\(error)")
                }
            }
            _ = try await build()
            var previewEdits: [Measurement] = []
            for run in 0..<runs {
                let (path, bytes) = run % 2 == 0 ? (newest, original) : (oldest, oldOriginal)
                try FileIO.writeAtomically(bytes + Array("\nEdited in process, run \(run).\n".utf8), to: blog + "/posts/" + path, durable: false)
                let cpuBefore = BakeRunner.ownCPUSeconds()
                let start = ContinuousClock.now
                let summary = try await build(changed: ["posts/" + path])
                let wall = ContinuousClock.now - start
                previewEdits.append(Measurement(
                    wall: wall.inSeconds,
                    cpu: BakeRunner.ownCPUSeconds() - cpuBefore, peakRSSMegabytes: BakeRunner.ownPeakRSSMegabytes(),
                    written: summary.written.count
                ))
            }
            try FileIO.writeAtomically(original, to: blog + "/posts/" + newest, durable: false)
            try FileIO.writeAtomically(oldOriginal, to: blog + "/posts/" + oldest, durable: false)
            _ = try await build()
            rows.append(Row(name: label + "one edit, in preview", samples: previewEdits))
            return rows
        }
    }
}

extension BakeBench {
    /// One build in this process, printing bake's summary line; what `run` times by default.
    struct Once: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Bake once (used by run).", shouldDisplay: false)

        @Argument var blog: String
        @Option var output: String
        @Flag var clean = false
        @Flag(help: "Check every link of the site after the build, as `bake check` does.") var check = false

        func run() async throws {
            let options = BuildOptions(blog: BlogFolder(root: blog), output: output, clean: clean, now: Timestamp(Date()))
            do {
                // As `bake build` does: the parsed posts are kept to the end, not freed.
                let memory = BuildMemory()
                let builder = SiteBuilder(options: options, memory: memory)
                let summary: BuildSummary
                var site: BuiltSite?
                if check {
                    let result = try await builder.buildSite()
                    (summary, site) = (result.summary, result.site)
                } else {
                    summary = try await builder.build()
                }
                _ = Unmanaged.passRetained(memory)
                print("Baked \(summary.posts) posts and \(summary.pages) pages: \(summary.written.count) written, \(summary.unchanged) unchanged, \(summary.removed.count) removed")
                if let site {
                    let start = ContinuousClock.now
                    let report = try await LinkChecker(options: options, site: site).check()
                    let elapsed = ContinuousClock.now - start
                    print(report.summary(seconds: elapsed.inSeconds))
                }
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode.failure
            }
        }
    }
}
