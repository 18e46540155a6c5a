import BakeKit

/// The `Content-Type` of a site file, from its name.
enum ContentType {
    static let html = "text/html; charset=utf-8"

    /// The type for `path`, e.g. `text/css; charset=utf-8` for `style.css`.
    static func of(_ path: String) -> String {
        // The site's feed and every category's.
        if path == "rss.xml" || path.hasSuffix("/rss.xml") || path.hasSuffix(".rss") { return "application/rss+xml; charset=utf-8" }
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        let ext = name[name.index(after: dot)...].lowercased()
        // Editors' uploads are served as the shim took them (`MediaKind`), the rest by this table.
        return byExtension[ext] ?? MediaKind.contentType(ofExtension: ext) ?? "application/octet-stream"
    }

    /// Whether pages of this type get the reload script.
    static func isHTML(_ type: String) -> Bool {
        type.hasPrefix("text/html")
    }
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
