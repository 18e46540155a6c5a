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
        guard html.utf8.containsBytes(of: "href=") || html.utf8.containsBytes(of: "src=") else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count + 256)
        var rest = html[...]
        while let match = Self.nextAttribute(in: rest) {
            output += rest[..<match.valueStart]
            let value = rest[match.valueStart..<match.valueEnd]
            output += resolve(String(value), pageURL: pageURL)
            rest = rest[match.valueEnd...]
        }
        output += rest
        return output
    }

    /// `html` with every root-relative `href="/…"`/`src="/…"` moved under `base` (e.g.
    /// `/blog`), for sites that do not live at the root of their host.
    public static func prefixRootRelative(_ html: String, base: String) -> String {
        guard !base.isEmpty, html.utf8.containsBytes(of: "=\"/") || html.utf8.containsBytes(of: "='/") else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count + 64)
        var rest = html[...]
        while let match = nextAttribute(in: rest) {
            output += rest[..<match.valueStart]
            let value = rest[match.valueStart..<match.valueEnd]
            if value.hasPrefix("/"), !value.hasPrefix("//"), !value.hasPrefix(base + "/"), value != base {
                output += base
            }
            output += value
            rest = rest[match.valueEnd...]
        }
        output += rest
        return output
    }

    /// `reference` resolved against `pageURL`; absolute URLs come back unchanged.
    public func resolve(_ reference: String, pageURL: String) -> String {
        if reference.isEmpty { return pageURL }
        if Self.hasScheme(reference) { return reference }
        if reference.hasPrefix("//") { return "https:" + reference }
        if reference.hasPrefix("/") { return origin + reference }
        if reference.hasPrefix("#") || reference.hasPrefix("?") {
            let base = pageURL.split(separator: "#", maxSplits: 1).first.map(String.init) ?? pageURL
            return base + reference
        }
        // Relative to the page's folder, with ./ and ../ folded.
        guard let schemeEnd = pageURL.range(of: "://") else { return reference }
        let afterScheme = pageURL[schemeEnd.upperBound...]
        let pathStart = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        var segments = afterScheme[pathStart...].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        segments.removeLast()
        for part in reference.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "." { continue }
            if part == ".." {
                if segments.count > 1 { segments.removeLast() }
                continue
            }
            segments.append(String(part))
        }
        return String(pageURL[..<pathStart]) + segments.joined(separator: "/")
    }
}

private extension URLRewriter {
    struct Match {
        let valueStart: Substring.Index
        let valueEnd: Substring.Index
    }

    static func nextAttribute(in text: Substring) -> Match? {
        var search = text
        while let eq = search.firstIndex(of: "=") {
            let before = search[..<eq]
            let isHref = before.hasSuffix(" href") || before.hasSuffix("\nhref") || before.hasSuffix("\thref")
            let isSrc = before.hasSuffix(" src") || before.hasSuffix("\nsrc") || before.hasSuffix("\tsrc")
            let afterEq = search.index(after: eq)
            if (isHref || isSrc), afterEq < search.endIndex {
                let quote = search[afterEq]
                if quote == "\"" || quote == "'" {
                    let valueStart = search.index(after: afterEq)
                    if let valueEnd = search[valueStart...].firstIndex(of: quote) {
                        return Match(valueStart: valueStart, valueEnd: valueEnd)
                    }
                }
            }
            search = search[afterEq...]
        }
        return nil
    }

    static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":") else { return false }
        let scheme = reference[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
