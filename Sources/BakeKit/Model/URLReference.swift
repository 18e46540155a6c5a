/// A URL or a relative reference split into its five parts, as RFC 3986 reads them, and
/// resolved against a base URL by its section 5.2: the one place bake works out where a
/// link leads. `WebURL` says whether text is an absolute web URL; this says where
/// `../about.html` goes from a page.
///
/// The parts keep their bytes as written (no percent-decoding); only the scheme is
/// lowercased.
///
/// ```swift
/// let base = URLReference("https://example.com/2014/03/31/hello.html")
/// URLReference("../about.html#me").resolved(against: base).text   // "https://example.com/2014/03/about.html#me"
/// URLReference("//cdn.example.net/a.js").host                     // "cdn.example.net"
/// URLReference.removingDotSegments("/a/b/../c/./d")              // "/a/c/d"
/// ```
package struct URLReference: Sendable, Hashable {
    /// The scheme, lowercased, e.g. `https`; nil for a relative reference.
    package let scheme: String?
    /// What follows `//`, up to the path, e.g. `example.com:8080`; nil when there is no `//`.
    package let authority: Substring?
    /// The path, possibly empty, e.g. `/2014/03/31/hello.html`.
    package let path: Substring
    /// What follows `?`, without it; nil when there is no `?`.
    package let query: Substring?
    /// What follows `#`, without it; nil when there is no `#`.
    package let fragment: Substring?

    /// Splits `text` as RFC 3986 appendix B does, with a scheme only when it is one
    /// (a letter, then letters, digits, `+`, `-` or `.`).
    package init(_ text: some StringProtocol) {
        var rest = Substring(text)
        var fragment: Substring?
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = rest[rest.utf8.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.utf8.index(after: mark)...]
            rest = rest[..<mark]
        }
        var scheme: String?
        let utf8 = rest.utf8
        if let first = utf8.first, Self.isLetter(first) {
            var index = utf8.index(after: utf8.startIndex)
            while index < utf8.endIndex, Self.isSchemeByte(utf8[index]) { index = utf8.index(after: index) }
            if index < utf8.endIndex, utf8[index] == UInt8(ascii: ":") {
                scheme = rest[..<index].lowercased()
                rest = rest[utf8.index(after: index)...]
            }
        }
        var authority: Substring?
        if rest.utf8.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            rest = rest.dropFirst(2)
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            authority = rest[..<end]
            rest = rest[end...]
        }
        self.init(scheme: scheme, authority: authority, path: rest, query: query, fragment: fragment)
    }

    /// A URL made of its parts, e.g. a page of a site: scheme and host known, path built.
    package init(scheme: String?, authority: Substring?, path: Substring, query: Substring? = nil, fragment: Substring? = nil) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The authority without any user info, e.g. `example.com:8080`; nil when there is no authority.
    package var host: Substring? {
        guard let authority else { return nil }
        guard let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) else { return authority }
        return authority[authority.utf8.index(after: at)...]
    }

    /// The parts put back together (RFC 3986 section 5.3).
    package var text: String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    /// Where this reference leads from `base`, RFC 3986 section 5.2.2 (strict): a reference
    /// with a scheme stands alone; otherwise it takes what it lacks from `base`, and the
    /// path has its `.` and `..` segments removed once.
    package func resolved(against base: URLReference) -> URLReference {
        if scheme != nil || authority != nil {
            return URLReference(scheme: scheme ?? base.scheme, authority: authority,
                                path: Self.removingDotSegments(path), query: query, fragment: fragment)
        }
        let path: Substring
        if self.path.isEmpty {
            path = base.path
        } else if self.path.utf8.first == UInt8(ascii: "/") {
            path = Self.removingDotSegments(self.path)
        } else {
            path = Self.removingDotSegments(Self.merged(base: base, path: self.path))
        }
        return URLReference(scheme: base.scheme, authority: base.authority, path: path,
                            query: self.path.isEmpty && query == nil ? base.query : query, fragment: fragment)
    }

    /// RFC 3986's remove_dot_segments (section 5.2.4): `/a/b/../c/./d` → `/a/c/d`.
    /// A path without `.` segments comes back as it is.
    package static func removingDotSegments(_ path: String) -> String {
        String(removingDotSegments(Substring(path)))
    }

    /// `removingDotSegments` of part of a string.
    package static func removingDotSegments(_ path: Substring) -> Substring {
        guard hasDotSegment(path) else { return path }
        let rooted = path.utf8.first == UInt8(ascii: "/")
        var segments = path.split(separator: "/", omittingEmptySubsequences: false)[...]
        if rooted { segments = segments.dropFirst() }
        var output: [Substring] = []
        for (index, segment) in zip(segments.indices, segments) {
            let isLast = index == segments.endIndex - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast, rooted || !output.isEmpty { output.append("") }
            default:
                output.append(segment)
            }
        }
        return Substring((rooted ? "/" : "") + output.joined(separator: "/"))
    }
}

private extension URLReference {
    /// RFC 3986 section 5.2.3: `path` under the folder of `base`'s path.
    static func merged(base: URLReference, path: Substring) -> Substring {
        if base.authority != nil, base.path.isEmpty { return "/" + path }
        guard let slash = base.path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return Substring(base.path[...slash] + path)
    }

    /// Whether the path has a `.` or `..` segment.
    static func hasDotSegment(_ path: Substring) -> Bool {
        var previous = UInt8(ascii: "/")
        for byte in path.utf8 {
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return false
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
