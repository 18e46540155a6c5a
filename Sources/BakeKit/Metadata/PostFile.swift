/// The text of a post file: `@key value` header lines, a blank line, then the body.
///
/// The blank line is always written, so a body whose first line starts with `@` reads back
/// as body, and `MetadataParser` gets back exactly the fields and body written here.
public struct PostFile: Sendable, Hashable {
    public let fields: [(key: String, value: String)]
    public let body: String

    public init(fields: [(key: String, value: String)], body: String) {
        self.fields = fields
        self.body = body
    }

    /// The file's text. Line breaks inside a value become spaces, since a header line is one line;
    /// an empty value is written as `(empty-string)` so that trailing spaces don't matter.
    public var text: String {
        var text = ""
        for (key, value) in fields {
            let clean = Self.headerValue(value)
            text += "@\(key) \(clean.isEmpty ? "(empty-string)" : clean)\n"
        }
        return text + "\n" + body
    }

    /// `value` as a header line holds it, and as `MetadataParser` reads it back: line breaks
    /// become spaces, and trailing spaces and tabs go.
    public static func headerValue(_ value: String) -> String {
        var clean = value.replacingOccurrences(of: "\r\n", with: " ")
        clean = clean.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
        while let last = clean.last, last == " " || last == "\t" { clean.removeLast() }
        return clean
    }

    public static func == (lhs: PostFile, rhs: PostFile) -> Bool {
        lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}

import Foundation
