import Foundation

/// An absolute `http` or `https` URL, read strictly: `scheme://host[:port][/path][?query][#fragment]`
/// in printable ASCII, with a host of letters, digits, dots and hyphens (or an IPv6 literal)
/// and no user info. What a post or a setting may name as a page on another site, such as
/// the post an `@in_reply_to` answers or an `@me` profile.
///
/// Browsers read `https:evil.example`, `https:///evil.example` and `https:\\evil.example` as
/// `https://evil.example`, and `javascript:` runs script; none of them is a `WebURL`, and
/// neither is text with spaces, quotes or angle brackets, so a value that is one can stand in
/// an `href` and a header line as it is.
///
/// ```swift
/// WebURL("https://example.com/2014/03/31/hello.html")?.host   // "example.com"
/// WebURL("javascript:alert(1)")                               // nil
/// WebURL.list("https://a.example/, https://b.example/me")     // two URLs
/// ```
public struct WebURL: Sendable, Hashable {
    /// The URL as written.
    public let text: String
    /// `http` or `https`, lowercased.
    public let scheme: String
    /// The host, lowercased; an IPv6 literal keeps its brackets.
    public let host: String
    /// The port, or the scheme's own (80, 443).
    public let port: Int

    /// Reads `text`; nil unless it is an absolute `http` or `https` URL of the plain form above.
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= 2048,
              text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !Self.refusedBytes.contains($0) })
        else { return nil }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return nil }
        let authorityAndMore = rest.dropFirst(2)
        let end = authorityAndMore.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? authorityAndMore.endIndex
        guard let (host, port) = Self.hostAndPort(authorityAndMore[..<end], scheme: scheme) else { return nil }
        self.text = text
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// The URLs of a comma-separated list, as `@me` and `@in_reply_to` hold them; nil when
    /// any part is not a `WebURL`. Empty parts are skipped.
    public static func list(_ text: String) -> [WebURL]? {
        var urls: [WebURL] = []
        for part in text.split(separator: ",") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let url = WebURL(trimmed) else { return nil }
            urls.append(url)
        }
        return urls
    }

    /// `urls` as one comma-separated value that `list` reads back: a comma inside a URL is
    /// written `%2C`.
    public static func listText(_ urls: [WebURL]) -> String {
        urls.map { $0.text.replacingOccurrences(of: ",", with: "%2C") }.joined(separator: ", ")
    }

    /// The path, without query or fragment: `/` when the URL has none.
    public var path: String {
        let afterScheme = text.dropFirst(scheme.count + 3)
        guard let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }), afterScheme[slash] == "/" else { return "/" }
        let rest = afterScheme[slash...]
        return String(rest[..<(rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex)])
    }

    /// Whether this URL is a page of the site at `site`: the same origin (scheme, host and
    /// port, as the Webmention spec reads "the same site") and a path inside the site's, so
    /// that another user's site on a shared host (`/~bob/` beside `/~alice/`) is another site.
    public func isPage(ofSite site: WebURL) -> Bool {
        guard scheme == site.scheme, host == site.host, port == site.port else { return false }
        let folder = site.path.hasSuffix("/") ? site.path : site.path + "/"
        return folder == "/" || path.hasPrefix(folder) || path == site.path
    }

    /// The URL as a reader recognizes it, without its scheme or a lone trailing slash:
    /// `https://example.com/` → `example.com`.
    public var label: String {
        var label = String(text.dropFirst(scheme.count + 3))
        if label.hasSuffix("/"), label.dropLast().firstIndex(of: "/") == nil { label.removeLast() }
        return label
    }
}

private extension WebURL {
    /// Read differently by browsers and parsers, or not allowed in a URL at all: `"` `<` `>` `\` `^` `` ` `` `{` `|` `}`.
    static let refusedBytes: Set<UInt8> = Set("\"<>\\^`{|}".utf8)

    /// The host and port of an authority, checked; nil for user info, an empty host or a bad port.
    static func hostAndPort(_ authority: Substring, scheme: String) -> (String, Int)? {
        // No user info: `https://app.example@evil.example/` is evil.example's.
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var host = authority
        var port = scheme == "https" ? 443 : 80
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            let after = host[host.index(after: close)...]
            host = host[...close]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = Int(after.dropFirst()), (1...65535).contains(number) else { return nil }
                port = number
            }
        } else {
            if let colon = host.firstIndex(of: ":") {
                guard let number = Int(host[host.index(after: colon)...]), (1...65535).contains(number) else { return nil }
                port = number
                host = host[..<colon]
            }
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            guard !host.isEmpty, host.utf8.count <= 253,
                  labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } })
            else { return nil }
        }
        return (host.lowercased(), port)
    }
}
