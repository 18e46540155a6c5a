import ArgumentParser
import BakeCommandLine
import BakeIO
import BakeKit
import BakeLinks
import Foundation
import LinkCheck

extension Bake {
    /// `bake check`: bake as `bake build` does, then check every link of the site.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bake the blog, then check every link of the site.",
            discussion: """
            Each broken link is reported once, at the line of the post, page, static file or template \
            that holds it; the exit status is 1 when any link is broken. Links to other sites are \
            checked only with --external (with curl; successes are kept in .bake-cache/links for a week).
            """
        )

        @OptionGroup var blogOptions: BlogOptions

        @Option(name: .shortAndLong, help: "Where to write the site (default: the blog's @output, else BLOG_DIR/site).")
        var output: String?

        @Flag(help: "Render every page again, ignoring what earlier builds recorded.")
        var clean = false

        @Flag(name: .shortAndLong, help: "List every file written or removed.")
        var verbose = false

        @Flag(help: "Check links to other sites too, over HTTP.")
        var external = false

        @Option(help: ArgumentHelp("How long another site may take to answer, in seconds (with --external).", valueName: "seconds"))
        var timeout: Double = 10

        /// The longest `--timeout`: an hour. Longer is a mistake, and past about 10^16 s a
        /// duration cannot be counted at all.
        static let longestTimeout: Double = 3600

        func validate() throws {
            // curl reads a timeout under a millisecond as none at all, so it is refused too.
            guard timeout >= 0.001, timeout <= Self.longestTimeout else {
                throw ValidationError("--timeout \(timeout): expected a number of seconds above 0 and at most \(Int(Self.longestTimeout))")
            }
        }

        func run() async throws {
            let terminal = Terminal()
            var curl: Curl?
            if external {
                do {
                    curl = try Curl.find()
                } catch {
                    FileHandle.standardError.write(Data("bake: \(error.message)\n".utf8))
                    throw ExitCode.failure
                }
            }
            let (options, built) = try await Build.bake(try blogOptions.configuration(output: output), clean: clean, verbose: verbose, keepingSite: true)
            // A build asked to keep the site returns it.
            guard let site = built else { throw ExitCode.failure }
            let start = ContinuousClock.now
            terminal.show("Checking links…")
            let checker = LinkChecker(options: options, site: site, external: curl.map {
                ExternalLinkChecker(curl: $0, cachePath: options.blog.linkCachePath, now: options.now, timeout: .milliseconds(Int64(timeout * 1000)))
            })
            let report: LinkReport
            do {
                report = try await checker.check()
            } catch {
                terminal.clearProgress()
                terminal.report(error, blog: options.blog, outcome: "the links were not checked")
                throw ExitCode.failure
            }
            terminal.clearProgress()
            let elapsed = ContinuousClock.now - start
            let lines = (report.problems + report.warnings).map { Terminal.line(for: $0, blog: options.blog) }
                + [report.summary(seconds: elapsed.inSeconds)]
            // One write: a blog that moved through three engines may have thousands.
            terminal.say(lines.joined(separator: "\n"))
            if !report.problems.isEmpty { throw ExitCode.failure }
        }
    }
}
