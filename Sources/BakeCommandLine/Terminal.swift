import BakeIO
import BakeKit
import Foundation

/// What the commands print: progress on a terminal only, one summary line, and problems as
/// `path:line: message` on standard error.
package struct Terminal: Sendable {
    package let isInteractive = isatty(STDERR_FILENO) != 0

    package init() {}

    /// Shows the build's stage on the terminal; silent when output is not a terminal.
    package var progress: (@Sendable (BuildStage) -> Void)? {
        guard isInteractive else { return nil }
        return { stage in
            FileHandle.standardError.write(Data("\r\u{1B}[K\(stage.rawValue)…".utf8))
        }
    }

    /// Shows `status` in place of the last one, on a terminal only.
    package func show(_ status: String) {
        if isInteractive { FileHandle.standardError.write(Data("\r\u{1B}[K\(status)".utf8)) }
    }

    package func clearProgress() {
        if isInteractive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    package func say(_ line: String) {
        print(line)
    }

    /// Prints warnings on standard error, e.g. `site.settings:3: warning: …`; the command goes on.
    package func warn(_ warnings: [Diagnostic], blog: BlogFolder) {
        guard !warnings.isEmpty else { return }
        let lines = warnings.map { Self.line(for: $0, blog: blog) }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// What a failed build leaves as it was, when it wrote nothing.
    package static let siteUnchanged = "the site was not changed"

    /// Prints a failed command's problems, paths relative to the blog, and what that left as it was.
    /// - Parameters:
    ///   - outcome: What the failure left as it was.
    ///   - onceWritten: What it left as it was when a build failed after writing files of the
    ///     site (`BuildFailure.written`), which the line says first; nil for nothing more.
    package func report(_ error: any Error, blog: BlogFolder, outcome: String = Terminal.siteUnchanged, onceWritten: String? = nil) {
        var lines: [String]
        switch error {
        case let failure as BuildFailure:
            lines = failure.diagnostics.map { Self.line(for: $0, blog: blog) }
            let count = failure.diagnostics.count
            let written = failure.written
            let left = written == 0 ? outcome
                : "the build stopped after writing \(written) file\(written == 1 ? "" : "s") of the site, and the next build goes on from \(written == 1 ? "it" : "them")"
                    + (onceWritten.map { "; " + $0 } ?? "")
            lines.append("bake: \(count) problem\(count == 1 ? "" : "s"); \(left).")
        case let error as FileSystemError:
            lines = [Self.line(for: error.diagnostic(relativeTo: blog.root), blog: blog), "bake: \(outcome)."]
        default:
            lines = ["bake: \(error)"]
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// E.g. `Baked 31 posts and 2 pages: 70 files written, 0 unchanged, 0 removed in 0.12 s → posts-sample/site`.
    package static func summaryLine(_ summary: BuildSummary, output: String, elapsed: Duration) -> String {
        let seconds = elapsed.inSeconds
        return "Baked \(summary.posts) post\(summary.posts == 1 ? "" : "s") and \(summary.pages) page\(summary.pages == 1 ? "" : "s"): "
            + "\(summary.written.count) written, \(summary.unchanged) unchanged, \(summary.removed.count) removed"
            + (summary.searchIndexed.map { "; \($0) page\($0 == 1 ? "" : "s") indexed for search" + bundles(summary.searchBundlesIndexed) } ?? "")
            + " in \(String(format: "%.2f", seconds)) s → \(shown(output))"
    }

    /// E.g. ` (2014, pages)`: the search index's bundles Pagefind made again.
    private static func bundles(_ names: [String]) -> String {
        names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")"
    }
}

extension Terminal {
    /// A problem as bake prints it: diagnostics name files relative to the blog (or absolute);
    /// show them from the current folder, then the line and the message.
    package static func line(for diagnostic: Diagnostic, blog: BlogFolder) -> String {
        var path = diagnostic.path
        if path.hasPrefix(blog.root + "/") { path = String(path.dropFirst(blog.root.count + 1)) }
        if !path.hasPrefix("/"), !path.hasPrefix("(") { path = shown(blog.path(path)) }
        return Diagnostic(path: path, line: diagnostic.line, message: diagnostic.message).description
    }

    /// `path` from the current folder when it is inside it, "." for the folder itself.
    package static func shown(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        if path == cwd { return "." }
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}

extension Terminal {
    /// An error's reason in words: a system error's text rather than the call that failed,
    /// e.g. "Address already in use" for NIO's `bind(descriptor:ptr:bytes:)… (errno: 98)`.
    package static func reason(_ error: any Error) -> String {
        let text = "\(error)"
        if let marker = text.range(of: "errno: "),
           let end = text[marker.upperBound...].firstIndex(where: { !$0.isNumber }),
           let code = Int32(text[marker.upperBound..<end]) {
            return String(cString: strerror(code))
        }
        return text
    }
}
