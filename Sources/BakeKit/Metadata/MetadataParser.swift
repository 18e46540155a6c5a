/// Splits a file into its `@key value` header and its body.
///
/// The header is the run of lines at the top of the file of the form `@key value`: the key is
/// ASCII letters, digits and `_`; the value is the rest of the line after the first space, and
/// may be empty. `(empty-string)` stands for "". The first line not of that form ends the
/// header. One blank line right after the header is a separator, not part of the body.
///
/// ```swift
/// let parsed = try MetadataParser().parse(Array("@title Hi\n\nBody\n".utf8))
/// parsed.metadata[.title]   // "Hi"
/// parsed.body                // "Body\n"
/// ```
public struct MetadataParser: Sendable {
    public init() {}

    /// Parses UTF-8 bytes; throws `.invalidUTF8` with the line of the first bad byte.
    public func parse(_ bytes: [UInt8]) throws(MetadataError) -> ParsedSource {
        // Some editors start UTF-8 files with a byte-order mark; it is not part of the header.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        guard let text = String(validating: body, as: UTF8.self) else {
            throw Self.utf8Error(in: bytes)
        }
        return parse(text: text)
    }

    /// Parses text that is already a `String`.
    public func parse(text: String) -> ParsedSource {
        var fields: [PostMetadata.Field] = []
        let utf8 = text.utf8
        var index = utf8.startIndex
        var line = 1
        // Header lines.
        while index < utf8.endIndex, utf8[index] == UInt8(ascii: "@") {
            let lineEnd = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            guard let field = Self.field(in: utf8[index..<lineEnd], line: line) else { break }
            fields.append(field)
            line += 1
            index = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
        }
        // One blank separator line, only after a header.
        if !fields.isEmpty, index < utf8.endIndex {
            let lineEnd = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            if utf8[index..<lineEnd].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
                line += 1
                index = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
            }
        }
        let body = String(text[index...])
        return ParsedSource(metadata: PostMetadata(fields: fields), body: body, bodyLine: line)
    }
}

extension MetadataParser {
    /// Parses a settings file, where every line counts: `@key value` lines, blank lines and
    /// `#` comments may come in any order. Any other line is an error at that line, so that a
    /// stray line never silently ends the settings; the good lines are kept all the same.
    public func parseSettings(_ bytes: [UInt8]) throws(MetadataError) -> (metadata: PostMetadata, errors: [MetadataError]) {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        guard let whole = String(validating: body, as: UTF8.self) else {
            throw Self.utf8Error(in: bytes)
        }
        var fields: [PostMetadata.Field] = []
        var errors: [MetadataError] = []
        // "\r\n" is one Character, so a split on "\n" alone would not see Windows line ends.
        for (offset, rawLine) in whole.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let number = offset + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if line.hasPrefix("@"), let field = Self.field(in: line.utf8, line: number) {
                fields.append(field)
            } else {
                let shown = line.count > 60 ? line.prefix(60) + "…" : line
                errors.append(MetadataError(line: number, reason: .notASetting(String(shown))))
            }
        }
        return (PostMetadata(fields: fields), errors)
    }
}

/// A file split into header and body.
public struct ParsedSource: Sendable, Hashable {
    public let metadata: PostMetadata
    /// Everything after the header and its optional blank separator line.
    public let body: String
    /// The 1-based line the body starts on.
    public let bodyLine: Int
}

extension MetadataParser {
    /// Whether `byte` may be part of a key: ASCII letters, digits and `_`.
    static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}

private extension MetadataParser {
    static let emptyString = "(empty-string)"

    static func field(in line: Substring.UTF8View, line number: Int) -> PostMetadata.Field? {
        var bytes = line[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        let afterAt = bytes.index(after: bytes.startIndex)
        var keyEnd = afterAt
        while keyEnd < bytes.endIndex, isKeyByte(bytes[keyEnd]) {
            keyEnd = bytes.index(after: keyEnd)
        }
        guard keyEnd > afterAt else { return nil }
        let key = String(Substring(bytes[afterAt..<keyEnd]))
        var value = ""
        if keyEnd < bytes.endIndex {
            // After the key, only a space (or a tab) may follow; anything else is body text.
            guard bytes[keyEnd] == UInt8(ascii: " ") || bytes[keyEnd] == UInt8(ascii: "\t") else { return nil }
            value = String(Substring(bytes[bytes.index(after: keyEnd)...]))
            while let last = value.last, last == " " || last == "\t" { value.removeLast() }
        }
        if value == emptyString { value = "" }
        return PostMetadata.Field(key: key, value: value, line: number)
    }

    /// Finds the line and byte column of the first byte that breaks UTF-8.
    static func utf8Error(in bytes: [UInt8]) -> MetadataError {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            let end = index + length
            let valid = length > 0 && end <= bytes.count
                && String(validating: bytes[index..<end], as: UTF8.self) != nil
            if !valid {
                return MetadataError(line: line, column: index - lineStart + 1, reason: .invalidUTF8)
            }
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index = end
        }
        return MetadataError(line: line, reason: .invalidUTF8)
    }
}
