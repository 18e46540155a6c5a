/// The first paragraph of an `.html` body that older engines stored without its `<p>`.
///
/// Some engines kept a body's first paragraph bare: `It was a dark night.</p>\n\n<p>Then…</p>`.
/// That text would land directly in the page's content container, next to a stray `</p>`.
/// Like Wildcat, which gave a body a `<p>` when it did not start with one, bake wraps the
/// leading run of inline content, up to the first block boundary, in `<p>`. A body that starts
/// with a block element (after any comments) is never touched, nor is anything after the run.
///
/// ```swift
/// LeadingParagraph.wrap("It was a dark night.</p>\n\n<p>Then…</p>")
/// // "<p>It was a dark night.</p>\n\n<p>Then…</p>"
/// LeadingParagraph.wrap("Three things:\n<ul><li>one</li></ul>")
/// // "<p>Three things:</p>\n<ul><li>one</li></ul>"
/// ```
enum LeadingParagraph {
    /// `html` with its leading inline run in a paragraph, or as it is when it has none.
    static func wrap(_ html: String) -> String {
        let bytes = Array(html.utf8)
        var start = 0
        while start < bytes.count {
            if isSpace(bytes[start]) {
                start += 1
            } else if let end = commentEnd(bytes, at: start) {
                start = end
            } else {
                break
            }
        }
        guard start < bytes.count, !(bytes[start] == UInt8(ascii: "<") && startsBlock(bytes, at: start)) else { return html }
        var index = start
        var boundary = bytes.count
        var closedByAuthor = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n"), isBlankLine(bytes, after: index) {
                boundary = index
                break
            }
            if byte == UInt8(ascii: "<") {
                if let end = commentEnd(bytes, at: index) {
                    index = end
                    continue
                }
                if startsBlock(bytes, at: index) {
                    boundary = index
                    if let (name, isEnd) = tagName(bytes, at: index) { closedByAuthor = isEnd && name == "p" }
                    break
                }
            }
            index += 1
        }
        var end = boundary
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end > start else { return html }
        // The author's own `</p>` closes the paragraph; otherwise bake closes it after the run.
        let closing: [UInt8] = closedByAuthor ? [] : Array("</p>".utf8)
        let wrapped = bytes[..<start] + Array("<p>".utf8) + bytes[start..<end] + closing + bytes[end...]
        return String(decoding: wrapped, as: UTF8.self)
    }
}

private extension LeadingParagraph {
    /// Elements that start or end a block, where a leading run of inline content stops.
    static let blockNames: Set<String> = [
        "address", "article", "aside", "blockquote", "canvas", "caption", "center", "col", "colgroup", "dd", "details", "dialog",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hgroup", "hr", "iframe", "legend", "li", "main", "menu", "nav", "noscript", "ol", "p", "pre", "script", "section",
        "style", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "video", "audio", "object",
    ]

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// Whether only spaces stand between the newline at `index` and the next newline.
    static func isBlankLine(_ bytes: [UInt8], after index: Int) -> Bool {
        var next = index + 1
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0D { next += 1 }
        return next < bytes.count && bytes[next] == 0x0A
    }

    /// Where a `<!-- … -->` comment starting at `index` ends, or nil if none starts there.
    static func commentEnd(_ bytes: [UInt8], at index: Int) -> Int? {
        guard bytes[index...].starts(with: "<!--".utf8) else { return nil }
        var scan = index + 4
        while scan + 2 < bytes.count {
            if bytes[scan] == UInt8(ascii: "-"), bytes[scan + 1] == UInt8(ascii: "-"), bytes[scan + 2] == UInt8(ascii: ">") { return scan + 3 }
            scan += 1
        }
        return bytes.count
    }

    /// Whether the `<` at `index` opens or closes a block element, or a declaration (`<!DOCTYPE`, `<?xml`).
    static func startsBlock(_ bytes: [UInt8], at index: Int) -> Bool {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "!") || bytes[index + 1] == UInt8(ascii: "?") { return true }
        guard let (name, _) = tagName(bytes, at: index) else { return false }
        return blockNames.contains(name)
    }

    /// The lowercased name of the tag at `index`, and whether it is an end tag.
    static func tagName(_ bytes: [UInt8], at index: Int) -> (String, Bool)? {
        var scan = index + 1
        let isEnd = scan < bytes.count && bytes[scan] == UInt8(ascii: "/")
        if isEnd { scan += 1 }
        var name: [UInt8] = []
        while scan < bytes.count, name.count <= 10 {
            let byte = bytes[scan] | 0x20
            guard (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (bytes[scan] >= UInt8(ascii: "0") && bytes[scan] <= UInt8(ascii: "9")) else { break }
            name.append(bytes[scan] >= UInt8(ascii: "0") && bytes[scan] <= UInt8(ascii: "9") ? bytes[scan] : byte)
            scan += 1
        }
        guard !name.isEmpty, scan < bytes.count, isSpace(bytes[scan]) || bytes[scan] == UInt8(ascii: ">") || bytes[scan] == UInt8(ascii: "/") else { return nil }
        return (String(decoding: name, as: UTF8.self), isEnd)
    }
}
