import BakeIO
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

extension ImportError {
    /// The bytes of the export or feed at `path`, or the error that it cannot be read,
    /// naming what was `expected` there: the one way each importer reads its file.
    static func readExport(_ path: String, expected: String) throws(ImportError) -> [UInt8] {
        do {
            return try FileIO.read(path)
        } catch {
            throw ImportError(path: path, line: nil, message: "cannot read the file (\(error.reason)); \(expected)")
        }
    }
}
