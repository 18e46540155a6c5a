/// The `Content-Type` of a site file, from its name: what `bake preview` serves it as, and
/// what `bake deploy` stores it as in object storage; and how long a reader's browser and a
/// CDN may keep it.
public enum ContentType {
    public static let html = "text/html; charset=utf-8"

    /// The type for `path`, e.g. `text/css; charset=utf-8` for `style.css`.
    public static func of(_ path: String) -> String {
        // The site's feed and every category's.
        if path == "rss.xml" || path.hasSuffix("/rss.xml") || path.hasSuffix(".rss") { return "application/rss+xml; charset=utf-8" }
        if path == "feed.json" || path.hasSuffix("/feed.json") { return "application/feed+json; charset=utf-8" }
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        let ext = name[name.index(after: dot)...].lowercased()
        // Editors' uploads are served as the shim took them (`MediaKind`), the rest by this table.
        return byExtension[ext] ?? MediaKind.contentType(ofExtension: ext) ?? "application/octet-stream"
    }

    /// Whether pages of this type get the reload script.
    public static func isHTML(_ type: String) -> Bool {
        type.hasPrefix("text/html")
    }

    /// How long a browser or a CDN may keep the file at `path` before asking again: five
    /// minutes for pages, feeds and the other text of the site, so that an edit shows soon;
    /// thirty days for pictures, sound, video and fonts, which a post names once and which are
    /// replaced under the same name only rarely.
    public static func cacheControl(of path: String) -> String {
        let type = of(path)
        let lasting = ["image/", "audio/", "video/", "font/"].contains { type.hasPrefix($0) } || type == "application/pdf" || type == "application/epub+zip"
        return lasting ? longCache : shortCache
    }

    /// The `Cache-Control` of pages and feeds.
    public static let shortCache = "public, max-age=300"
    /// The `Cache-Control` of pictures and other media.
    public static let longCache = "public, max-age=2592000"
}

private extension ContentType {
    static let byExtension: [String: String] = [
        "html": html, "htm": html,
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "md": "text/plain; charset=utf-8", "markdown": "text/plain; charset=utf-8",
        "svg": "image/svg+xml", "ico": "image/x-icon",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
    ]
}
