import BakeKit

/// A post's absolute URL, both ways: the permalink the shim answers a create with, and
/// the permalink an update, delete or query names.
///
/// ```swift
/// let urls = PostURL(siteURL: "https://example.com", layout: SiteLayout())
/// urls.permalink("https://example.com/2014/03/31/hello.html")   // 2014/03/31 "hello"
/// urls.permalink("https://elsewhere.example/2014/03/31/hello.html")   // nil
/// ```
struct PostURL: Sendable {
    /// The site's URL, without a trailing slash.
    let siteURL: String
    /// Where posts go in the site.
    let layout: SiteLayout

    /// The absolute URL of a permalink.
    func url(_ permalink: Permalink) -> String {
        siteURL + "/" + layout.post(permalink)
    }

    /// The permalink `url` names, or nil when it is not a post URL of this site. The scheme
    /// may differ (`http` for `https`); a query or fragment is ignored.
    func permalink(_ url: String) -> Permalink? {
        var text = Substring(url)
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<end] }
        let site = Self.withoutScheme(siteURL) + "/"
        var rest = Self.withoutScheme(String(text))
        guard rest.hasPrefix(site) else { return nil }
        rest.removeFirst(site.count)
        guard rest.hasPrefix(layout.blogFolder), rest.hasSuffix(layout.fileSuffix) else { return nil }
        let path = rest.dropFirst(layout.blogFolder.count).dropLast(layout.fileSuffix.count)
        guard !path.contains("."), !path.contains("\\") else { return nil }
        return Permalink(calendarPath: path + ".markdown")
    }
}

private extension PostURL {
    static func withoutScheme(_ url: String) -> String {
        for scheme in ["https://", "http://"] where url.lowercased().hasPrefix(scheme) {
            return String(url.dropFirst(scheme.count))
        }
        return url
    }
}
