/// Renders outputs to bytes from their inputs. Pure and `Sendable`: pages render in parallel.
///
/// ```swift
/// let renderer = SiteRenderer(plan: plan, templates: templates, options: options)
/// let file = renderer.render(.home, bodies: bodies)   // RenderedFile(path: "index.html", …)
/// ```
///
/// What an output shows comes only from `OutputInputs` and `SiteInputs`, and the output's
/// fingerprint is the hash of the two: see `fingerprint(of:base:)`.
public struct SiteRenderer: Sendable {
    public var plan: SitePlan { inputsBuilder.plan }
    public let templates: TemplateSet
    public let options: RenderOptions
    /// What every page is made from.
    public let site: SiteInputs
    private let contexts: ContextBuilder
    private let inputsBuilder: InputsBuilder
    /// The hash of `site`, which seeds every output's fingerprint and every kept entry's key.
    public let baseFingerprint: UInt64

    public init(plan: SitePlan, templates: TemplateSet, options: RenderOptions) {
        self.inputsBuilder = InputsBuilder(plan: plan, now: options.now)
        self.templates = templates
        self.options = options
        let site = SiteInputs(plan: plan, templates: templates, options: options)
        self.site = site
        var posts: [String: Post] = [:]
        posts.reserveCapacity(plan.posts.count)
        for post in plan.posts { posts[post.sourcePath] = post }
        self.contexts = ContextBuilder(settings: plan.settings, site: site, posts: posts, pages: plan.pages)
        self.baseFingerprint = Fingerprint.of(site)
    }

    /// What `output` is made from.
    public func inputs(of output: PlannedOutput) -> OutputInputs {
        inputsBuilder.inputs(of: output)
    }

    /// The fingerprint of each post's `PostRef`, by index: what its list entry is kept under.
    public var postFingerprints: [UInt64] {
        inputsBuilder.postFingerprints
    }

    /// The source paths whose body HTML `output` shows.
    public func bodiesNeeded(for output: PlannedOutput) -> [String] {
        inputs(of: output).bodiesShown
    }

    /// Renders one output.
    /// - Parameters:
    ///   - bodies: body HTML by source path; must hold `bodiesNeeded(for: output)`.
    ///   - entries: where list entries are kept, so each renders once; nil renders them all.
    public func render(_ output: PlannedOutput, bodies: some BodySource, entries: (any EntryCache)? = nil) -> RenderedFile {
        let path = plan.path(of: output)
        return RenderedFile(path: path, bytes: render(inputs(of: output), bodies: bodies, entries: entries))
    }

    /// Renders an output from its inputs.
    /// - Parameters:
    ///   - bodies: body HTML by source path; must hold `bodiesNeeded(for: inputs)`.
    ///   - entries: where list entries are kept, so each renders once; nil renders them all.
    public func render(_ inputs: OutputInputs, bodies: some BodySource, entries: (any EntryCache)? = nil) -> [UInt8] {
        if let (template, context) = page(for: inputs, bodies: bodies) {
            return templates.render(template, page: context, entries: entries, seed: baseFingerprint)
        }
        let text: String
        let settings = plan.settings
        switch inputs {
        case .home, .category, .categories, .year, .month, .archive, .post, .page, .notFound, .search:
            preconditionFailure("a page is rendered through its template")
        case .feed(let feed):
            let channel = feed.category.map(categoryChannel) ?? FeedChannel.site(settings)
            let items = feedItems(feed.posts, bodies: bodies)
            switch feed.format {
            case .rss: text = RSSFeed(settings: settings, channel: channel).render(items)
            case .json: text = JSONFeed(settings: settings, channel: channel).render(items)
            }
        case .sitemap(let sitemap):
            text = Sitemap(settings: settings).render(sitemap)
        case .redirect(let redirect):
            text = RedirectPage(settings: settings).render(redirect)
        case .rsd:
            text = RSD(settings: settings).render() ?? ""
        }
        return Array(text.utf8)
    }

    /// The template and context of an output that is a page; nil for feeds and the like.
    func page(for inputs: OutputInputs, bodies: some BodySource) -> (template: String, context: PageContext)? {
        let context: PageContext
        switch inputs {
        case .home(let list): context = contexts.home(list, bodies: bodies)
        case .category(let category, let list): context = contexts.category(category, list, bodies: bodies)
        case .categories(let categories): context = contexts.categories(categories)
        case .year(let year): context = contexts.year(year)
        case .month(let month): context = contexts.month(month)
        case .archive(let years): context = contexts.archive(years)
        case .post(let post): context = contexts.post(post, html: bodies.body(of: post.post.sourcePath) ?? "")
        case .page(let page):
            return (contexts.pages[page.index].templateName, contexts.page(page, html: bodies.body(of: page.sourcePath) ?? ""))
        case .notFound: context = contexts.notFound()
        case .search: context = contexts.search()
        case .feed, .sitemap, .redirect, .rsd: return nil
        }
        return (context.kind.templateName, context)
    }

    /// The feed entries: full bodies, or with `@feed_excerpts true` each post's excerpt and a
    /// link to the rest.
    private func feedItems(_ refs: [Digested<PostRef>], bodies: some BodySource) -> [FeedItem] {
        refs.map { ref in
            let post = contexts.post(ref.value)
            let html = bodies.body(of: post.sourcePath) ?? ""
            let summary = Excerpt.summary(of: post.metadata)
            guard plan.settings.feedExcerpts, let excerpt = Excerpt.cut(html, summary: summary) else {
                return FeedItem(post: post, html: html, summary: summary, excerpt: post.excerpt)
            }
            let url = plan.settings.url + "/" + plan.settings.layout.post(post.permalink)
            return FeedItem(post: post, html: excerpt + "<p><a href=\"\(MarkupEscaping.html(url))\">Continue reading</a></p>\n",
                            summary: summary, excerpt: PlainText.excerpt(fromHTML: excerpt))
        }
    }

    /// The title, page and feed URLs of a category's feeds.
    private func categoryChannel(_ category: CategoryEntry) -> FeedChannel {
        let settings = plan.settings
        let folder = settings.url + "/" + settings.layout.blog(category.folder)
        return FeedChannel(
            title: "\(settings.name): \(category.name)",
            pageURL: folder, rssURL: folder + "rss.xml", jsonFeedURL: folder + "feed.json"
        )
    }

    /// A hash of everything `output` is made from: its path and its inputs, seeded with
    /// `base`, the hash of what every output is made from. Equal fingerprints mean equal
    /// bytes, so an incremental build can skip the render.
    public func fingerprint(of output: PlannedOutput, base: UInt64) -> UInt64 {
        Self.fingerprint(path: plan.path(of: output), inputs: inputs(of: output), base: base)
    }

    public static func fingerprint(path: String, inputs: OutputInputs, base: UInt64) -> UInt64 {
        Fingerprint.of(Keyed(path: path, inputs: inputs), seed: base)
    }

    private struct Keyed: Encodable {
        let path: String
        let inputs: OutputInputs
    }
}
