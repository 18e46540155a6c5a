/// Decoding of HTML character references in text the author wrote outside a body: header
/// values such as `@title D&eacute;tente`, and the text of bodies when it becomes an excerpt.
///
/// This is half of bake's one rule for text a reader sees: a header value is decoded once,
/// here, when the post is read, and escaped once, where it is written (`{{name}}` in a
/// template, `MarkupEscaping` in the feeds, JSON encoding in the JSON Feed). Bodies are not
/// decoded: their HTML is the author's, and is kept byte for byte.
///
/// ```swift
/// CharacterReferences.decode("Apple&#8217;s plan")   // "Apple’s plan"
/// CharacterReferences.decode("AT&T &amp; co")         // "AT&T & co"
/// ```
package enum CharacterReferences {
    /// `text` with named (`&eacute;`), decimal (`&#233;`) and hex (`&#xE9;`) references
    /// decoded, once: `&amp;eacute;` becomes `&eacute;`. A reference needs its `;`; an `&`
    /// that starts none, or an unknown name, stays as it is. Numbers follow HTML: 128–159 are
    /// read as Windows-1252 (`&#146;` is ’), and 0, surrogates and numbers past U+10FFFF
    /// become U+FFFD.
    package static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            if let (scalar, end) = reference(in: rest[afterAmpersand...]) {
                output.unicodeScalars.append(scalar)
                rest = rest[end...]
            } else {
                output += "&"
                rest = rest[afterAmpersand...]
            }
        }
        output += rest
        return output
    }

    /// The character a reference stands for, given what is between its `&` and `;` (`eacute`,
    /// `#233`, `#xE9`); nil if that is no reference.
    static func scalar(forReference body: Substring) -> Unicode.Scalar? {
        if body.first == "#" {
            let digits = body.dropFirst()
            let isHex = digits.first == "x" || digits.first == "X"
            let number = isHex ? digits.dropFirst() : digits
            guard !number.isEmpty, number.allSatisfy({ isHex ? $0.isHexDigit : ("0"..."9").contains($0) }) else { return nil }
            return numeric(UInt32(number, radix: isHex ? 16 : 10))
        }
        return names[String(body)].flatMap(Unicode.Scalar.init)
    }
}

private extension CharacterReferences {
    /// The longest name or number a reference may have before its `;`.
    static let maximumLength = 32

    /// The character of the reference `text` starts with, and where the text after its `;` begins.
    static func reference(in text: Substring) -> (Unicode.Scalar, Substring.Index)? {
        guard let semicolon = text.utf8.prefix(maximumLength + 1).firstIndex(of: UInt8(ascii: ";")) else { return nil }
        guard let scalar = scalar(forReference: text[..<semicolon]) else { return nil }
        return (scalar, text.index(after: semicolon))
    }

    /// The character for a numeric reference, as HTML reads it; nil stands for an overflow.
    static func numeric(_ value: UInt32?) -> Unicode.Scalar {
        let replacement: Unicode.Scalar = "\u{FFFD}"
        guard let value, value != 0 else { return replacement }
        if (0x80...0x9F).contains(value) {
            return windows1252[Int(value - 0x80)].flatMap(Unicode.Scalar.init) ?? Unicode.Scalar(value) ?? replacement
        }
        return Unicode.Scalar(value) ?? replacement
    }

    /// What 128–159 stand for in Windows-1252, which older engines wrote as numbers; nil
    /// where Windows-1252 has no character.
    static let windows1252: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
        nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
    ]
}
