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

    /// Appends `bytes` (UTF-8) to `output`, escaped for HTML as `html` escapes them: how the
    /// template renderer writes a `{{name}}` into a page, without a `String` between.
    package static func appendHTML(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        append(bytes, from: 0, to: &output, apostrophe: "&#39;", forXML: false)
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
        append(bytes, from: start, to: &output, apostrophe: apostrophe, forXML: forXML)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `bytes` escaped to `output`, copying the runs between the bytes that need
    /// work whole; the bytes before `start` need none.
    @inline(__always)
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to output: inout [UInt8], apostrophe: StaticString, forXML: Bool) {
        var runStart = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            guard needsWork(byte, forXML: forXML) else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            index += 1
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): apostrophe.withUTF8Buffer { output.append(contentsOf: $0) }
            // U+FFFE and U+FFFF are EF BF BE and EF BF BF in UTF-8 (XML only, as needsWork says).
            case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && bytes[index + 1] >= 0xBE:
                index += 2
            case 0xEF: output.append(byte)
            // Controls XML 1.0 forbids (XML only).
            default: break
            }
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
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
