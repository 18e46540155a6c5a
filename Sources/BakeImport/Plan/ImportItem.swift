import BakeKit

/// One post, draft or page read from another blog, before it has a path in this one.
public struct ImportItem: Sendable {
    /// Where the item goes in the blog.
    public enum Destination: String, Sendable, Hashable {
        case post, draft, page
    }

    public let destination: Destination
    /// The post's date as the old blog showed it; it names the calendar folder. Nil for pages.
    public let date: CivilTime?
    /// The wanted file name without extension; `-2`, `-3` … are added when the folder has it.
    public let slug: String
    public let format: BodyFormat
    /// Header lines, in order, without `@aliases` (added once the item's path is known).
    public let fields: [(key: String, value: String)]
    public let body: String
    /// The item's old root-relative URLs, e.g. `/2009/03/31/old-slug.html`.
    public let oldURLs: [String]
    /// Where the item comes from, for the report: a file, or `export.xml:LINE`.
    public let source: String

    public init(destination: Destination, date: CivilTime?, slug: String, format: BodyFormat,
                fields: [(key: String, value: String)], body: String, oldURLs: [String], source: String) {
        self.destination = destination
        self.date = date
        self.slug = slug
        self.format = format
        self.fields = fields
        self.body = body
        self.oldURLs = oldURLs
        self.source = source
    }
}
