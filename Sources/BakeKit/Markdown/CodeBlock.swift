/// A fenced code block of a Markdown body that names its language: what a highlighter works on.
///
/// Blocks are found in the body's HTML as cmark-gfm writes them (after
/// `MarkdownRenderer.accessible`), at the start of a line:
/// `<pre tabindex="0"><code class="language-swift">…</code></pre>`, the code escaped with
/// `&amp;`, `&lt;`, `&gt;` and `&quot;` and holding no tag. Anything else (a block without a
/// language, markup inside a `<code>`, other references) is left alone. Raw HTML that an author
/// wrote in exactly that form is treated as a block, as `accessible` treats it.
///
/// ```swift
/// let blocks = CodeBlock.all(in: html)                       // [CodeBlock(language: "swift", code: "let x = 1\n")]
/// CodeBlock.splice(html, [blocks[0]: "<span class=\"kd\">let</span> …"])
/// ```
public struct CodeBlock: Sendable, Hashable {
    /// The first word of the fence's info string, as the author wrote it: `swift`, `objc`, `sh`.
    public let language: String
    /// The code as text, unescaped, with its last newline.
    public let code: String

    public init(language: String, code: String) {
        self.language = language
        self.code = code
    }

    /// The blocks of one body and where their code stands in it: found once, then spliced.
    public struct Located: Sendable {
        public let html: String
        fileprivate let found: [Found]

        /// Its blocks, in order, repeats included.
        public var blocks: [CodeBlock] { found.map(\.block) }
    }

    fileprivate struct Found: Sendable {
        let block: CodeBlock
        /// The byte range of the escaped code.
        let code: Range<Int>
    }

    /// Whether `html` may hold a block at all: a search for the opening tag, no more.
    public static func mayOccur(in html: String) -> Bool {
        html.utf8.containsBytes(of: opening)
    }

    /// The blocks of `html` that name their language, and where they stand.
    public static func locate(in html: String) -> Located {
        guard mayOccur(in: html) else { return Located(html: html, found: []) }
        return Located(html: html, found: found(in: html, bytes: Array(html.utf8)))
    }

    /// Every block of `html` that names its language, in order, repeats included.
    public static func all(in html: String) -> [CodeBlock] {
        locate(in: html).blocks
    }

    /// `html` with the code of every block that `highlighted` has HTML for replaced by that
    /// HTML; the `<pre>` and `<code>` around it stay as they are.
    public static func splice(_ html: String, _ highlighted: [CodeBlock: String]) -> String {
        guard !highlighted.isEmpty else { return html }
        return splice(locate(in: html), highlighted)
    }

    /// The body `located` was found in, with the code of every block that `highlighted` has
    /// HTML for replaced by that HTML.
    public static func splice(_ located: Located, _ highlighted: [CodeBlock: String]) -> String {
        let html = located.html
        guard !highlighted.isEmpty, !located.found.isEmpty else { return html }
        let bytes = Array(html.utf8)
        var result: [UInt8] = []
        var copied = 0
        for found in located.found {
            let (block, code) = (found.block, found.code)
            guard let replacement = highlighted[block] else { continue }
            if result.isEmpty { result.reserveCapacity(bytes.count * 3) }
            result += bytes[copied..<code.lowerBound]
            result += replacement.utf8
            copied = code.upperBound
        }
        guard copied > 0 else { return html }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `html`, a highlighter's answer for this block, shows exactly this code: text,
    /// the references `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`, and properly nested
    /// `<span>` or `<span class="…">` tags, whose text is the code byte for byte. Anything else
    /// is refused, so that a highlighter can neither lose a character nor add markup.
    public func isShown(by html: String) -> Bool {
        var text: [UInt8] = []
        text.reserveCapacity(code.utf8.count)
        var depth = 0
        let bytes = Array(html.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                if let end = Self.spanOpening(in: bytes, at: index) {
                    depth += 1
                    index = end
                } else if Self.matches(bytes, at: index, "</span>") {
                    depth -= 1
                    guard depth >= 0 else { return false }
                    index += "</span>".utf8.count
                } else {
                    return false
                }
            case UInt8(ascii: "&"):
                guard let (decoded, length) = Self.reference(in: bytes, at: index, apostrophe: true) else { return false }
                text.append(decoded)
                index += length
            case UInt8(ascii: ">"):
                return false
            default:
                text.append(byte)
                index += 1
            }
        }
        return depth == 0 && text.elementsEqual(code.utf8)
    }
}

private extension CodeBlock {
    static let opening = "<pre tabindex=\"0\"><code class=\"language-"
    static let closing = "</code></pre>"

    /// Each block of `bytes` with the byte range of its escaped code.
    static func found(in html: String, bytes: [UInt8]) -> [Found] {
        var blocks: [Found] = []
        var start = 0
        while let hit = html.utf8.firstOffset(of: opening, from: start) {
            start = hit + 1
            guard hit == 0 || bytes[hit - 1] == UInt8(ascii: "\n") else { continue }
            let languageStart = hit + opening.utf8.count
            guard let quote = (languageStart..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: "\"") }),
                  quote > languageStart, quote + 1 < bytes.count, bytes[quote + 1] == UInt8(ascii: ">"),
                  let language = unescaped(bytes[languageStart..<quote]),
                  !language.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "<" || $0 == ">" })
            else { continue }
            let codeStart = quote + 2
            guard let end = html.utf8.firstOffset(of: closing, from: codeStart) else { break }
            let after = end + closing.utf8.count
            guard after == bytes.count || bytes[after] == UInt8(ascii: "\n"),
                  let code = unescaped(bytes[codeStart..<end])
            else { continue }
            blocks.append(Found(block: CodeBlock(language: language, code: code), code: codeStart..<end))
            start = after
        }
        return blocks
    }

    /// Text escaped as cmark-gfm escapes it, unescaped; nil for a tag or any other reference.
    static func unescaped(_ slice: ArraySlice<UInt8>) -> String? {
        var text: [UInt8] = []
        text.reserveCapacity(slice.count)
        let array = Array(slice)
        var index = 0
        while index < array.count {
            let byte = array[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") { return nil }
            if byte == UInt8(ascii: "&") {
                guard let (decoded, length) = reference(in: array, at: index, apostrophe: false) else { return nil }
                text.append(decoded)
                index += length
            } else {
                text.append(byte)
                index += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The character of the reference at `index` and its length: `&amp;`, `&lt;`, `&gt;`,
    /// `&quot;`, and with `apostrophe` Pygments' `&#39;`.
    static func reference(in bytes: [UInt8], at index: Int, apostrophe: Bool) -> (UInt8, Int)? {
        for (name, character) in references where apostrophe || name != "&#39;" {
            if matches(bytes, at: index, name) { return (character, name.utf8.count) }
        }
        return nil
    }

    static let references: [(String, UInt8)] = [
        ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
        ("&quot;", UInt8(ascii: "\"")), ("&#39;", UInt8(ascii: "'")),
    ]

    /// Where a `<span>` or `<span class="…">` tag at `index` ends (class names of letters,
    /// digits, `-`, `_` and spaces), or nil for any other tag.
    static func spanOpening(in bytes: [UInt8], at index: Int) -> Int? {
        if matches(bytes, at: index, "<span>") { return index + "<span>".utf8.count }
        let prefix = "<span class=\""
        guard matches(bytes, at: index, prefix) else { return nil }
        var cursor = index + prefix.utf8.count
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                return cursor + 1 < bytes.count && bytes[cursor + 1] == UInt8(ascii: ">") ? cursor + 2 : nil
            }
            let allowed = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ")
            guard allowed else { return nil }
            cursor += 1
        }
        return nil
    }

    static func matches(_ bytes: [UInt8], at index: Int, _ text: String) -> Bool {
        let utf8 = text.utf8
        guard bytes.count - index >= utf8.count else { return false }
        return zip(bytes[index...], utf8).allSatisfy { $0 == $1 }
    }

}
