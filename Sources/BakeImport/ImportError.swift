import BakeKit

/// Why an import stopped before writing anything: each problem as `file:line: what; expected`.
public struct ImportError: Error, Sendable, CustomStringConvertible {
    /// The problems found, in the order they were found.
    public let problems: [Diagnostic]

    public init(_ problems: [Diagnostic]) {
        self.problems = problems
    }

    init(path: String, line: Int?, message: String) {
        self.init([Diagnostic(path: path, line: line, message: message)])
    }

    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
