/// Escaping for text and attribute values in XML written by hand.
enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, and characters XML 1.0 forbids dropped.
    static func escape(_ text: String) -> String {
        var needsWork = false
        for byte in text.utf8 where byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            needsWork = true
            break
        }
        guard needsWork else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 64)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
