/// Makes the relative `href` and `src` attributes of an HTML fragment absolute, for feeds,
/// which readers show far away from the site.
public struct URLRewriter: Sendable {
    /// The scheme and host, e.g. `https://example.com`.
    public let origin: String

    public init(origin: String) {
        self.origin = origin
    }

    /// `html` with every relative `href="…"`/`src="…"` resolved against `pageURL`,
    /// the absolute URL of the page the fragment came from.
    public func absolutize(_ html: String, pageURL: String) -> String {
        // The page's URL is read once, for every page-relative link of the fragment.
        let page = URLReference(pageURL)
        return Self.rewriteLinks(in: html) { resolve(String($0), pageURL: pageURL, page: page) }
    }

    /// `html` with every root-relative `href="/…"`/`src="/…"` moved under `base` (e.g.
    /// `/blog`), for sites that do not live at the root of their host.
    public static func prefixRootRelative(_ html: String, base: String) -> String {
        guard !base.isEmpty, html.utf8.containsBytes(of: "=\"/") || html.utf8.containsBytes(of: "='/") else { return html }
        return rewriteLinks(in: html) { value in
            value.hasPrefix("/") && !value.hasPrefix("//") && !value.hasPrefix(base + "/") && value != base ? base + value : nil
        }
    }

    /// `reference` resolved against `pageURL`; absolute URLs come back unchanged.
    public func resolve(_ reference: String, pageURL: String) -> String {
        resolve(reference, pageURL: pageURL, page: nil)
    }

    /// `resolve(_:pageURL:)` with `pageURL` already read, when the caller has it.
    func resolve(_ reference: String, pageURL: String, page: URLReference?) -> String {
        if reference.isEmpty { return pageURL }
        if Self.hasScheme(reference) { return reference }
        if reference.hasPrefix("//") { return "https:" + reference }
        if reference.hasPrefix("/") { return origin + reference }
        if reference.hasPrefix("#") || reference.hasPrefix("?") {
            let base = pageURL.split(separator: "#", maxSplits: 1).first.map(String.init) ?? pageURL
            return base + reference
        }
        // Relative to the page's folder, with ./ and ../ removed (RFC 3986 section 5.2).
        let base = page ?? URLReference(pageURL)
        guard base.scheme != nil, base.authority != nil else { return reference }
        return URLReference(reference).resolved(against: base).text
    }
}

private extension URLRewriter {
    /// `html` with each link value replaced by what `transform` makes of it (nil: keep it).
    static func rewriteLinks(in html: String, _ transform: (Substring) -> String?) -> String {
        let ranges = linkValues(in: html)
        guard !ranges.isEmpty else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count + 256)
        var copied = html.startIndex
        for range in ranges {
            output += html[copied..<range.lowerBound]
            if let replacement = transform(html[range]) { output += replacement } else { output += html[range] }
            copied = range.upperBound
        }
        output += html[copied...]
        return output
    }

    /// The ranges of the values of `href` and `src` attributes of the tags in `html`, in
    /// order. Text between tags is never matched, so markup shown as text (`&lt;a href=…`)
    /// or written in a code block stays as it is.
    static func linkValues(in html: String) -> [Range<String.Index>] {
        let utf8 = html.utf8
        var ranges: [Range<String.Index>] = []
        var index = utf8.startIndex
        func byte(at offset: Int, from position: String.Index) -> UInt8? {
            guard let target = utf8.index(position, offsetBy: offset, limitedBy: utf8.endIndex), target < utf8.endIndex else { return nil }
            return utf8[target]
        }
        while index < utf8.endIndex {
            // Outside tags: look for `<` followed by a letter.
            guard utf8[index] == UInt8(ascii: "<"), let next = byte(at: 1, from: index), isLetter(next) else {
                index = utf8.index(after: index)
                continue
            }
            index = utf8.index(after: index)
            // Inside a tag until an unquoted `>`.
            var previous = utf8[index]
            while index < utf8.endIndex, utf8[index] != UInt8(ascii: ">") {
                let current = utf8[index]
                if isSpace(previous), let name = attributeName(utf8, at: index) {
                    // `name="value"` or `name='value'`
                    var cursor = utf8.index(index, offsetBy: name)
                    if cursor < utf8.endIndex, utf8[cursor] == UInt8(ascii: "="),
                       let quoteAt = utf8.index(cursor, offsetBy: 1, limitedBy: utf8.endIndex), quoteAt < utf8.endIndex,
                       utf8[quoteAt] == UInt8(ascii: "\"") || utf8[quoteAt] == UInt8(ascii: "'") {
                        let quote = utf8[quoteAt]
                        let valueStart = utf8.index(after: quoteAt)
                        cursor = valueStart
                        while cursor < utf8.endIndex, utf8[cursor] != quote { cursor = utf8.index(after: cursor) }
                        guard cursor < utf8.endIndex else { return ranges }
                        ranges.append(valueStart..<cursor)
                        previous = quote
                        index = utf8.index(after: cursor)
                        continue
                    }
                }
                if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                    // Skip any other quoted attribute value whole.
                    var cursor = utf8.index(after: index)
                    while cursor < utf8.endIndex, utf8[cursor] != current { cursor = utf8.index(after: cursor) }
                    guard cursor < utf8.endIndex else { return ranges }
                    previous = current
                    index = utf8.index(after: cursor)
                    continue
                }
                previous = current
                index = utf8.index(after: index)
            }
            if index < utf8.endIndex { index = utf8.index(after: index) }
        }
        return ranges
    }

    /// The length of `href` or `src` (any case) at `index`, if one starts there.
    static func attributeName(_ utf8: String.UTF8View, at index: String.Index) -> Int? {
        for name in ["href", "src"] {
            var cursor = index
            var matched = true
            for expected in name.utf8 {
                guard cursor < utf8.endIndex, utf8[cursor] | 0x20 == expected else {
                    matched = false
                    break
                }
                cursor = utf8.index(after: cursor)
            }
            if matched { return name.utf8.count }
        }
        return nil
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":") else { return false }
        let scheme = reference[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
