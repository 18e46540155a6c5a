/// Decodes the character references WordPress leaves in titles (`&amp;`, `&#8217;`, `&rsquo;` …),
/// since a bake `@title` is plain text, escaped once when a page shows it.
enum HTMLEntities {
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let tail = rest[rest.index(after: amp)...]
            if let semicolon = tail.prefix(12).firstIndex(of: ";"), let decoded = character(for: tail[..<semicolon]) {
                result.append(decoded)
                rest = tail[tail.index(after: semicolon)...]
            } else {
                result += "&"
                rest = tail
            }
        }
        return result + rest
    }
}

private extension HTMLEntities {
    static let named: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "#039": "'", "nbsp": "\u{A0}",
        "hellip": "…", "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
    ]

    static func character(for name: Substring) -> Character? {
        if let character = named[name] { return character }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init).map(Character.init)
    }
}
