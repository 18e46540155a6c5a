/// Everything one output is made from, beyond what every page shares (`SiteInputs`).
///
/// It is the only thing the renderer is given about the output, and its hash (with the
/// output's path) is the output's fingerprint: a page cannot show something its fingerprint
/// misses, so an incremental build that skips outputs whose inputs are unchanged cannot leave
/// one stale. A new kind of page is a new case here; the compiler then asks for its page
/// kind, the bodies it shows, its date in the sitemap and its context. A new paginated list
/// of posts is not: it is a case of `PagedList`, and its pages are `.list`.
///
/// Posts are named by `PostRef` (path and content hash), not copied: the renderer looks them
/// up in the build's posts, and the hash stands for everything the file holds. A `PostRef`
/// and a month's titles, which many outputs share, are `Digested`: hashed once per build.
///
/// Indirect: each output's inputs are one object, so that handing them on (`switch`,
/// `bodiesShown`, the sitemap's pass over every output) retains one object, not each string
/// and array of the payload.
public indirect enum OutputInputs: Sendable, Hashable, Encodable {
    /// A page of a paginated list of posts: the home page and its pages of older posts, a
    /// category's, the link posts'.
    case list(ListInputs)
    /// The list of categories.
    case categories([CategoryEntry])
    /// Every category, sized by its number of posts.
    case tagCloud([CategoryEntry])
    /// A year's months and the titles of their posts.
    case year(YearInputs)
    /// A month's posts.
    case month(MonthInputs)
    /// Every post's title, by year and month.
    case archive([ArchiveYear])
    /// A post's own page.
    case post(PostInputs)
    /// A standalone page.
    case page(PageInputs)
    /// An RSS or JSON feed, of the site or of a category.
    case feed(FeedInputs)
    case sitemap(SitemapInputs)
    /// A page at an old URL.
    case redirect(RedirectInputs)
    case notFound
    case rsd
    /// The search page, with `@search true`: what every page shows, and nothing more.
    case search
    /// A host's `_redirects` or `_headers`, with `@host_rules`.
    case hostRules(HostRulesInputs)

    /// The source paths of the posts and pages whose body HTML the output shows.
    public var bodiesShown: [String] {
        switch self {
        case .list(let list): return list.posts.map(\.sourcePath)
        case .post(let post): return [post.post.sourcePath]
        case .page(let page): return [page.sourcePath]
        case .feed(let feed): return feed.posts.map(\.sourcePath)
        case .categories, .tagCloud, .year, .month, .archive, .sitemap, .redirect, .notFound, .rsd, .search, .hostRules: return []
        }
    }

    /// The kind of page a template renders it as; nil for feeds and the other files bake
    /// writes itself.
    public var kind: PageKind? {
        switch self {
        case .list(let list): return list.list.kind(page: list.page)
        case .categories: return .categories
        case .tagCloud: return .tagCloud
        case .year: return .year
        case .month: return .month
        case .archive: return .archive
        case .post: return .post
        case .page: return .page
        case .notFound: return .notFound
        case .search: return .search
        case .feed, .sitemap, .redirect, .rsd, .hostRules: return nil
        }
    }

    /// Where the sitemap lists it: its kind's place in `Sitemap.order`; nil for the kinds that
    /// are not there, and for the pages of a list after its first (reached from the first).
    var sitemapRank: Int? {
        guard let kind else { return nil }
        if case .list(let list) = self, list.page > 1 { return nil }
        return Sitemap.order.firstIndex(of: kind)
    }

    /// When what it shows last changed, for the sitemap: a post's update, the newest post of
    /// the home page or of the links; nil where no one date says it.
    var lastModified: Int64? {
        switch self {
        case .list(let list): return list.list.isDatedInSitemap ? list.posts.first?.value.pubDate : nil
        case .post(let post): return post.post.value.updated ?? post.post.value.pubDate
        case .categories, .tagCloud, .year, .month, .archive, .page, .feed, .sitemap, .redirect, .notFound, .rsd, .search, .hostRules: return nil
        }
    }
}

/// One post as a page shows it: which file and which version of it, and what of the rest of
/// the site its entry shows.
public struct PostRef: Sendable, Hashable, Encodable {
    public let sourcePath: String
    /// The hash of the file's bytes: the post's title, text and every header.
    public let contentHash: UInt64
    /// The publication time; a draft without `@pubDate` takes the build's.
    public let pubDate: Int64
    /// When it was last changed (`@modDate`), if it says.
    public let updated: Int64?
    /// The slug of each of the post's categories, in its order ("" for none).
    public let categorySlugs: [String]
    /// Dated after the build, so marked as scheduled where unpublished posts are marked.
    public let isFuture: Bool
    /// The identity of the pictures it shows (`PictureCatalog.identity`), 0 for none.
    public let pictures: UInt64
}

/// A link to a post by its title, as the pager of a post page shows it.
public struct PostLink: Sendable, Hashable, Encodable {
    public let title: String
    /// The output path, e.g. `2014/03/31/hello.html`.
    public let path: String
}

/// A post as a list of titles shows it (the archive, year pages).
public struct TitleEntry: Sendable, Hashable, Encodable {
    public let title: String
    public let path: String
    public let pubDate: Int64
    public let isLinkPost: Bool
    public let isDraft: Bool
    public let isFuture: Bool
}

/// One page of a paginated list of posts.
public struct ListInputs: Sendable, Hashable, Encodable {
    /// Which list: the home page's, a category's, the links'.
    public let list: PagedList
    /// 1-based.
    public let page: Int
    public let pageCount: Int
    public let posts: [Digested<PostRef>]
}

/// A category as lists of categories show it.
public struct CategoryEntry: Sendable, Hashable, Encodable {
    public let name: String
    public let slug: String
    /// How many posts it has.
    public let count: Int
}

/// A month and the titles of its posts.
public struct MonthEntries: Sendable, Hashable, Encodable {
    public let key: MonthKey
    public let posts: [TitleEntry]
}

public struct YearInputs: Sendable, Hashable, Encodable {
    public let year: Int
    public let months: [Digested<MonthEntries>]
    /// The year before and after that have posts.
    public let previous: Int?
    public let next: Int?
}

public struct ArchiveYear: Sendable, Hashable, Encodable {
    public let year: Int
    public let months: [Digested<MonthEntries>]
}

public struct MonthInputs: Sendable, Hashable, Encodable {
    public let key: MonthKey
    public let posts: [Digested<PostRef>]
    /// The months before and after that have posts.
    public let previous: MonthKey?
    public let next: MonthKey?
}

public struct PostInputs: Sendable, Hashable, Encodable {
    public let post: Digested<PostRef>
    /// The older post, and the newer.
    public let previous: Digested<PostLink>?
    public let next: Digested<PostLink>?
}

public struct PageInputs: Sendable, Hashable, Encodable {
    /// Its place in the site's pages, which the navigation marks as current.
    public let index: Int
    public let sourcePath: String
    public let contentHash: UInt64
    /// The identity of the pictures it shows (`PictureCatalog.identity`), 0 for none.
    public let pictures: UInt64
}

public struct FeedInputs: Sendable, Hashable, Encodable {
    public enum Format: String, Sendable, Hashable, Encodable {
        case rss
        case json
    }

    public let format: Format
    /// The list whose feed it is: `.home` for the site's own.
    public let list: PagedList
    public let posts: [Digested<PostRef>]
}

/// A sitemap shows paths and dates only, so editing a post's text leaves it be.
public struct SitemapInputs: Sendable, Hashable, Encodable {
    public struct Entry: Sendable, Hashable, Encodable {
        public let path: String
        /// When it last changed; nil for pages without a date.
        public let lastModified: Int64?
    }

    public let entries: [Entry]
}

/// A redirect shows its target's path and title.
public struct RedirectInputs: Sendable, Hashable, Encodable {
    public let target: String
    public let title: String
}

// Each inputs type adds its stored properties to its fingerprint, in declaration order
// (`Fingerprintable`); `FingerprintableTests` checks that none is left out.

extension OutputInputs: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        switch self {
        case .list(let list): fields.add(case: 0); fields.add(list)
        case .categories(let categories): fields.add(case: 1); fields.add(categories)
        case .tagCloud(let categories): fields.add(case: 2); fields.add(categories)
        case .year(let year): fields.add(case: 3); fields.add(year)
        case .month(let month): fields.add(case: 4); fields.add(month)
        case .archive(let years): fields.add(case: 5); fields.add(years)
        case .post(let post): fields.add(case: 6); fields.add(post)
        case .page(let page): fields.add(case: 7); fields.add(page)
        case .feed(let feed): fields.add(case: 8); fields.add(feed)
        case .sitemap(let sitemap): fields.add(case: 9); fields.add(sitemap)
        case .redirect(let redirect): fields.add(case: 10); fields.add(redirect)
        case .notFound: fields.add(case: 11)
        case .rsd: fields.add(case: 12)
        case .search: fields.add(case: 13)
        case .hostRules(let rules): fields.add(case: 14); fields.add(rules)
        }
    }
}

extension PostRef: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(sourcePath)
        fields.add(contentHash)
        fields.add(pubDate)
        fields.add(updated)
        fields.add(categorySlugs)
        fields.add(isFuture)
        fields.add(pictures)
    }
}

extension PostLink: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(title)
        fields.add(path)
    }
}

extension TitleEntry: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(title)
        fields.add(path)
        fields.add(pubDate)
        fields.add(isLinkPost)
        fields.add(isDraft)
        fields.add(isFuture)
    }
}

extension ListInputs: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(list)
        fields.add(page)
        fields.add(pageCount)
        fields.add(posts)
    }
}

extension CategoryEntry: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(name)
        fields.add(slug)
        fields.add(count)
    }
}

extension MonthEntries: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(key)
        fields.add(posts)
    }
}

extension YearInputs: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(year)
        fields.add(months)
        fields.add(previous)
        fields.add(next)
    }
}

extension ArchiveYear: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(year)
        fields.add(months)
    }
}

extension MonthInputs: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(key)
        fields.add(posts)
        fields.add(previous)
        fields.add(next)
    }
}

extension PostInputs: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(post)
        fields.add(previous)
        fields.add(next)
    }
}

extension PageInputs: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(index)
        fields.add(sourcePath)
        fields.add(contentHash)
        fields.add(pictures)
    }
}

extension FeedInputs: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(format)
        fields.add(list)
        fields.add(posts)
    }
}

extension FeedInputs.Format: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        switch self {
        case .rss: fields.add(case: 0)
        case .json: fields.add(case: 1)
        }
    }
}

extension SitemapInputs: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(entries)
    }
}

extension SitemapInputs.Entry: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(path)
        fields.add(lastModified)
    }
}

extension RedirectInputs: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(target)
        fields.add(title)
    }
}

extension PagedList: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        switch self {
        case .home: fields.add(case: 0)
        case .category(let category): fields.add(case: 1); fields.add(category)
        case .links: fields.add(case: 2)
        }
    }
}

extension MonthKey: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(year)
        fields.add(month)
    }
}
