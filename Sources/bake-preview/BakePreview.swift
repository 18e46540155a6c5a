import ArgumentParser
import BakeCommandLine
import BakeIO
import BakeKit
import BakeServer
import Foundation

/// `bake preview`'s server: bake, serve on 127.0.0.1, rebuild and reload on every save.
/// `bake preview ARGS` runs it in its own place with the same arguments.
@main
struct BakePreview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bake preview", abstract: PreviewArguments.abstract)

    @OptionGroup var arguments: PreviewArguments

    func run() async throws {
        let blog = try arguments.blogOptions.resolve().blog
        // Checked before the first build, which can take a while on a large blog.
        if let problem = portProblem(host: arguments.host, port: arguments.port) {
            FileHandle.standardError.write(Data("bake: cannot serve on \(arguments.host):\(arguments.port): \(problem); expected a free port, or --port 0 for any\n".utf8))
            throw ExitCode.failure
        }
        if !isLoopback(arguments.host) {
            FileHandle.standardError.write(Data("warning: --host \(arguments.host) is not loopback; anyone who can reach it sees the preview, drafts included\n".utf8))
        }
        let configuration = try arguments.blogOptions.configuration(output: arguments.output ?? blog.previewOutput)
        Terminal().warn(configuration.warnings, blog: blog)
        let options = PreviewOptions(
            configuration: configuration, host: arguments.host, port: arguments.port,
            watching: arguments.poll ? .polling(interval: .milliseconds(300)) : .automatic
        )
        let log = PreviewLog(blog: blog, output: options.output)
        let preview: PreviewServer
        do {
            preview = try PreviewServer(options: options, lines: log.line(for:), onEvent: log.show)
        } catch {
            FileHandle.standardError.write(Data("bake: \(error)\n".utf8))
            throw ExitCode.failure
        }
        do {
            try await preview.run()
        } catch {
            FileHandle.standardError.write(Data("bake: cannot serve on \(arguments.host):\(arguments.port): \(Terminal.reason(error)); expected a free port, or --port 0 for any\n".utf8))
            throw ExitCode.failure
        }
        log.say("Stopped.")
    }
}

/// What preview prints: the URL once, then one line per build, problems on standard error.
private struct PreviewLog: Sendable {
    let blog: BlogFolder
    /// The folder preview bakes into.
    let output: String

    func show(_ event: PreviewEvent) {
        switch event {
        case .serving(let url):
            say("Serving \(Terminal.shown(blog.root)) at \(url) (Ctrl-C to stop)")
        case .polling(let reason):
            FileHandle.standardError.write(Data("bake: \(reason); watching by scanning every 0.3 s instead\n".utf8))
        case .noticed:
            // The build that follows names what changed.
            break
        case .built(let build):
            show(build)
        }
    }

    /// A problem as the pages' overlay shows it: the path inside the blog (the browser knows
    /// no current folder), then line and message.
    func line(for diagnostic: Diagnostic) -> String {
        var path = diagnostic.path
        if path.hasPrefix(blog.root + "/") { path = String(path.dropFirst(blog.root.count + 1)) }
        return Diagnostic(path: path, line: diagnostic.line, message: diagnostic.message).description
    }

    /// Writes a line at once: standard output is block-buffered when it is not a terminal.
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

private extension PreviewLog {
    /// One line per build: what changed, what was rewritten, how long it took; or the problems.
    func show(_ build: PreviewBuild) {
        let time = Self.clock.string(from: build.finished)
        switch build.result {
        case .success(let summary) where build.changes.isEmpty:
            // The first build's warnings only: once per preview, as once per `bake build`.
            Terminal().warn(summary.warnings, blog: blog)
            say(Terminal.summaryLine(summary, output: output, elapsed: build.duration))
        case .success(let summary):
            let pages = summary.written.filter { $0.hasSuffix(".html") }.count
            let others = summary.written.count - pages + summary.removed.count
            var done = "\(pages) page\(pages == 1 ? "" : "s")"
            if others > 0 { done += " and \(others) other file\(others == 1 ? "" : "s")" }
            say("\(time) \(changed(build.changes)): \(done) rewritten in \(Self.milliseconds(build.duration)) ms")
        case .failure(let failure):
            let count = failure.diagnostics.count
            let problems = "\(count) problem\(count == 1 ? "" : "s")"
            let cause = build.changes.isEmpty ? "first build" : changed(build.changes)
            let lines = failure.diagnostics.map { Terminal.line(for: $0, blog: blog) } + ["\(time) \(cause): \(problems); still serving the last good site"]
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
    }

    func changed(_ paths: [String]) -> String {
        guard let first = paths.first else { return "nothing changed" }
        let more = paths.count - 1
        return "\(first)\(more > 0 ? " and \(more) more" : "") changed"
    }

    static let clock: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter
    }()

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.inMilliseconds)
    }
}
