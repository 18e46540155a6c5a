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
        let parts = Self.split(url)
        scheme = parts.scheme ?? "https"
        host = Self.normalizedHost(parts.host ?? "", scheme: scheme)
        var path = parts.path
        while path.hasSuffix("/") { path.removeLast() }
        basePath = path
    }

    /// Where `reference`, as it stands in the page at `page` (a path in the site), leads.
    public func resolve(_ reference: String, on page: String) -> LinkTarget {
        // Browsers drop leading and trailing spaces and every tab and line break.
        var text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            text.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        }
        if text.isEmpty { return .none }
        var fragment: String?
        if let hash = text.firstIndex(of: "#") {
            fragment = String(text[text.index(after: hash)...])
            text = String(text[..<hash])
        }
        if text.isEmpty { return .site(path: page, fragment: fragment.map(Self.decoded)) }
        let parts = Self.split(text)
        let path: String
        if let scheme = parts.scheme {
            guard scheme == "http" || scheme == "https" else { return .none }
            guard parts.host.map({ Self.normalizedHost($0, scheme: scheme) }) == host else { return .external(text) }
            path = parts.path.isEmpty ? "/" : parts.path
        } else if text.hasPrefix("//") {
            guard parts.host.map({ Self.normalizedHost($0, scheme: scheme) }) == host else { return .external(scheme + ":" + text) }
            path = parts.path.isEmpty ? "/" : parts.path
        } else if text.hasPrefix("/") {
            path = parts.path
        } else {
            let folder = page.lastIndex(of: "/").map { String(page[...$0]) } ?? ""
            path = basePath + "/" + folder + parts.path
        }
        let resolved = Self.removingDotSegments(path)
        guard let inside = inSite(resolved) else {
            return .external("\(scheme)://\(host)\(resolved)\(parts.query.map { "?" + $0 } ?? "")")
        }
        return .site(path: Self.decoded(inside), fragment: fragment.map(Self.decoded))
    }

    /// The site's URL of a path of the site, e.g. `https://example.com/blog/about.html`.
    public func url(of path: String) -> String {
        "\(scheme)://\(host)\(basePath)/\(path)"
    }

    /// `path` (from the host's root) relative to the site's folder, without the leading
    /// slash; nil when it is outside the site.
    private func inSite(_ path: String) -> String? {
        if basePath.isEmpty { return String(path.dropFirst()) }
        if path == basePath { return "" }
        guard path.hasPrefix(basePath + "/") else { return nil }
        return String(path.dropFirst(basePath.count + 1))
    }
}

/// Where a link leads.
public enum LinkTarget: Sendable, Hashable {
    /// A file or folder of the site: its path in the site, percent-escapes decoded, "" for the
    /// site's own folder and ending in `/` for another folder; and the fragment, decoded.
    case site(path: String, fragment: String?)
    /// Another site's URL, without its fragment.
    case external(String)
    /// Nothing to check: `mailto:`, `tel:`, `javascript:`, `data:` and the like, or an empty link.
    case none
}

private extension SiteAddress {
    /// The scheme (lowercase), host, path and query of a URL or reference.
    static func split(_ text: String) -> (scheme: String?, host: String?, path: String, query: String?) {
        var rest = Substring(text)
        var scheme: String?
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCII, first.isLetter,
           rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        var host: String?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<end]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            host = String(authority)
            rest = rest[end...]
        }
        return (scheme, host, String(rest), query)
    }

    /// A host as compared: lowercase, without the scheme's default port.
    static func normalizedHost(_ host: String, scheme: String) -> String {
        let lower = host.lowercased()
        if scheme == "https", lower.hasSuffix(":443") { return String(lower.dropLast(4)) }
        if scheme == "http", lower.hasSuffix(":80") { return String(lower.dropLast(3)) }
        return lower
    }

    /// RFC 3986's remove_dot_segments, for a path that starts with `/`.
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains("/.") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }

    static func decoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        return text.removingPercentEncoding ?? text
    }
}
