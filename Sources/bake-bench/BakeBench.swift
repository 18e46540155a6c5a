import ArgumentParser
import BakeIO
import BakeKit
import Foundation

/// `bake-bench`: generate a deterministic blog and time `bake` on it.
///
/// ```
/// swift build -c release && .build/release/bake-bench --posts 10000
/// ```
@main
struct BakeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time bake on a generated blog: full, no-op, one-edit and one-add builds.",
        subcommands: [Run.self, Generate.self],
        defaultSubcommand: Run.self
    )
}

extension BakeBench {
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write a generated blog.")

        @Option(help: "How many posts.") var posts = 10_000
        @Option(help: "The random seed.") var seed: UInt64 = 1
        @Argument(help: "The folder to write the blog into (must not exist).") var folder: String

        func run() throws {
            guard !FileIO.exists(folder) else { throw ValidationError("\(folder) exists; expected a new folder") }
            try CorpusGenerator(posts: posts, seed: seed).write(to: folder)
            print("Wrote \(posts) posts to \(folder)")
        }
    }

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Generate a blog (once) and time bake on it.")

        @Option(help: "How many posts.") var posts = 10_000
        @Option(help: "The random seed.") var seed: UInt64 = 1
        @Option(help: "Runs per scenario; the table shows the median.") var runs = 5
        @Option(help: "Work folder; use tmpfs so disk noise does not drown the signal.") var work = "/dev/shm/bake-bench"
        @Option(help: "The bake binary (default: the one beside bake-bench).") var bake: String?

        func run() throws {
            let bakePath = bake ?? (FileIO.parent(of: CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0]
                : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]) + "/bake")
            guard FileIO.exists(bakePath) else { throw ValidationError("no bake binary at \(bakePath); build it or pass --bake") }
            let blog = "\(work)/blog-\(posts)-\(seed)"
            let output = "\(work)/site-\(posts)-\(seed)"
            if !FileIO.exists(blog + "/site.settings") {
                try? FileManager.default.removeItem(atPath: blog)
                print("Generating \(posts) posts in \(blog)…")
                try CorpusGenerator(posts: posts, seed: seed).write(to: blog)
            }
            let runner = BakeRunner(bake: bakePath, blog: blog, output: output)
            var rows: [Row] = []

            var full: [Measurement] = []
            for _ in 0..<runs {
                try runner.removeOutputAndCache()
                full.append(try runner.measure())
            }
            rows.append(Row(name: "full (clean, empty output)", samples: full))

            rows.append(Row(name: "no-op", samples: try (0..<runs).map { _ in try runner.measure() }))

            let newest = try FileTree.scan(blog + "/posts").map(\.path).max()!
            let original = try FileIO.read(blog + "/posts/" + newest)
            let oldest = try FileTree.scan(blog + "/posts").map(\.path).min()!
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
            rows.append(Row(name: "one post edited", samples: edits))

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
            rows.append(Row(name: "one post added", samples: adds))

            print("")
            print("bake on \(posts) generated posts (seed \(seed)), \(ProcessInfo.processInfo.activeProcessorCount) cores, median of \(runs) runs, output on \(work)")
            print(Row.header)
            for row in rows { print(row.line) }
        }
    }
}
