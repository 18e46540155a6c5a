/// Escaping of text for HTML and XML: `&`, `<`, `>`, `"` and `'` become entities. One pass
/// over the bytes; text with nothing to escape comes back as it is, without a copy.
///
/// The one escaper of the package: the shim's markup uses it too.
package enum MarkupEscaping {
    /// For HTML pages: `'` becomes `&#39;`.
    package static func html(_ text: String) -> String {
        escape(text, apostrophe: "&#39;", forXML: false)
    }

    /// For XML 1.0 (feeds, the sitemap): `'` becomes `&apos;`, and the characters XML 1.0
    /// forbids are dropped: controls other than tab, newline and return, and U+FFFE, U+FFFF.
    package static func xml(_ text: String) -> String {
        escape(text, apostrophe: "&apos;", forXML: true)
    }
}

private extension MarkupEscaping {
    static func escape(_ text: String, apostrophe: StaticString, forXML: Bool) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Most template values have nothing to escape; this scan is all they cost.
            guard let first = bytes.firstIndex(where: { needsWork($0, forXML: forXML) }) else { return nil }
            return escape(bytes, from: first, apostrophe: apostrophe, forXML: forXML)
        } ?? text
    }

    /// `bytes` escaped; `start` is the first byte that needs work.
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, apostrophe: StaticString, forXML: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 32)
        output += bytes[..<start]
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): apostrophe.withUTF8Buffer { output.append(contentsOf: $0) }
            case 0x09, 0x0A, 0x0D: output.append(byte)
            case ..<0x20 where forXML: continue
            // U+FFFE and U+FFFF are EF BF BE and EF BF BF in UTF-8.
            case 0xEF where forXML && index + 1 < bytes.count && bytes[index] == 0xBF && bytes[index + 1] >= 0xBE:
                index += 2
            default: output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func needsWork(_ byte: UInt8, forXML: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): return true
        case 0x09, 0x0A, 0x0D: return false
        case ..<0x20, 0xEF: return forXML
        default: return false
        }
    }
}
