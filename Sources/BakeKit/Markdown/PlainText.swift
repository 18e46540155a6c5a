/// Plain text from HTML, for excerpts and stand-in titles.
public enum PlainText {
    /// The text of an HTML fragment: tags dropped, common entities decoded, whitespace
    /// collapsed, stopping once `limit` characters are collected. Footnote sections,
    /// scripts and styles are skipped.
    public static func excerpt(fromHTML html: String, limit: Int = 300) -> String {
        var output = ""
        var pendingSpace = false
        var skipUntil: String?
        var index = html.startIndex
        while index < html.endIndex, output.count < limit {
            let c = html[index]
            if c == "<" {
                guard let close = html[index...].firstIndex(of: ">") else { break }
                let tag = html[html.index(after: index)..<close].lowercased()
                if let end = skipUntil {
                    if tag.hasPrefix(end) { skipUntil = nil }
                } else if tag.hasPrefix("script") || tag.hasPrefix("style") {
                    skipUntil = "/" + (tag.hasPrefix("script") ? "script" : "style")
                } else if tag.hasPrefix("section class=\"footnotes") || tag.hasPrefix("sup class=\"footnote-ref") {
                    skipUntil = tag.hasPrefix("section") ? "/section" : "/sup"
                }
                pendingSpace = pendingSpace || Self.isBlockBoundary(tag)
                index = html.index(after: close)
                continue
            }
            if skipUntil != nil {
                index = html.index(after: index)
                continue
            }
            var character = c
            if c == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";") {
                let name = String(html[html.index(after: index)..<semicolon])
                if let decoded = Self.decode(entity: name) {
                    character = decoded
                    index = semicolon
                }
            }
            if character.isWhitespace {
                pendingSpace = true
            } else {
                if pendingSpace, !output.isEmpty { output.append(" ") }
                pendingSpace = false
                output.append(character)
            }
            index = html.index(after: index)
        }
        return output
    }

    /// `text` cut to at most `maxCharacters` characters at a word boundary, with an ellipsis
    /// when anything was cut. Counts grapheme clusters, so emoji and combining marks stay whole.
    public static func truncate(_ text: String, maxCharacters: Int) -> String {
        guard text.count > maxCharacters else { return text }
        let head = text.prefix(maxCharacters)
        var cut = head.endIndex
        if let space = head.lastIndex(where: { $0.isWhitespace }), head.distance(from: head.startIndex, to: space) >= maxCharacters / 3 {
            cut = space
        }
        var result = String(head[..<cut])
        while let last = result.last, last.isWhitespace || last.isPunctuation && last != "?" && last != "!" {
            result.removeLast()
        }
        return result + "…"
    }
}

private extension PlainText {
    static let blockTags: Set<String> = ["p", "/p", "br", "br/", "br /", "li", "/li", "div", "/div", "h1", "h2", "h3", "h4", "h5", "h6",
                                         "/h1", "/h2", "/h3", "/h4", "/h5", "/h6", "blockquote", "/blockquote", "tr", "td", "th", "pre", "/pre"]

    static func isBlockBoundary(_ tag: String) -> Bool {
        let name = tag.split(whereSeparator: { $0 == " " || $0 == "\n" }).first.map(String.init) ?? tag
        return blockTags.contains(name)
    }

    static func decode(entity name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return " "
        case "hellip": return "…"
        case "mdash": return "—"
        case "ndash": return "–"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16) {
                return Unicode.Scalar(value).map(Character.init)
            }
            if name.hasPrefix("#"), let value = UInt32(name.dropFirst()) {
                return Unicode.Scalar(value).map(Character.init)
            }
            return nil
        }
    }
}
