import ArgumentParser
import BakeCommandLine
import BakeIO
import BakeKit
import BakeLinks
import Foundation

extension Bake {
    /// `bake webmention`: what a publish sends to the pages posts link to, by hand.
    struct Webmention: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send the webmentions that new, changed and removed posts owe.",
            discussion: """
            bake deploy (and bake-metaweblog's deploy) send them after each publish; run this after \
            publishing some other way. Each link of a post is sent once per change of the post; what was \
            sent is kept in .bake-cache/webmentions.json. The first run records the posts as they are and \
            sends nothing.
            """
        )

        @OptionGroup var blogOptions: BlogOptions

        @Flag(help: "Print what would be sent, and send nothing.")
        var dryRun = false

        func run() async throws {
            let terminal = Terminal()
            let configuration = try blogOptions.configuration(output: nil)
            let curl: Curl
            do {
                curl = try Curl.find()
            } catch {
                FileHandle.standardError.write(Data("bake: \(error.message)\n".utf8))
                throw ExitCode.failure
            }
            let report: WebmentionSender.Report
            do {
                report = try await WebmentionSender(configuration: configuration, curl: curl, now: Timestamp(Date())).send(dryRun: dryRun)
            } catch {
                terminal.report(error, blog: configuration.blog, outcome: "no webmentions were sent")
                throw ExitCode.failure
            }
            if dryRun {
                if let count = report.recordedPosts {
                    terminal.say("First run: the \(count) published post\(count == 1 ? "" : "s") would be recorded as they are, and nothing sent")
                }
                for send in report.planned { terminal.say("would send \(send.source) → \(send.target)") }
                if report.recordedPosts == nil { terminal.say("\(report.planned.count) webmention\(report.planned.count == 1 ? "" : "s") to send") }
                return
            }
            terminal.show(Announcer.Report(webmentions: report, warnings: report.warnings))
            if report.recordedPosts == nil {
                terminal.say("\(report.sent.count) webmention\(report.sent.count == 1 ? "" : "s") sent, \(report.noEndpoint.count) page\(report.noEndpoint.count == 1 ? "" : "s") without an endpoint, \(report.warnings.count) failed")
            }
        }
    }
}

extension Terminal {
    /// What a publish told the web: a line for each webmention and ping, and the failures as
    /// warnings on standard error.
    func show(_ report: Announcer.Report) {
        for line in report.lines { say(line) }
        guard !report.warnings.isEmpty else { return }
        FileHandle.standardError.write(Data(report.warnings.map { "warning: \($0)\n" }.joined().utf8))
    }
}
