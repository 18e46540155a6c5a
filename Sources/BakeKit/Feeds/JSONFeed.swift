import Foundation

/// JSON Feed 1.1: `external_url` for link posts, no `title` for untitled posts, `hubs` with
/// `@websub_hub`.
public struct JSONFeed: Sendable {
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
        let paths = SitePaths(settings: settings)
        let feed = Document(
            version: "https://jsonfeed.org/version/1.1",
            title: channel.title,
            home_page_url: channel.pageURL,
            feed_url: channel.jsonFeedURL,
            hubs: settings.websubHub.map { [Hub(type: "WebSub", url: $0)] },
            description: settings.description.isEmpty ? nil : settings.description,
            icon: absolute(settings.iconURL),
            favicon: absolute(settings.faviconURL),
            language: settings.language,
            authors: settings.author.isEmpty ? nil : [Author(name: settings.author, url: settings.feed.authorURL, avatar: settings.feed.authorAvatarURL)],
            items: items.map { item in
                let (post, html) = (item.post, item.html)
                let permalink = paths.absoluteURL(paths.post(post.permalink))
                let episode = Episode(metadata: post.metadata, absolute: settings.absolute)
                return Item(
                    id: permalink,
                    url: permalink,
                    external_url: post.link,
                    title: post.title.isEmpty ? nil : post.title,
                    content_html: rewriter.absolutize(html, pageURL: permalink),
                    // An untitled post's summary would only repeat its content.
                    summary: item.summary ?? (post.title.isEmpty ? nil : item.description),
                    date_published: post.pubDate.civil(in: settings.timeZone).rfc3339,
                    date_modified: post.updated?.civil(in: settings.timeZone).rfc3339,
                    image: post.metadata[.mediaThumbnail].flatMap { $0.isEmpty ? nil : settings.absolute($0) } ?? settings.feed.mediaThumbnail,
                    tags: post.categories.isEmpty ? nil : post.categories,
                    attachments: episode.map {
                        [Attachment(url: $0.url, mime_type: $0.type, size_in_bytes: $0.length > 0 ? $0.length : nil, duration_in_seconds: $0.durationSeconds)]
                    }
                )
            }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs cannot fail.
        let data = (try? encoder.encode(feed)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

private extension JSONFeed {
    /// A URL setting as an absolute URL (the feed's readers are elsewhere); nil when unset.
    func absolute(_ value: String?) -> String? {
        guard let value else { return nil }
        return settings.absolute(settings.underBasePath(value))
    }

    struct Document: Encodable {
        let version: String
        let title: String
        let home_page_url: String
        let feed_url: String
        let hubs: [Hub]?
        let description: String?
        let icon: String?
        let favicon: String?
        let language: String
        let authors: [Author]?
        let items: [Item]
    }

    struct Hub: Encodable {
        let type: String
        let url: String
    }

    struct Author: Encodable {
        let name: String
        let url: String?
        let avatar: String?
    }

    struct Attachment: Encodable {
        let url: String
        let mime_type: String
        let size_in_bytes: Int?
        let duration_in_seconds: Int?
    }

    struct Item: Encodable {
        let id: String
        let url: String
        let external_url: String?
        let title: String?
        let content_html: String
        let summary: String?
        let date_published: String
        let date_modified: String?
        let image: String?
        let tags: [String]?
        let attachments: [Attachment]?
    }
}
