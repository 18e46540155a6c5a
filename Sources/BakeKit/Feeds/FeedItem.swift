/// One post as a feed carries it: its body HTML (whole, or cut at its excerpt with a link to
/// the rest) and the plain text of what that shows, for the item's summary.
public struct FeedItem: Sendable {
    public let post: Post
    public let html: String
    /// `@summary`, decoded; nil when the post has none.
    public let summary: String?
    /// The first words of what `html` shows, as text, without the link to the rest.
    public let excerpt: String

    public init(post: Post, html: String, summary: String?, excerpt: String) {
        self.post = post
        self.html = html
        self.summary = summary
        self.excerpt = excerpt
    }

    /// The whole post.
    public init(post: Post, html: String) {
        self.init(post: post, html: html, summary: Excerpt.summary(of: post.metadata), excerpt: post.excerpt)
    }

    /// The item's description: `@summary`, or the first 280 characters of what it shows.
    var description: String {
        summary ?? PlainText.truncate(excerpt, maxCharacters: 280)
    }
}
