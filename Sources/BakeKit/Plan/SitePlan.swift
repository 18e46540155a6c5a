/// Every file of the site and what goes into it, decided from posts and pages alone.
///
/// ```swift
/// let plan = try SitePlan(posts: posts, pages: pages, settings: settings)
/// plan.outputs.map(\.path)   // ["index.html", "2014/03/31/hello.html", "2014/03/index.html", …]
/// ```
public struct SitePlan: Sendable {
    /// The posts on the site, newest first.
    public let posts: [Post]
    /// The standalone pages, by output path.
    public let pages: [Page]
    /// The months that have posts, newest first.
    public let months: [MonthArchive]
    /// The pages at old URLs (`@aliases`), in the order of `outputs`.
    public let redirects: [Redirect]
    /// The years that have posts, newest first.
    public let years: [YearArchive]
    /// The categories, sorted by name for readers of the site's language.
    public let categories: [CategoryIndex]
    /// Each category's slug, by name.
    public let categorySlugs: [String: String]
    /// Posts on each list page: the home page, its older pages and category pages.
    public let postsPerPage: Int
    /// Every output, in a fixed order.
    public let outputs: [PlannedOutput]
    /// The path of each output, in the order of `outputs`.
    public let paths: [String]
    public let settings: SiteSettings

    /// Plans the site. Posts are sorted newest first; two sources that would write the same
    /// file are an error naming both.
    public init(posts: [Post], pages: [Page], settings: SiteSettings) throws(BuildFailure) {
        let layout = settings.layout
        // A site of pages only publishes no posts.
        let shown = layout.hasBlog ? posts : []
        // Newest first, by date as plain numbers without touching the posts; only equal dates
        // (rare) compare permalinks, so the order never depends on input order.
        let order = shown.indices.map { (date: shown[$0].pubDate, index: $0) }.sorted { a, b in
            a.date != b.date ? a.date > b.date : shown[a.index].permalink > shown[b.index].permalink
        }
        let posts = order.map { shown[$0.index] }
        let pages = pages.sorted { $0.path < $1.path }
        var months: [MonthArchive] = []
        for (index, post) in posts.enumerated() {
            let key = post.permalink.monthKey
            if months.last?.key == key {
                months[months.count - 1].postIndices.append(index)
            } else if let existing = months.firstIndex(where: { $0.key == key }) {
                // Only when a post's folder month differs from its date order; rare.
                months[existing].postIndices.append(index)
            } else {
                months.append(MonthArchive(key: key, postIndices: [index]))
            }
        }
        months.sort { $0.key > $1.key }
        var years: [YearArchive] = []
        for (index, month) in months.enumerated() {
            if years.last?.year == month.key.year {
                years[years.count - 1].monthIndices.append(index)
            } else {
                years.append(YearArchive(year: month.key.year, monthIndices: [index]))
            }
        }
        let categories = CategoryIndex.all(of: posts, language: settings.language)
        let perPage = settings.homePostCount

        var outputs: [PlannedOutput] = layout.hasBlog ? [.home, .archive, .notFound, .rss, .jsonFeed, .sitemap] : [.notFound, .sitemap]
        if settings.xmlrpcURL != nil { outputs.append(.rsd) }
        if settings.search { outputs.append(.search) }
        let homePages = perPage > 0 ? Pagination.pageCount(posts.count, perPage: perPage) : 1
        outputs += (1..<homePages).map { PlannedOutput.homePage($0 + 1) }
        if layout.hasBlog { outputs.append(.categories) }
        for (index, category) in categories.enumerated() {
            let pages = Pagination.pageCount(category.postIndices.count, perPage: perPage)
            outputs += (1...pages).map { PlannedOutput.category(index, page: $0) }
            outputs += [.categoryRSS(index), .categoryJSONFeed(index)]
        }
        outputs += years.indices.map { PlannedOutput.year($0) }
        outputs += months.indices.map { PlannedOutput.month($0) }
        outputs += pages.indices.map { PlannedOutput.page($0) }
        outputs += posts.indices.map { PlannedOutput.post($0) }

        var owners: [String: String] = [:]
        owners.reserveCapacity(outputs.count)
        var problems: [Diagnostic] = []
        var paths = outputs.map { $0.path(posts: posts, pages: pages, months: months, years: years, categories: categories, layout: layout, redirects: []) }
        for (output, path) in zip(outputs, paths) {
            let source: String
            switch output {
            case .post(let index): source = posts[index].sourcePath
            case .page(let index): source = pages[index].sourcePath
            default: source = "bake"
            }
            if let first = owners[path] {
                if source == "bake" || first == "bake" {
                    let user = source == "bake" ? first : source
                    problems.append(Diagnostic(path: user, line: nil, message: "would write \(path), which bake writes itself; expected another file name"))
                } else {
                    problems.append(Diagnostic(path: source, line: nil, message: "has the same permalink \(path) as \(first); expected each post to have its own slug"))
                }
            } else {
                owners[path] = source
            }
        }
        var requests: [Redirects.Request] = []
        for post in posts {
            requests += Redirects.requests(in: post.metadata, sourcePath: post.sourcePath, target: layout.post(post.permalink), title: post.displayTitle)
        }
        for page in pages {
            requests += Redirects.requests(in: page.metadata, sourcePath: page.sourcePath, target: layout.page(page), title: page.title)
        }
        let aliases = Redirects.plan(requests, owners: owners)
        problems += aliases.problems
        if !problems.isEmpty { throw BuildFailure(problems) }
        outputs += aliases.redirects.indices.map { PlannedOutput.redirect($0) }
        paths += aliases.redirects.map { $0.path }

        self.redirects = aliases.redirects
        self.posts = posts
        self.pages = pages
        self.months = months
        self.years = years
        self.categories = categories
        self.categorySlugs = Dictionary(uniqueKeysWithValues: categories.map { ($0.name, $0.slug) })
        self.postsPerPage = perPage
        self.outputs = outputs
        self.paths = paths
        self.settings = settings
    }

    /// The output path of a planned file.
    public func path(of output: PlannedOutput) -> String {
        output.path(posts: posts, pages: pages, months: months, years: years, categories: categories, layout: settings.layout, redirects: redirects)
    }

    /// The number of home pages: the home page and its `page/N/` pages of older posts.
    public var homePageCount: Int {
        postsPerPage > 0 ? Pagination.pageCount(posts.count, perPage: postsPerPage) : 1
    }

    /// The indices in `posts` of home page `page` (1-based).
    public func homePostIndices(page: Int) -> Range<Int> {
        Pagination.range(page: page, count: posts.count, perPage: postsPerPage)
    }

    /// The number of pages of category `index`.
    public func pageCount(ofCategory index: Int) -> Int {
        Pagination.pageCount(categories[index].postIndices.count, perPage: postsPerPage)
    }

    /// The post indices of page `page` (1-based) of category `index`.
    public func postIndices(ofCategory index: Int, page: Int) -> ArraySlice<Int> {
        let all = categories[index].postIndices
        return all[Pagination.range(page: page, count: all.count, perPage: postsPerPage > 0 ? postsPerPage : all.count)]
    }

    /// The indices in `posts` of category `index`'s feeds.
    public func feedPostIndices(ofCategory index: Int) -> ArraySlice<Int> {
        categories[index].postIndices.prefix(settings.feedPostCount)
    }

    /// The indices in `posts` of the site's feeds.
    public var feedPostIndices: Range<Int> { 0..<min(posts.count, max(settings.feedPostCount, 0)) }

    /// The posts a build publishes: drafts only with `drafts`, posts dated after `now`
    /// only with `future`.
    public static func publishable(_ posts: [Post], now: Timestamp, drafts: Bool, future: Bool) -> [Post] {
        posts.filter { post in
            (drafts || post.status == .published) && (future || post.pubDate <= now)
        }
    }
}

/// One month of the archive: its posts, newest first, as indices into `SitePlan.posts`.
public struct MonthArchive: Sendable, Hashable {
    public let key: MonthKey
    public internal(set) var postIndices: [Int]
}

/// One file of the site.
public enum PlannedOutput: Sendable, Hashable {
    case home
    case archive
    case notFound
    case rss
    case jsonFeed
    case sitemap
    case rsd
    /// The search page, with `@search true`.
    case search
    case month(Int)
    case page(Int)
    case post(Int)
    /// A page at an old URL, an index into `SitePlan.redirects`.
    case redirect(Int)
    /// Page 2, 3… of older posts after the home page.
    case homePage(Int)
    /// The list of categories.
    case categories
    /// Page `page` (1-based) of a category.
    case category(Int, page: Int)
    case categoryRSS(Int)
    case categoryJSONFeed(Int)
    /// A year's months and posts.
    case year(Int)

    func path(posts: [Post], pages: [Page], months: [MonthArchive], years: [YearArchive], categories: [CategoryIndex], layout: SiteLayout, redirects: [Redirect]) -> String {
        switch self {
        case .home: return layout.blog("index.html")
        case .archive: return layout.blog("archive.html")
        case .notFound: return "404.html"
        case .rss: return layout.blog("xml/rss.xml")
        case .jsonFeed: return layout.blog("feed.json")
        case .sitemap: return "sitemap.xml"
        case .rsd: return "rsd.xml"
        case .search: return "search/index.html"
        case .month(let index): return layout.blog(months[index].key.folder + "index.html")
        case .page(let index): return layout.page(pages[index])
        case .post(let index): return layout.post(posts[index].permalink)
        case .redirect(let index): return redirects[index].path
        case .homePage(let page): return layout.blog(Pagination.folder("", page: page) + "index.html")
        case .categories: return layout.blog("categories/index.html")
        case .category(let index, let page): return layout.blog(Pagination.folder(categories[index].folder, page: page) + "index.html")
        case .categoryRSS(let index): return layout.blog(categories[index].folder + "rss.xml")
        case .categoryJSONFeed(let index): return layout.blog(categories[index].folder + "feed.json")
        case .year(let index): return layout.blog(years[index].folder + "index.html")
        }
    }
}
