/// Renders each planned output to bytes. Pure and `Sendable`: pages can render in parallel.
///
/// ```swift
/// let renderer = SiteRenderer(plan: plan, templates: templates, options: options)
/// let file = renderer.render(.home, bodies: bodies)   // RenderedFile(path: "index.html", …)
/// ```
public struct SiteRenderer: Sendable {
    public let plan: SitePlan
    public let templates: TemplateSet
    public let options: RenderOptions
    private let contexts: ContextBuilder

    public init(plan: SitePlan, templates: TemplateSet, options: RenderOptions) {
        self.plan = plan
        self.templates = templates
        self.options = options
        self.contexts = ContextBuilder(plan: plan, options: options)
    }

    /// The source paths whose body HTML `output` shows.
    public func bodiesNeeded(for output: PlannedOutput) -> [String] {
        switch output {
        case .post(let index): return [plan.posts[index].sourcePath]
        case .page(let index): return [plan.pages[index].sourcePath]
        case .home: return plan.homePosts.map(\.sourcePath)
        case .homePage(let page): return plan.homePosts(page: page).map(\.sourcePath)
        case .category(let index, let page): return plan.postIndices(ofCategory: index, page: page).map { plan.posts[$0].sourcePath }
        case .rss, .jsonFeed: return plan.feedPosts.map(\.sourcePath)
        case .categoryRSS(let index), .categoryJSONFeed(let index): return plan.feedPosts(ofCategory: index).map(\.sourcePath)
        case .archive, .notFound, .sitemap, .rsd, .month, .year, .categories, .redirect: return []
        }
    }

    /// Renders one output.
    /// - Parameter bodies: body HTML by source path; must hold `bodiesNeeded(for: output)`.
    public func render(_ output: PlannedOutput, bodies: [String: String]) -> RenderedFile {
        let path = plan.path(of: output)
        let text: String
        let settings = plan.settings
        switch output {
        case .home:
            text = templates.render("home", context: contexts.home(page: 1, bodies: bodies))
        case .homePage(let page):
            text = templates.render("home", context: contexts.home(page: page, bodies: bodies))
        case .categories:
            text = templates.render("categories", context: contexts.categories())
        case .category(let index, let page):
            text = templates.render("category", context: contexts.category(at: index, page: page, bodies: bodies))
        case .year(let index):
            text = templates.render("year", context: contexts.year(at: index))
        case .categoryRSS(let index):
            text = RSSFeed(settings: settings, channel: categoryChannel(index)).render(feedItems(plan.feedPosts(ofCategory: index), bodies: bodies))
        case .categoryJSONFeed(let index):
            text = JSONFeed(settings: settings, channel: categoryChannel(index)).render(feedItems(plan.feedPosts(ofCategory: index), bodies: bodies))
        case .post(let index):
            text = templates.render("post", context: contexts.post(at: index, html: bodies[plan.posts[index].sourcePath] ?? ""))
        case .month(let index):
            text = templates.render("month", context: contexts.month(at: index))
        case .archive:
            text = templates.render("archive", context: contexts.archive())
        case .page(let index):
            let page = plan.pages[index]
            text = templates.render(page.templateName, context: contexts.page(at: index, html: bodies[page.sourcePath] ?? ""))
        case .notFound:
            text = templates.render("not_found", context: contexts.notFound())
        case .rss:
            text = RSSFeed(settings: settings).render(feedItems(plan.feedPosts, bodies: bodies))
        case .jsonFeed:
            text = JSONFeed(settings: settings).render(feedItems(plan.feedPosts, bodies: bodies))
        case .sitemap:
            text = Sitemap(settings: settings).render(plan)
        case .rsd:
            text = RSD(settings: settings).render() ?? ""
        case .redirect(let index):
            text = RedirectPage(settings: settings).render(plan.redirects[index])
        }
        return RenderedFile(path: path, bytes: Array(text.utf8))
    }

    /// The feed entries: full bodies, or with `@feed_excerpts true` each post's excerpt and a
    /// link to the rest.
    private func feedItems(_ posts: some Sequence<Post>, bodies: [String: String]) -> [(post: Post, html: String)] {
        posts.map { post in
            let html = bodies[post.sourcePath] ?? ""
            guard plan.settings.feedExcerpts, let excerpt = Excerpt.cut(html, summary: Excerpt.summary(of: post.metadata)) else { return (post, html) }
            let url = plan.settings.url + "/" + post.permalink.path
            return (post, excerpt + "<p><a href=\"\(MarkupEscaping.html(url))\">Continue reading</a></p>\n")
        }
    }

    /// The title, page and feed URLs of a category's feeds.
    private func categoryChannel(_ index: Int) -> FeedChannel {
        let category = plan.categories[index]
        let settings = plan.settings
        return FeedChannel(
            title: "\(settings.name): \(category.name)",
            pageURL: settings.url + "/" + category.folder,
            rssURL: settings.url + "/" + category.folder + "rss.xml",
            jsonFeedURL: settings.url + "/" + category.folder + "feed.json"
        )
    }

    /// A hash of everything `output` is made from. Equal fingerprints mean equal bytes, so an
    /// incremental build can skip the render.
    public func fingerprint(of output: PlannedOutput, base: UInt64) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine(Int64(bitPattern: base))
        hasher.combine(plan.path(of: output))
        // A category's slug can change with another category's name, when two collide.
        func addCategorySlugs(of posts: some Sequence<Post>) {
            for post in posts {
                for name in post.categories {
                    hasher.combine(plan.categorySlugs[name] ?? "")
                }
            }
        }
        func add(_ post: Post) {
            hasher.combine(post.sourcePath)
            hasher.combine(Int64(bitPattern: post.contentHash))
            hasher.combine(Int64(post.status == .draft ? 1 : 0))
            hasher.combine(Int64(post.pubDate > options.now ? 1 : 0))
        }
        switch output {
        case .post(let index):
            let posts = plan.posts
            add(posts[index])
            addCategorySlugs(of: [posts[index]])
            // Neighbours, for the pager: one newer, one older.
            for neighbour in index - 1...index + 1 where neighbour != index && posts.indices.contains(neighbour) {
                hasher.combine(plan.settings.layout.post(posts[neighbour].permalink))
                hasher.combine(posts[neighbour].displayTitle)
            }
        case .page(let index):
            hasher.combine(Int64(bitPattern: plan.pages[index].contentHash))
        case .home:
            plan.homePosts.forEach(add)
            hasher.combine(Int64(plan.homePageCount))
            addCategorySlugs(of: plan.homePosts)
        case .homePage(let page):
            plan.homePosts(page: page).forEach(add)
            hasher.combine(Int64(plan.homePageCount))
            addCategorySlugs(of: plan.homePosts(page: page))
        case .category(let index, let page):
            let category = plan.categories[index]
            hasher.combine(category.name)
            // The page shows the category's count of posts, and links to the next page.
            hasher.combine(Int64(category.postIndices.count))
            hasher.combine(Int64(plan.pageCount(ofCategory: index)))
            let posts = plan.postIndices(ofCategory: index, page: page).map { plan.posts[$0] }
            posts.forEach(add)
            addCategorySlugs(of: posts)
        case .categories:
            for category in plan.categories {
                hasher.combine(category.name)
                hasher.combine(category.slug)
                hasher.combine(Int64(category.postIndices.count))
            }
        case .categoryRSS(let index), .categoryJSONFeed(let index):
            hasher.combine(plan.categories[index].name)
            plan.feedPosts(ofCategory: index).forEach(add)
        case .year(let index):
            let year = plan.years[index]
            for month in year.monthIndices {
                hasher.combine(plan.months[month].key.folder)
                plan.months[month].postIndices.forEach { add(plan.posts[$0]) }
            }
            for neighbour in index - 1...index + 1 where neighbour != index && plan.years.indices.contains(neighbour) {
                hasher.combine(Int64(plan.years[neighbour].year))
            }
        case .rss, .jsonFeed:
            plan.feedPosts.forEach(add)
        case .month(let index):
            let month = plan.months[index]
            month.postIndices.forEach { add(plan.posts[$0]) }
            for neighbour in index - 1...index + 1 where neighbour != index && plan.months.indices.contains(neighbour) {
                hasher.combine(plan.months[neighbour].key.folder)
            }
        case .archive:
            // Each post's title, link and date show; its text does not, beyond an untitled
            // post's first words, which `displayTitle` holds.
            for month in plan.months {
                hasher.combine(month.key.folder)
                for index in month.postIndices {
                    let post = plan.posts[index]
                    hasher.combine(post.permalink.path)
                    hasher.combine(post.displayTitle)
                    hasher.combine(post.pubDate.seconds)
                }
            }
        case .sitemap:
            // Only paths and dates show in the sitemap, so editing a post's text leaves it be.
            plan.pages.forEach { hasher.combine($0.path) }
            for (index, post) in plan.posts.enumerated() {
                hasher.combine(plan.path(of: .post(index)))
                hasher.combine(post.pubDate.seconds)
                hasher.combine(post.modDate?.seconds ?? 0)
            }
        case .redirect(let index):
            // The redirect shows its target's path and title; the site's URL is in `base`.
            hasher.combine(plan.redirects[index].target)
            hasher.combine(plan.redirects[index].title)
        case .notFound, .rsd:
            break
        }
        return hasher.value
    }

    /// A hash of what every page depends on: templates, settings, options and the site-wide
    /// context (navigation, the newest post's year).
    public var baseFingerprint: UInt64 {
        var hasher = ContentHasher()
        hasher.combine(templates.fingerprint)
        for field in plan.settings.metadata.fields {
            hasher.combine(field.key)
            hasher.combine(field.value)
        }
        hasher.combine(Int64(options.marksUnpublished ? 1 : 0))
        hasher.combine(options.stylesheetVersion)
        for page in plan.pages {
            hasher.combine(plan.settings.layout.page(page))
            hasher.combine(page.title)
        }
        hasher.combine(Int64(plan.posts.first?.pubDate.civil(in: plan.settings.timeZone).year ?? 0))
        return hasher.value
    }
}
