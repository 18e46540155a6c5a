/// A problem in the `@key value` header of a post, page or `site.settings`.
public struct MetadataError: Error, Sendable, Hashable {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The bytes are not UTF-8.
        case invalidUTF8
        /// A required key is absent.
        case missingKey(String)
        /// A date value could not be read.
        case unreadableDate(key: String, value: String)
        /// A value has the wrong form.
        case invalidValue(key: String, value: String, expected: String)
        /// A line of a settings file that is neither a setting, a blank line nor a comment.
        case notASetting(String)
    }

    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column, when known.
    public let column: Int?
    public let reason: Reason

    public init(line: Int, column: Int? = nil, reason: Reason) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// What is wrong; what was expected.
    public var message: String {
        switch reason {
        case .invalidUTF8:
            let at = column.map { " at byte \($0) of the line" } ?? ""
            return "the file is not valid UTF-8\(at); expected UTF-8 text"
        case .missingKey(let key):
            return "missing @\(key); expected a line such as `@\(key) \(Self.example(for: key))` in the header"
        case .unreadableDate(let key, let value):
            return "cannot read @\(key) `\(value)` as a date; expected e.g. `2014-03-31 20:16:46 -0700`, "
                + "`Fri Jan 30 09:29:34 -0800 2009` or `2014-03-31T20:16:46-07:00`"
        case .invalidValue(let key, let value, let expected):
            return "@\(key) has the value `\(value)`; expected \(expected)"
        case .notASetting(let text):
            return "`\(text)` is not a setting; expected `@key value`, a blank line or a `#` comment"
        }
    }

    /// This error as a diagnostic for the file at `path`.
    public func diagnostic(path: String) -> Diagnostic {
        Diagnostic(path: path, line: line, message: message)
    }
}

private extension MetadataError {
    static func example(for key: String) -> String {
        switch key {
        case HeaderKey.pubDate.name, HeaderKey.modDate.name: return "2014-03-31 20:16:46 -0700"
        case SettingKey.siteURL.name: return "https://example.com"
        default: return "value"
        }
    }
}
