/// The `Content-Type` of a site file, from its name.
enum ContentType {
    static let html = "text/html; charset=utf-8"

    /// The type for `path`, e.g. `text/css; charset=utf-8` for `style.css`.
    static func of(_ path: String) -> String {
        // The site's feed and every category's.
        if path == "rss.xml" || path.hasSuffix("/rss.xml") || path.hasSuffix(".rss") { return "application/rss+xml; charset=utf-8" }
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
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
        "txt": "text/plain; charset=utf-8", "md": "text/plain; charset=utf-8", "markdown": "text/plain; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "pdf": "application/pdf", "mp3": "audio/mpeg", "mp4": "video/mp4", "webm": "video/webm",
    ]
}
