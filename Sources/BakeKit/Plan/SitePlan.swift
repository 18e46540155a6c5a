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
    /// Every output: where it goes and what it is made from, in a fixed order.
    public let outputs: [PlannedPage]
    /// The paginated lists of posts it writes: the home page, each category, and the links
    /// page when the blog has a link post.
    public let lists: [PagedList]
    public let settings: SiteSettings
    /// Every path and URL of the site.
    public let paths: SitePaths
    /// The time of the build, which decides which posts are still scheduled.
    public let now: Timestamp
    /// The pictures bake serves in several sizes, by output path.
    public let pictures: PictureCatalog

    /// Plans the site at the time `now`. Posts are sorted newest first; two sources that
    /// would write the same file are an error naming both.
    public init(posts: [Post], pages: [Page], settings: SiteSettings, now: Timestamp, pictures: PictureCatalog = .empty) throws(BuildFailure) {
        let layout = settings.layout
        let paths = SitePaths(settings: settings)
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
        self.posts = posts
        self.pages = pages
        self.months = months
        self.years = years
        let categories = CategoryIndex.all(of: posts, language: settings.language)
        self.categories = categories
        self.settings = settings
        self.paths = paths
        self.now = now
        self.pictures = pictures

        let inputs = PlanInputs(
            posts: posts, pages: pages, months: months, years: years, categories: categories,
            settings: settings, paths: paths, now: now, pictures: pictures
        )
        var outputs = inputs.outputs()
        self.lists = layout.hasBlog ? inputs.lists.map(\.list) : []
        var owners: [String: String] = [:]
        owners.reserveCapacity(outputs.count)
        var problems: [PlanError] = []
        for output in outputs {
            let path = output.path.file
            let source = output.source ?? PlanError.bake
            if let first = owners[path] {
                problems.append(source == PlanError.bake || first == PlanError.bake
                    ? PlanError(source: source == PlanError.bake ? first : source, reason: .pathBakeWrites(path))
                    : PlanError(source: source, reason: .samePermalink(path, as: first)))
            } else {
                owners[path] = source
            }
        }
        var requests: [Redirects.Request] = []
        for post in posts {
            requests += Redirects.requests(in: post.metadata, sourcePath: post.sourcePath, target: { paths.post(post.permalink).link }, title: post.displayTitle)
        }
        for page in pages {
            requests += Redirects.requests(in: page.metadata, sourcePath: page.sourcePath, target: { paths.page(page).link }, title: page.title)
        }
        let aliases = Redirects.plan(requests, owners: owners)
        problems += aliases.problems
        if !problems.isEmpty { throw BuildFailure(problems.map(\.diagnostic)) }
        outputs += aliases.redirects.map { redirect in
            PlannedPage(path: paths.redirect(redirect), inputs: .redirect(RedirectInputs(target: redirect.target, title: redirect.title)), source: redirect.sourcePath)
        }
        if let host = settings.hostRules {
            let sitePath = WebURL(settings.url).map { String($0.path.reversed().drop { $0 == "/" }.reversed()) } ?? ""
            let redirects = HostRulesInputs.redirects(aliases.redirects, sitePath: sitePath)
            outputs.append(PlannedPage(path: SitePath(file: HostRules.redirectsFile),
                                       inputs: .hostRules(HostRulesInputs(host: host, file: .redirects, sitePath: sitePath, redirects: redirects))))
            outputs.append(PlannedPage(path: SitePath(file: HostRules.headersFile),
                                       inputs: .hostRules(HostRulesInputs(host: host, file: .headers, sitePath: sitePath, redirects: []))))
        }
        self.redirects = aliases.redirects
        self.outputs = outputs
    }

    /// The output written at `file`, if any.
    public func output(at file: String) -> PlannedPage? {
        outputs.first { $0.path.file == file }
    }

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
