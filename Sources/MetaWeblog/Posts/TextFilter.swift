import BakeKit
import XMLRPC

/// The text filters an editor can choose (`mt.supportedTextFilters`), and how a post's
/// `mt_convert_breaks` picks the file's format.
///
/// | `mt_convert_breaks` | file |
/// | ------------------- | ---- |
/// | absent, `markdown`, `markdown_with_smartypants`, `1`, true | `.markdown` |
/// | `html`, `0`, `__default__`, `none`, `""`, false | `.html` (the body is kept as written) |
enum TextFilter {
    /// The filters offered to editors: the key they send back, and the label they show.
    static let offered: [(key: String, label: String)] = [
        ("markdown", "Markdown"),
        ("html", "HTML / no formatting"),
    ]

    /// The format a post's `mt_convert_breaks` value asks for, or nil for a value it cannot mean.
    static func format(for value: XMLRPCValue) -> BodyFormat? {
        switch value {
        case .bool(let flag): return flag ? .markdown : .html
        case .int(1): return .markdown
        case .int(0): return .html
        case .string(let text):
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "markdown", "markdown_with_smartypants", "1": return .markdown
            case "html", "0", "__default__", "none", "": return .html
            default: return nil
            }
        default: return nil
        }
    }

    /// The key reported for a file's format.
    static func key(for format: BodyFormat) -> String {
        switch format {
        case .markdown: "markdown"
        case .html: "html"
        }
    }
}
