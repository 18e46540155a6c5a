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
        case .rss, .jsonFeed: return plan.feedPosts.map(\.sourcePath)
        case .archive, .notFound, .sitemap, .rsd, .month, .redirect: return []
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
            text = templates.render("home", context: contexts.home(bodies: bodies))
        case .post(let index):
            text = templates.render("post", context: contexts.post(at: index, html: bodies[plan.posts[index].sourcePath] ?? ""))
        case .month(let index):
            text = templates.render("month", context: contexts.month(at: index))
        case .archive:
            text = templates.render("archive", context: contexts.archive())
        case .page(let index):
            text = templates.render("page", context: contexts.page(at: index, html: bodies[plan.pages[index].sourcePath] ?? ""))
        case .notFound:
            text = templates.render("not_found", context: contexts.notFound())
        case .rss:
            text = RSSFeed(settings: settings).render(plan.feedPosts.map { ($0, bodies[$0.sourcePath] ?? "") })
        case .jsonFeed:
            text = JSONFeed(settings: settings).render(plan.feedPosts.map { ($0, bodies[$0.sourcePath] ?? "") })
        case .sitemap:
            text = Sitemap(settings: settings).render(plan)
        case .rsd:
            text = RSD(settings: settings).render() ?? ""
        case .redirect(let index):
            text = RedirectPage(settings: settings).render(plan.redirects[index])
        }
        return RenderedFile(path: path, bytes: Array(text.utf8))
    }

    /// A hash of everything `output` is made from. Equal fingerprints mean equal bytes, so an
    /// incremental build can skip the render.
    public func fingerprint(of output: PlannedOutput, base: UInt64) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine(Int64(bitPattern: base))
        hasher.combine(plan.path(of: output))
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
            // Neighbours, for the pager: one newer, one older.
            for neighbour in index - 1...index + 1 where neighbour != index && posts.indices.contains(neighbour) {
                hasher.combine(plan.settings.layout.post(posts[neighbour].permalink))
                hasher.combine(posts[neighbour].displayTitle)
            }
        case .page(let index):
            hasher.combine(Int64(bitPattern: plan.pages[index].contentHash))
        case .home:
            plan.homePosts.forEach(add)
        case .rss, .jsonFeed:
            plan.feedPosts.forEach(add)
        case .month(let index):
            let month = plan.months[index]
            month.postIndices.forEach { add(plan.posts[$0]) }
            for neighbour in index - 1...index + 1 where neighbour != index && plan.months.indices.contains(neighbour) {
                hasher.combine(plan.months[neighbour].key.folder)
            }
        case .archive:
            for month in plan.months {
                hasher.combine(month.key.folder)
                hasher.combine(Int64(month.postIndices.count))
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
