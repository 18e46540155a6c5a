/// The context a page template renders with: what every page has, and what its kind adds.
///
/// Every page template is compiled against this one type, since the layout they share reads
/// names that only some kinds have (`pagination`, `social`): on the others they are absent, as
/// in any Mustache. Which names each kind fills is `PageKind.names`.
final class PageContext {
    let kind: PageKind
    let site: SiteContext
    let pageTitle: String
    let canonicalURL: String
    let description: String

    var posts: TemplateList?
    var pagination: PaginationContext?
    var category: CategoryContext?
    var feeds: [FeedLinkContext]?
    var categories: [CategoryContext]?
    var categoryCount: String?
    var hasCategories: Bool?
    var year: String?
    var months: [YearMonthContext]?
    var postCount: String?
    var previousYear: LabelLinkContext?
    var nextYear: LabelLinkContext?
    var post: PostContext?
    var social: SocialContext?
    var previous: NeighbourContext?
    var next: NeighbourContext?
    var monthLabel: String?
    var month: String?
    var previousMonth: LabelLinkContext?
    var nextMonth: LabelLinkContext?
    var years: [ArchiveYearContext]?
    var page: StandalonePageContext?

    init(kind: PageKind, site: SiteContext, title: String, canonicalURL: String, description: String) {
        self.kind = kind
        self.site = site
        self.pageTitle = title
        self.canonicalURL = canonicalURL
        self.description = description
    }

    static let type: ContextType = {
        var fields = ContextFields<PageContext>()
        fields.object("site", SiteContext.type, always: { $0.site })
        fields.text("page_title") { $0.pageTitle }
        fields.text("canonical_url") { $0.canonicalURL }
        fields.text("description") { $0.description }
        for kind in PageKind.allCases {
            fields.flag(kind.flag) { $0.kind == kind }
        }
        fields.list("posts", PostContext.type) { $0.posts }
        fields.object("pagination", PaginationContext.type) { $0.pagination }
        fields.object("category", CategoryContext.type) { $0.category }
        fields.list("feeds", FeedLinkContext.type) { $0.feeds.map(TemplateList.init) }
        fields.list("categories", CategoryContext.type) { $0.categories.map(TemplateList.init) }
        fields.text("category_count") { $0.categoryCount }
        fields.bool("has_categories") { $0.hasCategories }
        fields.text("year") { $0.year }
        fields.list("months", YearMonthContext.type) { $0.months.map(TemplateList.init) }
        fields.text("post_count") { $0.postCount }
        fields.object("previous_year", LabelLinkContext.type) { $0.previousYear }
        fields.object("next_year", LabelLinkContext.type) { $0.nextYear }
        fields.object("post", PostContext.type) { $0.post }
        fields.object("social", SocialContext.type) { $0.social }
        fields.object("previous", NeighbourContext.type) { $0.previous }
        fields.object("next", NeighbourContext.type) { $0.next }
        fields.text("month_label") { $0.monthLabel }
        fields.text("month") { $0.month }
        fields.object("previous_month", LabelLinkContext.type) { $0.previousMonth }
        fields.object("next_month", LabelLinkContext.type) { $0.nextMonth }
        fields.list("years", ArchiveYearContext.type) { $0.years.map(TemplateList.init) }
        fields.object("page", StandalonePageContext.type) { $0.page }
        return ContextType(noun: "the page", plural: "pages", fields: fields.fields)
    }()
}

private extension TemplateList {
    init(_ elements: [some AnyObject]) {
        self.init(elements.map { $0 as AnyObject })
    }
}

/// The kinds of page a template renders, each with the flag that marks it.
///
/// A new kind is a case here and in `OutputInputs` (or, for a paginated list, in `PagedList`);
/// the compiler then asks for its flag, template, names and context. `Sitemap.order` says
/// whether the sitemap lists it, and where.
public enum PageKind: String, Sendable, CaseIterable {
    case home, homePage, post, month, year, archive, categories, tagCloud, category, links, page, notFound, search

    /// `is_home`, `is_home_page`, …
    public var flag: String {
        switch self {
        case .home: return "is_home"
        case .homePage: return "is_home_page"
        case .post: return "is_post"
        case .month: return "is_month"
        case .year: return "is_year"
        case .archive: return "is_archive"
        case .categories: return "is_categories"
        case .tagCloud: return "is_tag_cloud"
        case .category: return "is_category"
        case .links: return "is_links"
        case .page: return "is_page"
        case .notFound: return "is_not_found"
        case .search: return "is_search"
        }
    }

    /// The template that renders it; a standalone page may name another (`@template`).
    public var template: PageTemplate {
        switch self {
        case .home, .homePage: return .home
        case .post: return .post
        case .month: return .month
        case .year: return .year
        case .archive: return .archive
        case .categories: return .categories
        case .tagCloud: return .tagCloud
        case .category: return .category
        case .links: return .links
        case .page: return .page
        case .notFound: return .notFound
        case .search: return .search
        }
    }

    /// What every page has.
    public static let commonNames = ["site", "page_title", "canonical_url", "description"] + allCases.map(\.flag)

    /// The page-level names this kind fills, beyond `commonNames`.
    public var names: [String] {
        switch self {
        case .home, .homePage: return ["posts", "pagination"]
        case .category: return ["category", "posts", "pagination", "feeds"]
        case .links: return ["posts", "pagination", "feeds"]
        case .categories: return ["categories", "category_count", "has_categories"]
        case .tagCloud: return ["categories", "category_count", "has_categories"]
        case .year: return ["year", "post_count", "months", "previous_year", "next_year"]
        case .post: return ["post", "social", "previous", "next"]
        case .month: return ["month_label", "year", "month", "posts", "previous_month", "next_month"]
        case .archive: return ["years", "post_count"]
        case .page: return ["page", "social"]
        case .notFound, .search: return []
        }
    }
}

/// The templates that render the kinds of page, by file name in `templates/`.
public enum PageTemplate: String, Sendable, CaseIterable {
    case home, post, month, year, archive, categories, category, links, page, search
    case tagCloud = "tag_cloud"
    case notFound = "not_found"

    /// Every theme must have it. The others came after themes were first written: a theme
    /// folder without one gets the default theme's (see `Theme`).
    public var isRequired: Bool {
        switch self {
        case .home, .post, .month, .archive, .page, .notFound: return true
        case .year, .categories, .category, .links, .tagCloud, .search: return false
        }
    }
}
