import BakeKit
import Foundation

/// The site's own address, and where a URL in one of its pages leads: to a file of the
/// site, to another site, or nowhere bake can check (`mailto:`, `tel:` …).
///
/// ```swift
/// let site = SiteAddress(url: "https://example.com/blog")
/// site.resolve("../about.html#me", on: "2014/03/31/hello.html")   // .site(path: "2014/03/about.html", fragment: "me")
/// site.resolve("https://example.com/blog/", on: "index.html")     // .site(path: "", fragment: nil)
/// site.resolve("https://swift.org/", on: "index.html")            // .external("https://swift.org/")
/// ```
public struct SiteAddress: Sendable, Hashable {
    /// The scheme, lowercase, e.g. `https`.
    public let scheme: String
    /// The host and any port, lowercase, e.g. `example.com`.
    public let host: String
    /// The path of the site, "" or e.g. `/blog`.
    public let basePath: String

    /// The site at `url`, an absolute URL without a trailing slash, as `@site_url` is kept.
    public init(url: String) {
        let parts = URLReference(url)
        scheme = parts.scheme ?? "https"
        host = Self.normalizedHost(parts.host ?? "", scheme: scheme)
        var path = String(parts.path)
        while path.hasSuffix("/") { path.removeLast() }
        basePath = path
    }

    /// Where `reference`, as it stands in the page at `page` (a path in the site), leads.
    public func resolve(_ reference: String, on page: String) -> LinkTarget {
        var text = Substring(reference)
        // Browsers drop leading and trailing spaces and every tab and line break.
        if let first = text.utf8.first, let last = text.utf8.last,
           Self.isSpace(first) || Self.isSpace(last) || text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            var cleaned = reference.trimmingCharacters(in: .whitespacesAndNewlines)
            cleaned.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
            text = Substring(cleaned)
        }
        if text.isEmpty { return .none }
        var fragment: Substring?
        if let hash = text.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = text[text.utf8.index(after: hash)...]
            text = text[..<hash]
        }
        if text.isEmpty { return .site(path: page, fragment: fragment.map(Self.decoded)) }
        let parts = URLReference(text)
        if let scheme = parts.scheme {
            guard scheme == "http" || scheme == "https" else { return .none }
            guard parts.host.map({ Self.normalizedHost($0, scheme: scheme) }) == host else { return .external(String(text)) }
        } else if let otherHost = parts.host {
            guard Self.normalizedHost(otherHost, scheme: scheme) == host else { return .external(scheme + ":" + text) }
        }
        let resolved = parts.resolved(against: pageURL(page))
        let path = resolved.path.isEmpty ? "/" : String(resolved.path)
        guard let inside = inSite(path) else {
            return .external("\(scheme)://\(host)\(path)\(resolved.query.map { "?" + $0 } ?? "")")
        }
        return .site(path: Self.decoded(inside), fragment: fragment.map(Self.decoded))
    }

    /// The site's URL of a path of the site, e.g. `https://example.com/blog/about.html`.
    public func url(of path: String) -> String {
        "\(scheme)://\(host)\(basePath)/\(path)"
    }

    /// The page at `page` (a path in the site) as a URL to resolve references against.
    private func pageURL(_ page: String) -> URLReference {
        URLReference(scheme: scheme, authority: Substring(host), path: Substring(basePath + "/" + page))
    }

    /// `path` (from the host's root) relative to the site's folder, without the leading
    /// slash; nil when it is outside the site.
    private func inSite(_ path: String) -> Substring? {
        if basePath.isEmpty { return path.dropFirst() }
        if path == basePath { return "" }
        guard path.hasPrefix(basePath), path.utf8.dropFirst(basePath.utf8.count).first == UInt8(ascii: "/") else { return nil }
        return path.dropFirst(basePath.count + 1)
    }
}

private extension SiteAddress {
    /// A host as compared: lowercase, without the scheme's default port.
    static func normalizedHost(_ host: some StringProtocol, scheme: String) -> String {
        let lower = host.lowercased()
        if scheme == "https", lower.hasSuffix(":443") { return String(lower.dropLast(4)) }
        if scheme == "http", lower.hasSuffix(":80") { return String(lower.dropLast(3)) }
        return lower
    }

    static func decoded(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        return text.removingPercentEncoding ?? String(text)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
