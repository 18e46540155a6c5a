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
        @Option(help: ArgumentHelp(
            "A second bake binary to compare --bake with: the two are timed in turn, run by run, each on its own copy of the blog, and the ratio of each pair is printed.",
            valueName: "bake"
        ))
        var vs: String?

        func validate() throws {
            guard posts >= 1 else { throw ValidationError("--posts \(posts): expected at least 1") }
            guard runs >= 1 else { throw ValidationError("--runs \(runs): expected at least 1") }
            if vs != nil, bake == nil { throw ValidationError("--vs: expected --bake too, the binary to compare with it") }
        }

        /// A bake to time, and what it is called in the table.
        struct Target {
            /// "A" or "B" when two are compared, nil for one.
            let label: String?
            let build: [String]
            let check: [String]
        }

        /// A target with the blog and output folder it is timed on.
        struct Site {
            let target: Target
            let blog: String
            let output: String
        }

        func run() async throws {
            let me = Program.runningExecutable
            var targets = [Target(label: vs == nil ? nil : "A", build: bake.map { [$0, "build"] } ?? [me, "once"], check: bake.map { [$0, "check"] } ?? [me, "once", "--check"])]
            if let vs { targets.append(Target(label: "B", build: [vs, "build"], check: [vs, "check"])) }
            for target in targets where !FileIO.exists(target.build[0]) { throw BenchError.setUp("no bake binary at \(target.build[0])") }
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
            var groups = try await scenarios(sites(of: targets, blog: blog, output: output), label: "")
            if search {
                let searchBlog = blog + "-search"
                if !FileIO.exists(searchBlog + "/site.settings") {
                    try? FileManager.default.removeItem(atPath: searchBlog)
                    print("Generating \(posts) posts with @search true in \(searchBlog)…")
                    try CorpusGenerator(posts: posts, seed: seed, highlight: highlight).write(to: searchBlog)
                    let settings = try FileIO.read(searchBlog + "/site.settings")
                    try FileIO.writeAtomically(settings + Array("@search true\n".utf8), to: searchBlog + "/site.settings", durable: false)
                }
                groups += try await scenarios(sites(of: targets, blog: searchBlog, output: output + "-search"), label: "with search: ")
            }

            print("")
            print("bake on \(posts) generated posts (seed \(seed)), highlighting \(highlight ? "on" : "off"), \(ProcessInfo.processInfo.activeProcessorCount) cores, median of \(runs) runs, output on \(work)")
            if let bake, let vs { print("A is \(bake), B is \(vs), timed in turn: A then B in each run") }
            print(Row.header)
            for row in groups.joined() { print(row.line) }
            guard targets.count == 2 else { return }
            print("")
            print(Row.ratioHeader)
            for group in groups where group.count == 2 { print(Row.ratioLine(group[0], group[1])) }
        }

        /// Where each target is timed: the blog itself for one; for two, a copy each, made
        /// afresh, since a binary's identity is in every fingerprint and cache key.
        func sites(of targets: [Target], blog: String, output: String) throws -> [Site] {
            guard targets.count > 1 else { return targets.map { Site(target: $0, blog: blog, output: output) } }
            return try targets.map { target in
                let label = target.label ?? ""
                let copy = "\(blog)-\(label)"
                for folder in [copy, "\(output)-\(label)"] where FileIO.exists(folder) {
                    try FileManager.default.removeItem(atPath: folder)
                }
                try FileManager.default.copyItem(atPath: blog, toPath: copy)
                return Site(target: target, blog: copy, output: "\(output)-\(label)")
            }
        }

        /// Every scenario on one blog, each target's rows named with its label and `label`
        /// first, one group of rows per scenario. The targets take turns in every run.
        func scenarios(_ sites: [Site], label: String) async throws -> [[Row]] {
            let runners = sites.map { BakeRunner(command: $0.target.build, blog: $0.blog, output: $0.output) }
            var groups: [[Row]] = []

            /// Runs a scenario `runs` times, each target in turn in each run; `before` readies
            /// a target's blog for its run, `after` puts it back.
            func inTurn(_ scenario: String, runners: [BakeRunner], before: (_ run: Int, _ site: Int) throws -> Void = { _, _ in },
                        after: (_ run: Int, _ site: Int) throws -> Void = { _, _ in }) throws {
                var samples = Array(repeating: [Measurement](), count: runners.count)
                for run in 0..<runs {
                    for index in runners.indices {
                        try before(run, index)
                        samples[index].append(try runners[index].measure())
                        try after(run, index)
                    }
                }
                groups.append(sites.indices.map { index in
                    Row(name: (sites[index].target.label.map { "\($0): " } ?? "") + label + scenario, samples: samples[index])
                })
            }

            try inTurn("full (clean, empty output)", runners: runners, before: { _, index in try runners[index].removeOutputAndCache() })
            try inTurn("no-op", runners: runners)

            // `bake check`: a no-op build, then every link of the site. The generated posts link
            // to pages that do not exist (`/word.html`), so it reports thousands.
            if label.isEmpty {
                let checkers = sites.map { BakeRunner(command: $0.target.check, blog: $0.blog, output: $0.output, succeeding: [0, 1]) }
                try inTurn("check (no-op build, links)", runners: checkers)
            }

            let postPaths = try FileTree.scan(sites[0].blog + "/posts").map(\.path)
            guard let newest = postPaths.max(), let oldest = postPaths.min() else { throw BenchError.setUp("\(sites[0].blog)/posts has no posts; expected a generated blog") }
            let original = try FileIO.read(sites[0].blog + "/posts/" + newest)
            let oldOriginal = try FileIO.read(sites[0].blog + "/posts/" + oldest)
            func restore(_ index: Int) throws {
                try FileIO.writeAtomically(original, to: sites[index].blog + "/posts/" + newest, durable: false)
                try FileIO.writeAtomically(oldOriginal, to: sites[index].blog + "/posts/" + oldest, durable: false)
            }
            try inTurn("one post edited", runners: runners, before: { run, index in
                // Alternate between a recent post (home page and feeds change) and an old one.
                let (path, bytes) = run % 2 == 0 ? (newest, original) : (oldest, oldOriginal)
                try FileIO.writeAtomically(bytes + Array("\nEdited in run \(run).\n".utf8), to: sites[index].blog + "/posts/" + path, durable: false)
            })
            for index in sites.indices {
                try restore(index)
                _ = try runners[index].measure()
            }

            let folder = FileIO.parent(of: newest)
            func added(_ run: Int, _ index: Int) -> String { "\(sites[index].blog)/posts/\(folder)/bench-added-\(run).markdown" }
            try inTurn("one post added", runners: runners, before: { run, index in
                let text = "@title Added in run \(run)\n@pubDate \(folder.replacingOccurrences(of: "/", with: "-")) 23:59:00 -0800\n\nA new post, *added* by the benchmark.\n"
                try FileIO.writeAtomically(Array(text.utf8), to: added(run, index), durable: false)
            }, after: { run, index in
                try FileIO.remove(added(run, index))
                _ = try runners[index].measure()
            })

            // Preview's rebuild is timed in this process, with bake-bench's own build: it says
            // nothing of two other binaries.
            guard sites.count == 1 else { return groups }
            let blog = sites[0].blog
            let output = sites[0].output
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
            try restore(0)
            _ = try await build()
            groups.append([Row(name: label + "one edit, in preview", samples: previewEdits)])
            return groups
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
