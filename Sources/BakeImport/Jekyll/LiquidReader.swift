import Foundation

/// Splits a Jekyll body into text, output markup (`{{ … }}`) and tags (`{% … %}`), as Liquid's
/// tokenizer does: the text between `{% raw %}` and `{% endraw %}` is text, and `{{` or `{%`
/// that never closes is text too.
///
/// ```swift
/// LiquidReader.parts(of: "Hi {{ page.title }}")  // [.text("Hi "), .output(…)]
/// ```
enum LiquidReader {
    /// One piece of a body.
    enum Part: Equatable {
        case text(String)
        case output(LiquidMarkup)
        case tag(LiquidMarkup)
    }

    /// The body's parts, in order; joined, their source texts give the body back.
    static func parts(of body: String) -> [Part] {
        var parts: [Part] = []
        var text = ""
        var line = 1
        var rest = body[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard afterOpen < rest.endIndex, rest[afterOpen] == "{" || rest[afterOpen] == "%" else {
                text += rest[...open]
                line += rest[..<open].count(where: \.isNewline)
                rest = rest[afterOpen...]
                continue
            }
            let isTag = rest[afterOpen] == "%"
            let closing = isTag ? "%}" : "}}"
            let inner = rest[rest.index(after: afterOpen)...]
            guard let close = inner.range(of: closing) else { break }
            let before = rest[..<open]
            text += before
            line += before.count(where: \.isNewline)
            if !text.isEmpty { parts.append(.text(text)) }
            text = ""
            let source = String(rest[open..<close.upperBound])
            let markup = LiquidMarkup(source: source, line: line)
            line += source.count(where: \.isNewline)
            rest = rest[close.upperBound...]
            if isTag {
                parts.append(.tag(markup))
                // Liquid reads nothing inside raw until its end tag.
                if markup.name == "raw", let end = endRaw(in: rest) {
                    let literal = rest[..<end.lowerBound]
                    if !literal.isEmpty { parts.append(.text(String(literal))) }
                    line += literal.count(where: \.isNewline)
                    let endSource = String(rest[end])
                    parts.append(.tag(LiquidMarkup(source: endSource, line: line)))
                    line += endSource.count(where: \.isNewline)
                    rest = rest[end.upperBound...]
                }
            } else {
                parts.append(.output(markup))
            }
        }
        text += rest
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }
}

/// One `{{ … }}` or `{% … %}`, as written, and what is inside it.
struct LiquidMarkup: Equatable {
    /// The whole markup, delimiters included.
    let source: String
    /// Its 1-based line in the body.
    let line: Int
    /// What is inside the delimiters and `-` trim markers, trimmed.
    let inner: String
    /// `{{-` / `{%-`: whitespace before it is removed.
    let trimsBefore: Bool
    /// `-}}` / `-%}`: whitespace after it is removed.
    let trimsAfter: Bool

    init(source: String, line: Int) {
        self.source = source
        self.line = line
        var inner = source.dropFirst(2).dropLast(2)
        trimsBefore = inner.first == "-"
        if trimsBefore { inner = inner.dropFirst() }
        trimsAfter = inner.last == "-"
        if trimsAfter { inner = inner.dropLast() }
        self.inner = inner.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A tag's name, e.g. `highlight`; for output markup, the first word.
    var name: String {
        String(inner.prefix { !$0.isWhitespace })
    }

    /// What follows a tag's name, trimmed.
    var arguments: String {
        inner.dropFirst(name.count).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

private extension LiquidReader {
    /// The range of the first `{% endraw %}` (with any trim markers and spacing) in `text`.
    static func endRaw(in text: Substring) -> Range<Substring.Index>? {
        var rest = text
        while let open = rest.range(of: "{%") {
            guard let close = rest[open.upperBound...].range(of: "%}") else { return nil }
            if LiquidMarkup(source: String(rest[open.lowerBound..<close.upperBound]), line: 0).inner == "endraw" {
                return open.lowerBound..<close.upperBound
            }
            rest = rest[open.upperBound...]
        }
        return nil
    }
}
