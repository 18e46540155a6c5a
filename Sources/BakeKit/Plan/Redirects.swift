import Foundation

/// A page at an old URL of a post or page (`@aliases`), sending readers and search engines on
/// to its permalink.
public struct Redirect: Sendable, Hashable {
    /// Where the redirect is written, e.g. `2009/03/old-slug/index.html`.
    public let path: String
    /// The output path of the post or page it sends readers to.
    public let target: String
    /// The title of that post or page, for the visible link.
    public let title: String
    /// The file whose `@aliases` asked for it, relative to the blog.
    public let sourcePath: String
    /// The old URL as written, e.g. `/2009/03/old-slug/`.
    public let alias: String

    /// Where the redirect for an `@aliases` entry is written, e.g. `2009/03/old-slug/index.html`
    /// for `/2009/03/old-slug/`; nil for what a build refuses as not a path on the site.
    public static func path(ofAlias alias: String) -> String? {
        Redirects.outputPath(of: alias)
    }
}

/// Turns `@aliases` headers into redirects, and checks that no two outputs share a path.
///
/// An old URL becomes a file the way web servers look one up:
/// - `/2009/03/old-slug/` and `/` → `index.html` in that folder;
/// - `/old/path.html` (a last segment with an extension) → that file;
/// - `/old/slug` (no extension) → `old/slug/index.html`: every host serves `/old/slug/` from it,
///   and answers `/old/slug` by redirecting to `/old/slug/`.
/// Percent-escapes are decoded (the server decodes them before it looks for the file); a query
/// or fragment is dropped.
enum Redirects {
    /// One alias: its owner and what it asks for.
    struct Request {
        let alias: String
        let line: Int
        let sourcePath: String
        let target: String
        let title: String
    }

    /// The redirects asked for, and a problem for each alias that cannot be one or that would
    /// write a path another output (`owners`: path → source) or alias writes.
    static func plan(_ requests: [Request], owners: [String: String]) -> (redirects: [Redirect], problems: [PlanError]) {
        var redirects: [Redirect] = []
        var problems: [PlanError] = []
        var claimed: [String: Request] = [:]
        for request in requests {
            guard let path = outputPath(of: request.alias) else {
                problems.append(PlanError(source: request.sourcePath, line: request.line, reason: .aliasNotAPath(alias: request.alias)))
                continue
            }
            // An old URL equal to the permalink needs no redirect.
            if path == request.target { continue }
            if let owner = owners[path] {
                problems.append(PlanError(source: request.sourcePath, line: request.line, reason: .aliasTaken(alias: request.alias, path: path, owner: owner)))
            } else if let first = claimed[path] {
                if first.sourcePath == request.sourcePath { continue }
                problems.append(PlanError(source: request.sourcePath, line: request.line,
                                          reason: .aliasClaimed(alias: request.alias, path: path, by: first.sourcePath, line: first.line)))
            } else {
                claimed[path] = request
                redirects.append(Redirect(path: path, target: request.target, title: request.title, sourcePath: request.sourcePath, alias: request.alias))
            }
        }
        return (redirects, problems)
    }

    /// The requests in the `@aliases` header of a post or page.
    /// - Parameter target: Worked out only for a file with `@aliases`, which few have.
    static func requests(in metadata: PostMetadata, sourcePath: String, target: () -> String, title: String) -> [Request] {
        guard let field = metadata.field(.aliases) else { return [] }
        let target = target()
        return field.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map {
            Request(alias: $0, line: field.line, sourcePath: sourcePath, target: target, title: title)
        }
    }

    /// The file an old root-relative URL is served from, or nil if it is not one.
    static func outputPath(of alias: String) -> String? {
        var text = Substring(alias)
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<cut] }
        guard text.hasPrefix("/"), !text.hasPrefix("//"), let decoded = String(text).removingPercentEncoding else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.contains(where: { $0 == "." || $0 == ".." || $0.contains("\\") || $0.contains("\0") }) else { return nil }
        let folder = decoded.hasSuffix("/") || segments.isEmpty
        let joined = segments.joined(separator: "/")
        if folder { return joined.isEmpty ? "index.html" : joined + "/index.html" }
        if let last = segments.last, last.dropFirst().contains(".") { return joined }
        return joined + "/index.html"
    }
}

/// The page written at an old URL.
public struct RedirectPage: Sendable {
    public let settings: SiteSettings

    public init(settings: SiteSettings) {
        self.settings = settings
    }

    public func render(_ redirect: RedirectInputs) -> String {
        let url = MarkupEscaping.html(settings.url + "/" + redirect.target)
        let title = MarkupEscaping.html(redirect.title.isEmpty ? settings.url + "/" + redirect.target : redirect.title)
        return """
        <!doctype html>
        <html lang="\(MarkupEscaping.html(settings.language))">
        <head>
        <meta charset="utf-8">
        <title>Moved: \(title)</title>
        <link rel="canonical" href="\(url)">
        <meta name="robots" content="noindex">
        <meta http-equiv="refresh" content="0; url=\(url)">
        </head>
        <body>
        <p>This page has moved to <a href="\(url)">\(title)</a>.</p>
        </body>
        </html>

        """
    }
}
