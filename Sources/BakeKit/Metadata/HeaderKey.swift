/// A key of a post's or page's `@key value` header, declared once: its name, the older names
/// it was written under, and what it does. Everything that reads or writes a header line
/// names its key here: `PostParser`, the feeds, `bake new`, the importers and
/// `bake-metaweblog` (metaWeblog and Micropub). The README's table of header keys comes from
/// `all` (a test keeps the README equal).
///
/// A key bake does not declare is kept, and shown to templates as `meta.<key>`; one from
/// elsewhere (a Micropub property the shim keeps as `@micropub_<name>`) goes through
/// `init(checked:)`, so that only a name the parser reads back becomes a header line.
///
/// ```swift
/// metadata[.pubDate]                              // "2014-03-31 20:16:46 -0700"
/// metadata.setting(.title, to: "Hello")           // @title replaced where it stands
/// HeaderKey(checked: "micropub_syndication")      // a key; HeaderKey(checked: "a b") is nil
/// ```
public struct HeaderKey: Sendable, Hashable {
    /// The key as a file writes it, without `@`.
    public let name: String
    /// Names it was written under before, read when the file has no line under `name`.
    public let olderNames: [String]
    /// What it does, in a line, for the README's table; "" for a key from elsewhere.
    public let doc: String

    init(_ name: String, olderNames: [String] = [], doc: String) {
        self.name = name
        self.olderNames = olderNames
        self.doc = doc
    }

    /// A key from elsewhere (a file, or a request), when it is one the header can hold and
    /// `MetadataParser` reads back: 1 or more ASCII letters, digits and `_`.
    public init?(checked name: String) {
        guard !name.isEmpty, name.utf8.allSatisfy(MetadataParser.isKeyByte) else { return nil }
        self.init(name, doc: "")
    }

    /// Two keys are the same when their names are: a declared key and the same name read
    /// from a file are one key.
    public static func == (lhs: HeaderKey, rhs: HeaderKey) -> Bool {
        lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// The README's table of header keys, row by row.
    public static var markdownTable: String {
        var rows = ["| key | meaning |", "| --- | --- |"]
        for key in all {
            rows.append("| `@\(key.name)` | \(key.doc) |")
        }
        rows.append("| anything else | kept, and visible to templates as `meta.<key>` |")
        return rows.joined(separator: "\n") + "\n"
    }
}

// The table: every header key bake reads or writes, in the README's order.
public extension HeaderKey {
    static let title = HeaderKey("title", doc: "optional; untitled posts are normal, and get the first words of the text wherever a title is needed")
    static let pubDate = HeaderKey("pubDate", doc: "required for posts. `2014-03-31 20:16:46 -0700`, `2014-03-31 20:16:46-0700`, `Fri Jan 30 09:29:34 -0800 2009`, `2014-03-31T20:16:46-07:00`; a date with no offset is read in the site's `time_zone`")
    static let modDate = HeaderKey("modDate", doc: "optional, same formats; the post shows \"Updated\" (and feeds a modification date) only when it is a later instant than `@pubDate`")
    static let link = HeaderKey("link", doc: "makes a link post: the title links out to this URL, and the post is listed on `/links/` too (see The site)")
    static let categoryArray = HeaderKey("categoryArray", doc: "comma-separated categories")
    static let smartPunctuation = HeaderKey("smart_punctuation", doc: "`false` keeps this post's straight quotes, overriding the site setting")
    static let aliases = HeaderKey("aliases", doc: "comma-separated old root-relative URLs of this post or page, e.g. `/2009/03/old-slug/, /old.php`; bake writes a redirect page at each (below)")
    static let summary = HeaderKey("summary", doc: "the excerpt, as text, for list pages and the meta and Open Graph description (see Excerpts)")
    static let image = HeaderKey("image", doc: "the social card's picture (`og:image`), instead of the body's first image")
    static let description = HeaderKey("description", doc: "a page's meta description; otherwise the first words")
    static let showTitle = HeaderKey("show_title", doc: "`false`: a page shows no heading")
    static let template = HeaderKey("template", doc: "a page rendered with `templates/NAME.mustache` instead of `page`")
    static let enclosure = HeaderKey("enclosure", doc: "a media file's URL (root-relative or absolute): the post is a podcast episode (see Podcasts)")
    static let enclosureType = HeaderKey("enclosureType", doc: "its MIME type (default: from the extension, e.g. `audio/mpeg` for `.mp3`)")
    static let enclosureLength = HeaderKey("enclosureLength", doc: "its size in bytes")
    static let itunesDuration = HeaderKey("itunesDuration", doc: "seconds, `MM:SS` or `HH:MM:SS`")
    static let itunesItemSubtitle = HeaderKey("itunesItemSubtitle", doc: "the episode's `itunes:subtitle`")
    static let itunesItemSummary = HeaderKey("itunesItemSummary", doc: "the episode's `itunes:summary`")
    static let itunesExplicit = HeaderKey("itunesExplicit", doc: "the episode's `itunes:explicit` (`true`/`false`, or `clean`)")
    static let mediaThumbnail = HeaderKey("mediaThumbnail", doc: "a picture for the item: `media:thumbnail`, the episode's `itunes:image` and the JSON Feed's `image`")
    static let inReplyTo = HeaderKey("in_reply_to", olderNames: ["micropub_in_reply_to"], doc: "makes the post a reply to pages elsewhere: `http` or `https` URLs separated by commas (a comma in a URL written `%2C`); the default theme shows \"In reply to example.com/…\" and marks it up for IndieWeb readers (below). Anything else is an error naming the line. Micropub writes it, and the three below")
    static let likeOf = HeaderKey("like_of", olderNames: ["micropub_like_of"], doc: "makes the post a like of pages elsewhere, URLs as `@in_reply_to`")
    static let repostOf = HeaderKey("repost_of", olderNames: ["micropub_repost_of"], doc: "makes the post a repost of pages elsewhere, URLs as `@in_reply_to`")
    static let bookmarkOf = HeaderKey("bookmark_of", olderNames: ["micropub_bookmark_of"], doc: "makes the post a bookmark of pages elsewhere, URLs as `@in_reply_to`")
    static let mtKeywords = HeaderKey("mt_keywords", doc: "tags an editor sent (metaWeblog's `mt_keywords`, WordPress's `post_tag`), comma-separated; kept for editors, not shown by the default theme")
    static let mtExcerpt = HeaderKey("mt_excerpt", doc: "the excerpt an editor sent (`mt_excerpt`, Micropub's `summary`); kept for editors")
    static let micropubPhoto = HeaderKey("micropub_photo", doc: "the photos a Micropub client sent, URLs as JSON; templates show them as `photos`. Other Micropub properties are kept the same way, `@micropub_<name>`")
    static let dbid = HeaderKey("dbid", doc: "an older engine's number for the post, as Wildcat's archives carry it; kept")

    /// Every key bake reads or writes, in the README's order.
    static let all: [HeaderKey] = [
        title, pubDate, modDate, link, categoryArray, smartPunctuation, aliases, summary, image, description, showTitle, template,
        enclosure, enclosureType, enclosureLength, itunesDuration, itunesItemSubtitle, itunesItemSummary, itunesExplicit, mediaThumbnail,
        inReplyTo, likeOf, repostOf, bookmarkOf, mtKeywords, mtExcerpt, micropubPhoto, dbid,
    ]
}
