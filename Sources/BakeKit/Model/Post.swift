/// A post's header, its place in the site and a plain-text excerpt, without its body.
///
/// Keeping the body out lets an incremental build plan the whole site from cached posts
/// and read only the bodies of the pages it must render again.
///
/// A class of constants, so that the plan, the contexts and the cache share one copy: as a
/// struct of a dozen strings, every copy of a post retained each of them, a tenth of the time
/// of a one-post rebuild.
public final class Post: Sendable, Hashable {
    /// Published from `posts/`, or a draft from `drafts/` that only preview shows.
    public enum Status: String, Sendable, Hashable {
        case published
        case draft
    }

    /// The file, relative to the blog folder, e.g. `posts/2014/03/31/slug.markdown`.
    public let sourcePath: String
    public let permalink: Permalink
    public let format: BodyFormat
    public let status: Status
    /// The title as text, its character references decoded, or "" for an untitled post.
    public let title: String
    public let pubDate: Timestamp
    public let modDate: Timestamp?
    /// The external URL of a link post, its character references decoded.
    public let link: String?
    public let categories: [String]
    /// Every header line, including keys bake does not know.
    public let metadata: PostMetadata
    /// The first few hundred characters of the text, tags stripped.
    public let excerpt: String
    /// A hash of the file's bytes.
    public let contentHash: UInt64
    /// The title, or for an untitled post the first words of its text with an ellipsis.
    public let displayTitle: String
    /// The `src` of each `<img>` of its body, as written: which pictures it shows, known
    /// without its body, so that its pages are made again when one of them changes.
    public let imageSources: [String]

    public init(
        sourcePath: String, permalink: Permalink, format: BodyFormat, status: Status,
        title: String, pubDate: Timestamp, modDate: Timestamp?, link: String?,
        categories: [String], metadata: PostMetadata, excerpt: String, contentHash: UInt64, imageSources: [String] = []
    ) {
        self.sourcePath = sourcePath
        self.permalink = permalink
        self.format = format
        self.status = status
        self.title = title
        self.pubDate = pubDate
        self.modDate = modDate
        self.link = link
        self.categories = categories
        self.metadata = metadata
        self.excerpt = excerpt
        self.contentHash = contentHash
        self.imageSources = imageSources
        self.displayTitle = title.isEmpty ? PlainText.truncate(excerpt, maxCharacters: 60) : title
    }

    public static func == (a: Post, b: Post) -> Bool {
        a === b || (a.sourcePath == b.sourcePath && a.permalink == b.permalink && a.format == b.format && a.status == b.status
            && a.title == b.title && a.pubDate == b.pubDate && a.modDate == b.modDate && a.link == b.link
            && a.categories == b.categories && a.metadata == b.metadata && a.excerpt == b.excerpt && a.contentHash == b.contentHash
            && a.imageSources == b.imageSources)
    }

    /// The modification date when it is a later instant than the publication: only then was
    /// the post updated. Editors often write `@modDate` equal to `@pubDate` on creation.
    public var updated: Timestamp? {
        guard let modDate, modDate > pubDate else { return nil }
        return modDate
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sourcePath)
        hasher.combine(contentHash)
    }
}
