import Foundation

/// Turns the bytes of a post or page file into a `Post` or `Page` and its body as HTML.
///
/// ```swift
/// let parser = PostParser(settings: settings)
/// let parsed = try parser.parsePost(path: "posts/2014/03/31/hello.markdown", bytes: bytes, status: .published, now: now)
/// parsed.post.permalink.path   // "2014/03/31/hello.html"
/// ```
public struct PostParser: Sendable {
    public let settings: SiteSettings
    private let markdown: MarkdownRenderer
    private let dates: DateParser

    public init(settings: SiteSettings) {
        self.settings = settings
        self.markdown = MarkdownRenderer()
        self.dates = DateParser(timeZone: settings.timeZone)
    }

    /// Every setting a parsed post or its body HTML depends on: a cache of parsed posts is
    /// good for settings with the same values. Kept beside the code that reads them.
    public static func settingsRead(from settings: SiteSettings) -> [String] {
        [
            settings.timeZone.identifier,                       // dates without an offset, calendar folders
            settings.smartPunctuation ? "smart" : "straight",   // Markdown bodies and excerpts
            settings.basePath,                                  // root-relative links in bodies
        ]
    }

    /// A post from `posts/YYYY/MM/DD/<slug>.<ext>` or, with status `.draft`, from `drafts/`;
    /// a draft's permalink comes from its calendar folder like a post's, when it has one.
    /// - Parameter now: stands in for a draft's missing `@pubDate`.
    public func parsePost(path: String, bytes: [UInt8], status: Post.Status, now: Timestamp) throws(BuildFailure) -> ParsedPost {
        let source = try parseSource(path: path, bytes: bytes)
        let fileName = String(path.split(separator: "/").last ?? "")
        guard let format = BodyFormat(fileName: fileName) else {
            throw BuildFailure([Diagnostic(path: path, line: nil, message: "not a post file; expected a .markdown, .md or .html extension")])
        }
        var errors: [MetadataError] = []
        var pubDate = now
        if let field = source.metadata.field(.pubDate) {
            if let date = dates.parse(field.value) {
                pubDate = date
            } else {
                errors.append(MetadataError(line: field.line, reason: .unreadableDate(key: HeaderKey.pubDate.name, value: field.value)))
            }
        } else if status == .published {
            errors.append(MetadataError(line: 1, reason: .missingKey(HeaderKey.pubDate.name)))
        }
        var modDate: Timestamp?
        if let field = source.metadata.field(.modDate), !field.value.isEmpty {
            modDate = dates.parse(field.value)
            if modDate == nil {
                errors.append(MetadataError(line: field.line, reason: .unreadableDate(key: HeaderKey.modDate.name, value: field.value)))
            }
        }

        errors += Episode.problems(in: source.metadata)
        errors += ResponseKind.problems(in: source.metadata)

        var permalink: Permalink?
        var problems = errors.map { $0.diagnostic(path: path) }
        switch status {
        case .published:
            let calendarPath = path.hasPrefix("posts/") ? String(path.dropFirst("posts/".count)) : path
            permalink = Permalink(calendarPath: calendarPath)
            if permalink == nil {
                problems.append(Diagnostic(path: path, line: nil, message: "the post is not in a calendar folder; expected posts/YYYY/MM/DD/<slug>.markdown, .md or .html"))
            }
        case .draft:
            // A draft in a calendar folder keeps that folder's permalink when it is published
            // (as `bake-metaweblog` and `bake new` place drafts); any other draft is dated by
            // its @pubDate, or now.
            let calendarPath = path.hasPrefix("drafts/") ? String(path.dropFirst("drafts/".count)) : path
            if let fromFolder = Permalink(calendarPath: calendarPath) {
                permalink = fromFolder
            } else {
                let civil = pubDate.civil(in: settings.timeZone)
                permalink = Permalink(year: civil.year, month: civil.month, day: civil.day, slug: BodyFormat.stem(of: fileName))
            }
        }
        guard problems.isEmpty, let permalink else { throw BuildFailure(problems) }

        let html = renderBody(source.body, format: format, anchorPrefix: permalink.slug,
                              smartPunctuation: try smartPunctuation(source.metadata, path: path))
        // Header values are text: decoded once here, escaped once where they are written.
        let link = source.metadata[.link].flatMap { $0.isEmpty ? nil : CharacterReferences.decode($0) }
        let categories = (source.metadata[.categoryArray] ?? "")
            .split(separator: ",")
            .map { CharacterReferences.decode($0.trimmingCharacters(in: .whitespaces)) }
            .filter { !$0.isEmpty }
        let post = Post(
            sourcePath: path, permalink: permalink, format: format, status: status,
            title: CharacterReferences.decode(source.metadata[.title] ?? ""), pubDate: pubDate, modDate: modDate, link: link,
            categories: categories, metadata: source.metadata, excerpt: PlainText.excerpt(fromHTML: html),
            contentHash: ContentHasher.hash(bytes), imageSources: ImageTag.sources(in: html)
        )
        return ParsedPost(post: post, html: html)
    }

    /// A page from `pages/<name>.<ext>`; `name` may contain folders.
    public func parsePage(path: String, bytes: [UInt8]) throws(BuildFailure) -> ParsedPage {
        let source = try parseSource(path: path, bytes: bytes)
        let relative = path.hasPrefix("pages/") ? String(path.dropFirst("pages/".count)) : path
        guard let format = BodyFormat(fileName: relative) else {
            throw BuildFailure([Diagnostic(path: path, line: nil, message: "not a page file; expected a .markdown, .md or .html extension")])
        }
        let name = BodyFormat.stem(of: relative)
        // `Page.showsTitle` reads it; checked here so that a typo is an error, not a shown title.
        _ = try flag(.showTitle, in: source.metadata, path: path)
        let html = renderBody(source.body, format: format, anchorPrefix: name.replacingOccurrences(of: "/", with: "-"),
                              smartPunctuation: try smartPunctuation(source.metadata, path: path))
        let title = source.metadata[.title].flatMap { $0.isEmpty ? nil : CharacterReferences.decode($0) }
            ?? (name.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ").capitalized } ?? name)
        let page = Page(sourcePath: path, name: name, format: format, title: title, metadata: source.metadata,
                        excerpt: PlainText.excerpt(fromHTML: html), contentHash: ContentHasher.hash(bytes),
                        imageSources: ImageTag.sources(in: html))
        return ParsedPage(page: page, html: html)
    }

    /// The HTML of a body: Markdown through cmark-gfm (with smart punctuation unless turned
    /// off), HTML as written except for a first paragraph missing its `<p>` (see
    /// `LeadingParagraph`); root-relative links move under the site's base path when it has one.
    public func renderBody(_ body: String, format: BodyFormat, anchorPrefix: String, smartPunctuation: Bool = true) -> String {
        let html: String
        switch format {
        case .html: html = LeadingParagraph.wrap(body)
        case .markdown: html = MarkdownRenderer.accessible(markdown.render(body, anchorPrefix: anchorPrefix, smartPunctuation: smartPunctuation))
        }
        return URLRewriter.prefixRootRelative(html, base: settings.basePath)
    }
}

/// A post and its body as HTML.
public struct ParsedPost: Sendable, Hashable {
    public let post: Post
    public let html: String

    public init(post: Post, html: String) {
        self.post = post
        self.html = html
    }
}

/// A page and its body as HTML.
public struct ParsedPage: Sendable, Hashable {
    public let page: Page
    public let html: String

    public init(page: Page, html: String) {
        self.page = page
        self.html = html
    }
}

private extension PostParser {
    func parseSource(path: String, bytes: [UInt8]) throws(BuildFailure) -> ParsedSource {
        do {
            return try MetadataParser().parse(bytes)
        } catch {
            throw BuildFailure([error.diagnostic(path: path)])
        }
    }

    /// Whether a file's Markdown gets smart punctuation: its own `@smart_punctuation`, or the site's.
    func smartPunctuation(_ metadata: PostMetadata, path: String) throws(BuildFailure) -> Bool {
        try flag(.smartPunctuation, in: metadata, path: path) ?? settings.smartPunctuation
    }

    /// The value of a `true`/`false` header, nil when absent; anything else is an error at its line.
    func flag(_ key: HeaderKey, in metadata: PostMetadata, path: String) throws(BuildFailure) -> Bool? {
        guard let field = metadata.field(key) else { return nil }
        guard let value = SettingKey.flag(field.value) else {
            let error = MetadataError(line: field.line, reason: .invalidValue(key: key.name, value: field.value, expected: "true or false"))
            throw BuildFailure([error.diagnostic(path: path)])
        }
        return value
    }
}
