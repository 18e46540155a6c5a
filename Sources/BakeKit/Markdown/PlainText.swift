/// Plain text from HTML, for excerpts and stand-in titles.
public enum PlainText {
    /// The text of an HTML fragment: tags dropped, common entities decoded, whitespace
    /// collapsed, stopping after about `limit` characters at a word boundary. Footnotes,
    /// scripts and styles are skipped.
    public static func excerpt(fromHTML html: String, limit: Int = 300) -> String {
        var html = html
        return html.withUTF8 { bytes in excerpt(bytes, limit: limit) }
    }

    /// `text` cut to at most `maxCharacters` characters at a word boundary, with an ellipsis
    /// when anything was cut. Counts grapheme clusters, so emoji and combining marks stay whole.
    public static func truncate(_ text: String, maxCharacters: Int) -> String {
        // Counting stops at `maxCharacters`: an excerpt is longer than most cuts.
        guard text.utf8.count > maxCharacters,
              let end = text.index(text.startIndex, offsetBy: maxCharacters, limitedBy: text.endIndex), end < text.endIndex
        else { return text }
        let head = text[..<end]
        var cut = head.endIndex
        // The head is `maxCharacters` long, so the space's offset is that less what follows it.
        if let space = head.lastIndex(where: { $0.isWhitespace }),
           maxCharacters - head.distance(from: space, to: head.endIndex) >= maxCharacters / 3 {
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
    static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(limit * 2)
        var characters = 0
        var pendingSpace = false
        var skipUntil: [UInt8]?
        var index = 0
        var truncated = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                guard let close = firstIndex(of: UInt8(ascii: ">"), in: bytes, from: index) else { break }
                let tag = lowercasedPrefix(bytes, from: index + 1, to: close, length: 32)
                if let end = skipUntil {
                    if tag.starts(with: end) { skipUntil = nil }
                } else if let skipped = skippedElements.first(where: { tag.starts(with: $0.start) }) {
                    skipUntil = skipped.end
                }
                if !pendingSpace, isBlockBoundary(tag) { pendingSpace = true }
                index = close + 1
                continue
            }
            if skipUntil != nil {
                index += 1
                continue
            }
            var decoded: [UInt8]?
            var consumed = 1
            if byte == UInt8(ascii: "&"), let semicolon = firstIndex(of: UInt8(ascii: ";"), in: bytes, from: index, within: 12) {
                decoded = decode(entity: Array(bytes[(index + 1)..<semicolon]))
                if decoded != nil { consumed = semicolon - index + 1 }
            }
            let isSpace = decoded == nil && (byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D)
            if isSpace || decoded == [0x20] {
                pendingSpace = true
            } else {
                if characters >= limit {
                    truncated = true
                    break
                }
                if pendingSpace, !output.isEmpty {
                    output.append(0x20)
                    characters += 1
                }
                pendingSpace = false
                if let decoded {
                    output += decoded
                    characters += 1
                } else {
                    output.append(byte)
                    // Count characters by their first byte; continuation bytes are 10xxxxxx.
                    if byte & 0xC0 != 0x80 { characters += 1 }
                }
            }
            index += consumed
        }
        // Cut back to the last whole word, so no grapheme cluster is ever split.
        if truncated, let space = output.lastIndex(of: 0x20) {
            output.removeSubrange(space...)
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, within: Int = .max) -> Int? {
        var index = start
        let end = within == .max ? bytes.count : min(bytes.count, start + within)
        while index < end {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    static func lowercasedPrefix(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, length: Int) -> [UInt8] {
        var tag: [UInt8] = []
        var index = start
        while index < end, tag.count < length {
            let byte = bytes[index]
            tag.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            index += 1
        }
        return tag
    }

    /// Elements whose text is not part of an excerpt: how each starts, and its end tag.
    static let skippedElements: [(start: [UInt8], end: [UInt8])] = [
        ("script", "/script"), ("style", "/style"), ("section class=\"footnotes", "/section"), ("sup class=\"footnote-ref", "/sup"),
    ].map { (Array($0.utf8), Array($1.utf8)) }

    static let blockTags: Set<[UInt8]> = Set(["p", "/p", "br", "br/", "li", "/li", "div", "/div", "h1", "h2", "h3", "h4", "h5", "h6",
                                              "/h1", "/h2", "/h3", "/h4", "/h5", "/h6", "blockquote", "/blockquote", "tr", "td", "th",
                                              "pre", "/pre", "ul", "/ul", "ol", "/ol", "table", "/table"].map { Array($0.utf8) })

    static func isBlockBoundary(_ tag: [UInt8]) -> Bool {
        let name = tag.prefix { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != UInt8(ascii: ">") }
        return blockTags.contains(Array(name))
    }

    /// The bytes of a character reference, given what is between its `&` and `;`. A
    /// no-break space counts as a space, so that it collapses with its neighbours.
    static func decode(entity: [UInt8]) -> [UInt8]? {
        let name = String(decoding: entity, as: UTF8.self)
        guard let scalar = CharacterReferences.scalar(forReference: Substring(name)) else { return nil }
        return scalar == "\u{A0}" ? [0x20] : Array(String(Character(scalar)).utf8)
    }
}
