/// A list of posts that runs over several pages, as data: the home page, a category, the link
/// posts. Its value says everything that differs from one list to another (its folder, kind of
/// page and template, title, description and feeds); the plan decides which posts it shows
/// (`PlanInputs.postIndices(of:)`), and everything else is the same for every list: pages of
/// `@home_post_count` at its folder, `page/2/`, `page/3/`…, two feeds, its first page in the
/// sitemap.
///
/// A new list is a case here; the compiler then asks for each of these, and for its posts.
public enum PagedList: Sendable, Hashable, Encodable {
    /// Every post: the home page and its pages of older posts.
    case home
    /// A category's posts.
    case category(CategoryEntry)
    /// The link posts (`@link`), at `links/`.
    case links

    /// Its folder inside the blog's folder, "" or ending in `/`: page 1 is its `index.html`.
    public var folder: String {
        switch self {
        case .home: return ""
        case .category(let category): return SitePaths.categoryFolder(category.slug)
        case .links: return "links/"
        }
    }

    /// The kind of page its page `page` (1-based) is, which says its template and flag.
    public func kind(page: Int) -> PageKind {
        switch self {
        case .home: return page == 1 ? .home : .homePage
        case .category: return .category
        case .links: return .links
        }
    }

    /// The title of its page `page` (`page_title`).
    func title(page: Int, settings: SiteSettings) -> String {
        switch self {
        case .home: return page == 1 ? settings.layout.homeTitle : "Older posts, page \(page)"
        case .category(let category): return page == 1 ? category.name : "\(category.name), page \(page)"
        case .links: return page == 1 ? "Links" : "Links, page \(page)"
        }
    }

    /// Its pages' meta description.
    func description(settings: SiteSettings) -> String {
        switch self {
        case .home: return settings.description
        case .category(let category): return "Posts in \(category.name) on \(settings.name)"
        case .links: return "Link posts on \(settings.name)"
        }
    }

    /// What its feeds add to the site's name (`Blog: Swift`); nil for the home page's, which
    /// are the site's own feeds and take `@feed_title`.
    var feedName: String? {
        switch self {
        case .home: return nil
        case .category(let category): return category.name
        case .links: return "Links"
        }
    }

    /// Whether the plan writes it when it has no posts: the home page always is; a category
    /// always has a post; the links page is written only for a blog with a link post.
    var isWrittenEmpty: Bool {
        switch self {
        case .home: return true
        case .category, .links: return false
        }
    }

    /// How many of its `count` posts each page shows, for `@home_post_count` `perPage`: 0
    /// leaves the home page without posts, and shows any other list on one page.
    func pageSize(_ perPage: Int, count: Int) -> Int {
        switch self {
        case .home: return perPage
        case .category, .links: return perPage > 0 ? perPage : count
        }
    }

    /// Whether the sitemap dates its first page by its newest post, as it does the home page's.
    var isDatedInSitemap: Bool {
        switch self {
        case .home, .links: return true
        case .category: return false
        }
    }
}
