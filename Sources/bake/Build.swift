import ArgumentParser
import BakeCommandLine
import BakeIO
import BakeKit
import Foundation

extension Bake {
    /// `bake build`: the whole site, once.
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Bake the blog into a static site (the default command).")

        @OptionGroup var blogOptions: BlogOptions

        @Option(name: .shortAndLong, help: "Where to write the site (default: the blog's @output, else BLOG_DIR/site).")
        var output: String?

        @Flag(help: "Render every page again, ignoring what earlier builds recorded.")
        var clean = false

        @Flag(name: .shortAndLong, help: "List every file written or removed.")
        var verbose = false

        func run() async throws {
            try await Self.bake(try blogOptions.configuration(output: output), clean: clean, verbose: verbose)
        }

        /// Bakes as `bake build` does, printing progress, the summary line or the problems;
        /// `bake deploy` bakes through it too.
        /// - Parameters:
        ///   - outcome: What a failure leaves as it was, for the last line of the problems.
        ///   - onceWritten: What a failure after files of the site were written leaves as it
        ///     was (`Terminal.report`).
        ///   - keepingSite: Whether to return what the site was made from, for what reads it
        ///     next (`bake check`); the blog is planned for it even when nothing changed.
        /// - Returns: The options it baked with (the blog, and the output folder that now holds
        ///   the site) and, with `keepingSite`, what the site was made from.
        @discardableResult
        static func bake(
            _ configuration: BlogConfiguration, clean: Bool, verbose: Bool, outcome: String = Terminal.siteUnchanged,
            onceWritten: String? = nil, keepingSite: Bool = false
        ) async throws -> (options: BuildOptions, site: BuiltSite?) {
            let blog = configuration.blog
            let options = BuildOptions(configuration: configuration, clean: clean, now: Timestamp(Date()))
            let terminal = Terminal()
            terminal.warn(configuration.warnings, blog: blog)
            let start = ContinuousClock.now
            let memory = BuildMemory()
            let site: BuiltSite?
            do {
                let builder = SiteBuilder(options: options, progress: terminal.progress, memory: memory)
                let summary: BuildSummary
                if keepingSite {
                    let result = try await builder.buildSite()
                    (summary, site) = (result.summary, result.site)
                } else {
                    (summary, site) = (try await builder.build(), nil)
                }
                // The process ends right after this; freeing every parsed post first would
                // only delay that.
                _ = Unmanaged.passRetained(memory)
                terminal.clearProgress()
                terminal.warn(summary.warnings, blog: blog)
                if verbose {
                    for path in summary.written { terminal.say("  wrote \(path)") }
                    for path in summary.removed { terminal.say("  removed \(path)") }
                }
                terminal.say(Terminal.summaryLine(summary, output: options.output, elapsed: ContinuousClock.now - start))
            } catch {
                terminal.clearProgress()
                terminal.report(error, blog: blog, outcome: outcome, onceWritten: onceWritten)
                throw ExitCode.failure
            }
            return (options, site)
        }
    }
}
