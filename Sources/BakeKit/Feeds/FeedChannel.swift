/// What tells one feed of the site from another: its title and where it and its page live.
/// The main feeds use `site(_:)`; each other paginated list (a category, the links) has its own.
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
        FeedChannel(list: .home, settings: settings)
    }

    /// The feeds of `list`: the site's for the home page (titled `@feed_title`), else titled
    /// by the site's name and the list's, e.g. `Blog: Swift`.
    public init(list: PagedList, settings: SiteSettings) {
        let paths = SitePaths(settings: settings)
        self.init(
            title: list.feedName.map { "\(settings.name): \($0)" } ?? settings.feed.title, pageURL: paths.absoluteURL(paths.list(list)),
            rssURL: paths.absoluteURL(paths.feed(.rss, of: list)), jsonFeedURL: paths.absoluteURL(paths.feed(.json, of: list))
        )
    }
}
