/// The small objects of list pages: categories, pagination, links, and the entries of the
/// archive and year pages. Each declares the names a template may read from it.

/// A category, as `category` on its page and each of `categories` on the lists shows it.
final class CategoryContext {
    let name: String
    let slug: String
    let url: String
    let count: String
    let rssURL: String
    let jsonFeedURL: String
    /// Its size in the tag cloud, 1 (fewest posts) to `TagCloud.sizes`; nil elsewhere.
    let size: String?

    init(_ category: CategoryEntry, paths: SitePaths, size: Int? = nil) {
        name = category.name
        slug = category.slug
        url = paths.url(paths.category(category.slug))
        count = String(category.count)
        rssURL = paths.url(paths.feed(.rss, category: category.slug))
        jsonFeedURL = paths.url(paths.feed(.json, category: category.slug))
        self.size = size.map { String($0) }
    }

    static let type: ContextType = {
        var fields = ContextFields<CategoryContext>()
        fields.text("name") { $0.name }
        fields.text("slug") { $0.slug }
        fields.text("url") { $0.url }
        fields.text("count") { $0.count }
        fields.text("rss_url") { $0.rssURL }
        fields.text("json_feed_url") { $0.jsonFeedURL }
        fields.text("size") { $0.size }
        return ContextType(noun: "a category", plural: "categories", fields: fields.fields)
    }()
}

/// `pagination`: the neighbouring pages of a paginated list.
final class PaginationContext {
    let page: String
    let pageCount: String
    let isPaginated: Bool
    let newerURL: String?
    let olderURL: String?

    init(page: Int, pageCount: Int, newerURL: String?, olderURL: String?) {
        self.page = String(page)
        self.pageCount = String(pageCount)
        self.isPaginated = pageCount > 1
        self.newerURL = newerURL
        self.olderURL = olderURL
    }

    static let type: ContextType = {
        var fields = ContextFields<PaginationContext>()
        fields.text("page") { $0.page }
        fields.text("page_count") { $0.pageCount }
        fields.bool("is_paginated") { $0.isPaginated }
        fields.text("newer_url") { $0.newerURL }
        fields.text("older_url") { $0.olderURL }
        return ContextType(noun: "the pagination", plural: "paginations", fields: fields.fields)
    }()
}

/// One of a category page's `feeds`, for `<link rel="alternate">`.
final class FeedLinkContext {
    /// For `<link rel="alternate" title>`, e.g. `Blog: Swift (RSS)`.
    let title: String
    /// The format, as a link's text reads: `RSS feed` or `JSON Feed`.
    let name: String
    let type: String
    let url: String

    init(title: String, name: String, type: String, url: String) {
        self.title = title
        self.name = name
        self.type = type
        self.url = url
    }

    static let type: ContextType = {
        var fields = ContextFields<FeedLinkContext>()
        fields.text("title") { $0.title }
        fields.text("name") { $0.name }
        fields.text("type") { $0.type }
        fields.text("url") { $0.url }
        return ContextType(noun: "a feed", plural: "feeds", fields: fields.fields)
    }()
}

/// A link with its text: a neighbouring year or month (`previous_year`, `next_month` …), or a
/// page on another site (a post's `in_reply_to` …, `site.me`), labelled by its URL without
/// the scheme (`example.com/2014/03/31/hello.html`).
final class LabelLinkContext: Sendable {
    let label: String
    let url: String

    init(label: String, url: String) {
        self.label = label
        self.url = url
    }

    convenience init(_ url: WebURL) {
        self.init(label: url.label, url: url.text)
    }

    static let type: ContextType = {
        var fields = ContextFields<LabelLinkContext>()
        fields.text("label") { $0.label }
        fields.text("url") { $0.url }
        return ContextType(noun: "a link", plural: "links", fields: fields.fields)
    }()
}

/// A post page's `previous` or `next` post.
final class NeighbourContext {
    let displayTitle: String
    let url: String

    init(displayTitle: String, url: String) {
        self.displayTitle = displayTitle
        self.url = url
    }

    static let type: ContextType = {
        var fields = ContextFields<NeighbourContext>()
        fields.text("display_title") { $0.displayTitle }
        fields.text("url") { $0.url }
        return ContextType(noun: "a neighbouring post", plural: "neighbouring posts", fields: fields.fields)
    }()
}

/// `social`: the Open Graph and Twitter card of a post or page.
final class SocialContext {
    let card: SocialCard

    init(_ card: SocialCard) {
        self.card = card
    }

    static let type: ContextType = {
        var fields = ContextFields<SocialContext>()
        fields.text("type") { $0.card.type }
        fields.text("title") { $0.card.title }
        fields.text("url") { $0.card.url }
        fields.text("description") { $0.card.description }
        fields.text("site_name") { $0.card.siteName }
        fields.text("card") { $0.card.image == nil ? "summary" : "summary_large_image" }
        fields.text("image") { $0.card.image?.url }
        fields.text("image_width") { $0.card.image?.width.map(String.init) }
        fields.text("image_height") { $0.card.image?.height.map(String.init) }
        return ContextType(noun: "the social card", plural: "social cards", fields: fields.fields)
    }()
}

/// One of a year page's `months`: its link, its name and its posts' titles.
final class YearMonthContext {
    let label: String
    let url: String
    let name: String
    let posts: [TitleEntryContext]

    init(label: String, url: String, name: String, posts: [TitleEntryContext]) {
        self.label = label
        self.url = url
        self.name = name
        self.posts = posts
    }

    static let type: ContextType = {
        var fields = ContextFields<YearMonthContext>()
        fields.text("label") { $0.label }
        fields.text("url") { $0.url }
        fields.text("name") { $0.name }
        fields.list("posts", TitleEntryContext.type, always: { TemplateList($0.posts) })
        return ContextType(noun: "a month of the year", plural: "months of the year", fields: fields.fields)
    }()
}

/// A post in a year page's list of titles.
final class TitleEntryContext {
    let displayTitle: String
    let url: String
    let date: String
    let dateISO: String
    let isLinkPost: Bool
    let isDraft: Bool
    let isFuture: Bool

    init(displayTitle: String, url: String, date: String, dateISO: String, isLinkPost: Bool, isDraft: Bool, isFuture: Bool) {
        self.displayTitle = displayTitle
        self.url = url
        self.date = date
        self.dateISO = dateISO
        self.isLinkPost = isLinkPost
        self.isDraft = isDraft
        self.isFuture = isFuture
    }

    static let type: ContextType = {
        var fields = ContextFields<TitleEntryContext>()
        fields.text("display_title") { $0.displayTitle }
        fields.text("url") { $0.url }
        fields.text("date") { $0.date }
        fields.text("date_iso") { $0.dateISO }
        fields.bool("is_link_post") { $0.isLinkPost }
        fields.bool("is_draft") { $0.isDraft }
        fields.bool("is_future") { $0.isFuture }
        return ContextType(noun: "a post in a list of titles", plural: "posts in a list of titles", fields: fields.fields)
    }()
}

/// One of the archive's `years`.
final class ArchiveYearContext {
    let year: String
    let url: String
    let months: [ArchiveMonthContext]

    init(year: String, url: String, months: [ArchiveMonthContext]) {
        self.year = year
        self.url = url
        self.months = months
    }

    static let type: ContextType = {
        var fields = ContextFields<ArchiveYearContext>()
        fields.text("year") { $0.year }
        fields.text("url") { $0.url }
        fields.list("months", ArchiveMonthContext.type, always: { TemplateList($0.months) })
        return ContextType(noun: "a year of the archive", plural: "years of the archive", fields: fields.fields)
    }()
}

/// One of an archive year's `months`.
final class ArchiveMonthContext {
    let label: String
    let url: String
    let name: String
    let count: String
    let posts: [ArchiveEntryContext]

    init(label: String, url: String, name: String, count: String, posts: [ArchiveEntryContext]) {
        self.label = label
        self.url = url
        self.name = name
        self.count = count
        self.posts = posts
    }

    static let type: ContextType = {
        var fields = ContextFields<ArchiveMonthContext>()
        fields.text("label") { $0.label }
        fields.text("url") { $0.url }
        fields.text("name") { $0.name }
        fields.text("count") { $0.count }
        fields.list("posts", ArchiveEntryContext.type, always: { TemplateList($0.posts) })
        return ContextType(noun: "a month of the archive", plural: "months of the archive", fields: fields.fields)
    }()
}

/// A post in the archive: only what the archive shows, since it lists every post.
final class ArchiveEntryContext {
    let displayTitle: String
    let url: String
    let date: String
    let dayISO: String

    init(displayTitle: String, url: String, date: String, dayISO: String) {
        self.displayTitle = displayTitle
        self.url = url
        self.date = date
        self.dayISO = dayISO
    }

    static let type: ContextType = {
        var fields = ContextFields<ArchiveEntryContext>()
        fields.text("display_title") { $0.displayTitle }
        fields.text("url") { $0.url }
        fields.text("date") { $0.date }
        fields.text("day_iso") { $0.dayISO }
        return ContextType(noun: "a post in the archive", plural: "posts in the archive", fields: fields.fields)
    }()
}

/// `page` on a standalone page's own render.
final class StandalonePageContext {
    let title: String
    let showTitle: Bool
    let content: String
    let url: String
    let meta: [String: String]

    init(title: String, showTitle: Bool, content: String, url: String, meta: [String: String]) {
        self.title = title
        self.showTitle = showTitle
        self.content = content
        self.url = url
        self.meta = meta
    }

    static let type: ContextType = {
        var fields = ContextFields<StandalonePageContext>()
        fields.text("title") { $0.title }
        fields.bool("show_title") { $0.showTitle }
        fields.text("content") { $0.content }
        fields.text("url") { $0.url }
        fields.map("meta") { $0.meta }
        return ContextType(noun: "a standalone page", plural: "standalone pages", fields: fields.fields)
    }()
}
