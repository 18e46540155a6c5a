/// The files of a built site, and which of them a path of the site is served from, as a static
/// web server finds it.
///
/// ```swift
/// let files = SiteFiles(["index.html", "about/index.html", "style.css"])
/// files.file(serving: "")        // "index.html"
/// files.file(serving: "about")   // "about/index.html": the server redirects to about/
/// files.file(serving: "gone.html")   // nil
/// ```
public struct SiteFiles: Sendable {
    private let files: Set<String>

    /// The site's files, by path relative to its folder.
    public init(_ paths: some Sequence<String>) {
        files = Set(paths)
    }

    /// The file served for `path` (as `LinkTarget.site` gives it), or nil when there is none.
    public func file(serving path: String) -> String? {
        if path.isEmpty || path.hasSuffix("/") {
            let index = path + "index.html"
            return files.contains(index) ? index : nil
        }
        if files.contains(path) { return path }
        // A folder: servers answer with a redirect to `path/`, then its index.
        let index = path + "/index.html"
        return files.contains(index) ? index : nil
    }

    public var count: Int { files.count }
}
