/// RSS 2.0 with full content in `content:encoded`, permalink guids, RFC 822 dates and an
/// `atom:link rel="self"` (and `rel="hub"` with `@websub_hub`, for WebSub).
public struct RSSFeed: Sendable {
    public let settings: SiteSettings
    public let channel: FeedChannel

    public init(settings: SiteSettings, channel: FeedChannel? = nil) {
        self.settings = settings
        self.channel = channel ?? .site(settings)
    }

    /// The feed for whole posts, newest first, each with its body HTML.
    public func render(_ items: [(post: Post, html: String)]) -> String {
        render(items.map { FeedItem(post: $0.post, html: $0.html) })
    }

    /// The feed for `items`, newest first.
    public func render(_ items: [FeedItem]) -> String {
        let rewriter = URLRewriter(origin: settings.origin)
        let feedURL = channel.rssURL
        let episodes = items.map { Episode(metadata: $0.post.metadata, absolute: settings.absolute) }
        let podcast = episodes.contains { $0 != nil }
        let thumbnails = podcast || settings.feed.mediaThumbnail != nil || items.contains { $0.post.metadata[.mediaThumbnail] != nil }
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"\(podcast ? " " + PodcastXML.namespace : "")\(thumbnails ? " " + PodcastXML.mediaNamespace : "")>
        <channel>
        <title>\(MarkupEscaping.xml(channel.title))</title>
        <link>\(MarkupEscaping.xml(channel.pageURL))</link>
        <description>\(MarkupEscaping.xml(settings.description.isEmpty ? settings.name : settings.description))</description>
        <language>\(MarkupEscaping.xml(settings.language))</language>
        <atom:link href="\(MarkupEscaping.xml(feedURL))" rel="self" type="application/rss+xml"/>
        \(settings.websubHub.map { "<atom:link href=\"\(MarkupEscaping.xml($0))\" rel=\"hub\"/>\n" } ?? "")<generator>bake</generator>

        """
        if podcast { xml += PodcastXML.channel(settings.feed.show, summary: settings.description) }
        if let newest = items.first {
            let date = newest.post.updated ?? newest.post.pubDate
            xml += "<lastBuildDate>\(date.civil(in: settings.timeZone).rfc822)</lastBuildDate>\n"
        }
        let paths = SitePaths(settings: settings)
        for (item, episode) in zip(items, episodes) {
            let (post, html) = (item.post, item.html)
            let permalink = paths.absoluteURL(paths.post(post.permalink))
            xml += "<item>\n"
            if !post.title.isEmpty {
                xml += "<title>\(MarkupEscaping.xml(post.title))</title>\n"
            }
            xml += "<link>\(MarkupEscaping.xml(post.link ?? permalink))</link>\n"
            xml += "<guid isPermaLink=\"true\">\(MarkupEscaping.xml(permalink))</guid>\n"
            xml += "<pubDate>\(post.pubDate.civil(in: settings.timeZone).rfc822)</pubDate>\n"
            if !settings.author.isEmpty {
                xml += "<dc:creator>\(MarkupEscaping.xml(settings.author))</dc:creator>\n"
            }
            for category in post.categories {
                xml += "<category>\(MarkupEscaping.xml(category))</category>\n"
            }
            let content = rewriter.absolutize(html, pageURL: permalink)
            xml += "<description>\(MarkupEscaping.xml(item.description))</description>\n"
            xml += "<content:encoded>\(MarkupEscaping.xml(content))</content:encoded>\n"
            if let episode { xml += PodcastXML.item(episode) }
            if let thumbnail = post.metadata[.mediaThumbnail].flatMap({ $0.isEmpty ? nil : settings.absolute($0) }) ?? settings.feed.mediaThumbnail {
                xml += "<media:thumbnail url=\"\(MarkupEscaping.xml(thumbnail))\"/>\n"
            }
            xml += "</item>\n"
        }
        xml += "</channel>\n</rss>\n"
        return xml
    }
}
