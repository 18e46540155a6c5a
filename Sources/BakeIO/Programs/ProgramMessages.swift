/// How bake reads why a program failed from what it wrote on standard error: the one place
/// that picks "the first useful line", for every program bake runs.
///
/// A program's rule says which lines never are the reason (a closing summary), which line is
/// when one is marked (Pagefind's `Error:`), and what prefix its messages carry (`curl: (7) `).
///
/// ```swift
/// ProgramMessages.rsync.reason(in: run.errors)   // "Permission denied (publickey)" without "rsync error: … (code 255)"
/// ProgramMessages.curl.reason(in: "curl: (6) Could not resolve host: x\n")   // "Could not resolve host: x"
/// ```
public struct ProgramMessages: Sendable {
    /// Whether a line is never the reason, e.g. rsync's closing `rsync error: … (code N)`.
    let isSummary: @Sendable (String) -> Bool
    /// The start of the line that holds the reason when the program marks one; taken off it.
    let marker: String?
    /// A prefix on the program's own messages, taken off the reason.
    let stripPrefix: @Sendable (String) -> String

    public init(isSummary: @escaping @Sendable (String) -> Bool = { _ in false }, marker: String? = nil,
                stripPrefix: @escaping @Sendable (String) -> String = { $0 }) {
        self.isSummary = isSummary
        self.marker = marker
        self.stripPrefix = stripPrefix
    }

    /// Any program: the first line that is not blank, trimmed.
    public static let plain = ProgramMessages()

    /// curl: its first line, without `curl: (7) `.
    public static let curl = ProgramMessages(stripPrefix: { line in
        guard line.hasPrefix("curl: ("), let close = line.firstIndex(of: ")") else { return line }
        return line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
    })

    /// rsync: the first line that is not its closing summary.
    public static let rsync = ProgramMessages(isSummary: { line in
        line.hasPrefix("rsync error:") || line.hasPrefix("rsync: connection unexpectedly closed")
    })

    /// git: the line it marks `fatal:`, else its first, without `error: `.
    public static let git = ProgramMessages(marker: "fatal:", stripPrefix: { line in
        line.hasPrefix("error: ") ? String(line.dropFirst("error: ".count)) : line
    })

    /// Pagefind: the line it marks `Error:`, else its first.
    public static let pagefind = ProgramMessages(marker: "Error:")

    /// The reason in `errors`, or nil when the program said nothing.
    public func reasonIfAny(in errors: String) -> String? {
        let lines = errors.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let marker, let marked = lines.first(where: { $0.hasPrefix(marker) }) {
            return marked.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
        }
        return (lines.first { !isSummary($0) } ?? lines.first).map(stripPrefix)
    }

    /// The reason in `errors`, or `no message`.
    public func reason(in errors: String) -> String {
        reasonIfAny(in: errors) ?? "no message"
    }
}
