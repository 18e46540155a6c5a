import BakeKit

/// The outcome of a link check, as the author fixes it: each broken link once per place that
/// holds it (`posts/…/hello.markdown:12: /gone.html: no such page`), whichever pages show it,
/// and one line to sum up.
///
/// A link is traced to the first file that holds it: the post, page or static file its page
/// is made from (see `OutputSources`), then the templates, reported once however many pages
/// they made; a link found in none is reported at the built file.
///
/// ```swift
/// let report = LinkReport(broken: broken, moved: [], checked: 12_345, unchecked: 0, tracer: tracer)
/// report.problems.map(\.description)   // ["posts/2014/04/21/slug.markdown:12: /2003/01/01/gone.html: no such page"]
/// report.summary(seconds: 0.4)         // "1 broken link in 1 post; 12,345 links checked in 0.40 s"
/// ```
public struct LinkReport: Sendable {
    /// The broken links, by file and line.
    public let problems: [Diagnostic]
    /// Links to other sites that answer with a redirect, by file and line: worth updating.
    public let warnings: [Diagnostic]
    /// How many links were checked.
    public let checked: Int
    /// How many links to other sites were not checked (no `--external`).
    public let unchecked: Int

    /// Traces `broken` and `moved` links to their sources through `tracer`.
    public init(broken: [BrokenLink], moved: [BrokenLink], checked: Int, unchecked: Int, tracer: LinkTracer) {
        self.init(problems: tracer.diagnostics(for: broken), moved: tracer.diagnostics(for: moved), checked: checked, unchecked: unchecked)
    }

    /// A report of links already traced (see `LinkTracer`), in any order and with repeats.
    public init(problems: [Diagnostic], moved: [Diagnostic], checked: Int, unchecked: Int) {
        self.problems = Self.unique(problems)
        warnings = Self.unique(moved).map { Diagnostic(path: $0.path, line: $0.line, message: "warning: " + $0.message) }
        self.checked = checked
        self.unchecked = unchecked
    }

    /// E.g. `3 broken links in 2 posts and 1 template; 12,345 links checked in 0.40 s`.
    public func summary(seconds: Double) -> String {
        let count = problems.count
        var line = count == 0 ? "No broken links" : "\(Self.grouped(count)) broken link\(count == 1 ? "" : "s") in \(Self.places(problems))"
        line += "; \(Self.grouped(checked)) link\(checked == 1 ? "" : "s") checked in \(Self.seconds(seconds)) s"
        if unchecked > 0 {
            line += " (\(Self.grouped(unchecked)) link\(unchecked == 1 ? "" : "s") to other sites not checked; --external checks them)"
        }
        return line
    }

    /// `1234567` as `1,234,567`.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}

private extension LinkReport {
    /// Each diagnostic once, by file, line and message.
    static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        Array(Set(diagnostics)).sorted {
            ($0.path, $0.line ?? 0, $0.message) < ($1.path, $1.line ?? 0, $1.message)
        }
    }

    /// `2 posts, 1 page and 1 template`: the files the problems are in, by kind.
    static func places(_ problems: [Diagnostic]) -> String {
        var kinds: [String: Set<String>] = [:]
        for problem in problems {
            let path = problem.path
            let kind = path.hasPrefix("posts/") || path.hasPrefix("drafts/") ? "post"
                : path.hasPrefix("pages/") ? "page"
                : path.hasSuffix(".mustache") ? "template" : "file"
            kinds[kind, default: []].insert(path)
        }
        let parts = ["post", "page", "template", "file"].compactMap { kind -> String? in
            guard let count = kinds[kind]?.count else { return nil }
            return "\(grouped(count)) \(kind)\(count == 1 ? "" : "s")"
        }
        return parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts.joined()
    }

    static func seconds(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
