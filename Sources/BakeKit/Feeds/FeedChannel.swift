/// What tells one feed of the site from another: its title and where it and its page live.
/// The main feeds use `site(_:)`; each category has its own.
public struct FeedChannel: Sendable, Hashable {
    public let title: String
    /// The absolute URL of the page the feed follows, e.g. `https://example.com/`.
    public let pageURL: String
    public let rssURL: String
    public let jsonFeedURL: String

    public init(title: String, pageURL: String, rssURL: String, jsonFeedURL: String) {
        self.title = title
        self.pageURL = pageURL
        self.rssURL = rssURL
        self.jsonFeedURL = jsonFeedURL
    }

    /// The site's own feeds.
    public static func site(_ settings: SiteSettings) -> FeedChannel {
        let paths = SitePaths(settings: settings)
        return FeedChannel(
            title: settings.feed.title, pageURL: paths.absoluteURL(paths.home()),
            rssURL: paths.absoluteURL(paths.feed(.rss)), jsonFeedURL: paths.absoluteURL(paths.feed(.json))
        )
    }
}
