/// An `<img>` tag of an HTML fragment: where it is and its attributes as written.
///
/// Read the way a browser's tokenizer reads a start tag, in one pass: text between tags, and
/// markup shown as text (`&lt;img …`, code blocks), is never taken for a tag.
///
/// ```swift
/// let tags = ImageTag.all(in: #"<p><img src="/media/heron.jpg" alt="A heron"></p>"#)
/// tags[0]["src"]                 // "/media/heron.jpg"
/// ImageTag.sources(in: html)     // ["/media/heron.jpg"]
/// ```
package struct ImageTag: Sendable, Hashable {
    package struct Attribute: Sendable, Hashable {
        /// Lowercased, as HTML compares names.
        package let name: String
        /// With character references decoded; nil for an attribute without a value (`ismap`).
        package let value: String?
    }

    /// The tag's bytes in the fragment's UTF-8, `<img` to `>` included.
    package let range: Range<Int>
    package let attributes: [Attribute]

    /// The value of the first attribute called `name` (lowercase), as HTML takes the first.
    package subscript(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// Whether the tag has an attribute called `name`, with or without a value.
    package func has(_ name: String) -> Bool {
        attributes.contains { $0.name == name }
    }

    /// The `src` of every `<img>` of `html` that has one, in order, decoded.
    package static func sources(in html: String) -> [String] {
        all(in: html).compactMap { $0["src"] }.filter { !$0.isEmpty }
    }

    /// Every `<img>` tag of `html`, in order. An unterminated last tag is not one.
    package static func all(in html: String) -> [ImageTag] {
        // Most bodies have no picture: one byte search answers for them.
        guard html.utf8.firstOffset(of: "<img", caseInsensitive: true) != nil else { return [] }
        return Array(html.utf8).withUnsafeBufferPointer { bytes in
            var tags: [ImageTag] = []
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index += 1
                    continue
                }
                if let tag = tag(in: bytes, at: index) {
                    tags.append(tag)
                    index = tag.range.upperBound
                } else {
                    index = skipTag(in: bytes, from: index + 1)
                }
            }
            return tags
        }
    }
}

private extension ImageTag {
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// Past the tag, comment or stray `<` that starts just before `index`: comments and other
    /// tags are stepped over whole, so an `<img` inside a comment or an attribute value of
    /// another tag is not taken for one.
    static func skipTag(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        guard index < bytes.count else { return index }
        if bytes[index] == UInt8(ascii: "!"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] == UInt8(ascii: "-") {
            var position = index + 3
            while position + 2 < bytes.count {
                if bytes[position] == UInt8(ascii: "-"), bytes[position + 1] == UInt8(ascii: "-"), bytes[position + 2] == UInt8(ascii: ">") { return position + 3 }
                position += 1
            }
            return bytes.count
        }
        // Only a letter, `/`, `!` or `?` starts markup; else the `<` is text.
        let first = lower(bytes[index])
        guard (first >= 0x61 && first <= 0x7A) || first == UInt8(ascii: "/") || first == UInt8(ascii: "!") || first == UInt8(ascii: "?") else { return index }
        var position = index
        var quote: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // Quotes count only as an attribute value's, right after `=`.
                var back = position - 1
                while back > index, isSpace(bytes[back]) { back -= 1 }
                if bytes[back] == UInt8(ascii: "=") { quote = byte }
            } else if byte == UInt8(ascii: ">") {
                return position + 1
            }
            position += 1
        }
        return bytes.count
    }

    /// The `<img>` tag at `start` (a `<`), or nil when another tag or text is there.
    static func tag(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> ImageTag? {
        let name = start + 1
        guard name + 3 < bytes.count,
              lower(bytes[name]) == UInt8(ascii: "i"), lower(bytes[name + 1]) == UInt8(ascii: "m"), lower(bytes[name + 2]) == UInt8(ascii: "g"),
              isSpace(bytes[name + 3]) || bytes[name + 3] == UInt8(ascii: "/") || bytes[name + 3] == UInt8(ascii: ">")
        else { return nil }
        var attributes: [Attribute] = []
        var index = name + 3
        while index < bytes.count {
            let byte = bytes[index]
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: ">") {
                return ImageTag(range: start..<(index + 1), attributes: attributes)
            }
            // The name: up to a space, `/`, `>` or `=` (an `=` first is part of it, as in HTML).
            let nameStart = index
            index += 1
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "=") {
                index += 1
            }
            let attributeName = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]).map(lower), as: UTF8.self)
            var after = index
            while after < bytes.count, isSpace(bytes[after]) { after += 1 }
            guard after < bytes.count, bytes[after] == UInt8(ascii: "=") else {
                attributes.append(Attribute(name: attributeName, value: nil))
                continue
            }
            index = after + 1
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            let valueRange: Range<Int>
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let valueStart = index + 1
                index = valueStart
                while index < bytes.count, bytes[index] != quote { index += 1 }
                guard index < bytes.count else { return nil }
                valueRange = valueStart..<index
                index += 1
            } else {
                let valueStart = index
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                valueRange = valueStart..<index
            }
            let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueRange]), as: UTF8.self)
            attributes.append(Attribute(name: attributeName, value: raw.contains("&") ? CharacterReferences.decode(raw) : raw))
        }
        return nil
    }
}
