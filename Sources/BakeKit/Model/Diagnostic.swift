/// One user-facing problem with a file of the blog, printed as `path:line: message`.
///
/// Parsers know the line; the loader that read the file adds the path. The message says
/// what is wrong and, after a semicolon, what was expected.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the blog folder where possible.
    public let path: String
    /// The 1-based line, when the problem has one.
    public let line: Int?
    /// The 1-based column, when the problem is at one place on its line.
    public let column: Int?
    /// What is wrong; what was expected.
    public let message: String

    public init(path: String, line: Int?, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = line == nil ? nil : column
        self.message = message
    }

    public var description: String {
        if let line, let column {
            return "\(path):\(line):\(column): \(message)"
        }
        if let line {
            return "\(path):\(line): \(message)"
        }
        return "\(path): \(message)"
    }
}

/// A failed build: every problem found in one run, in a stable order.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    /// The problems, sorted by path and line.
    public let diagnostics: [Diagnostic]
    /// How many files of the site the build wrote before it failed: 0 when it failed before
    /// writing, as almost every failure does, and the site is as it was.
    public let written: Int

    public init(_ diagnostics: [Diagnostic], written: Int = 0) {
        self.diagnostics = diagnostics.sorted {
            ($0.path, $0.line ?? 0, $0.column ?? 0, $0.message) < ($1.path, $1.line ?? 0, $1.column ?? 0, $1.message)
        }
        self.written = written
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
