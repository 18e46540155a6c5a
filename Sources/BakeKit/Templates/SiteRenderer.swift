/// Renders outputs to bytes from their inputs. Pure and `Sendable`: pages render in parallel.
///
/// ```swift
/// let renderer = SiteRenderer(plan: plan, templates: templates, options: options)
/// let file = renderer.render(plan.outputs[0], bodies: bodies)   // RenderedFile(path: "index.html", …)
/// ```
///
/// What an output shows comes only from its path, its `OutputInputs` and `SiteInputs`, and
/// the output's fingerprint is the hash of the three: see `fingerprint(of:base:)`.
public struct SiteRenderer: Sendable {
    public let plan: SitePlan
    public let templates: TemplateSet
    public let options: RenderOptions
    /// What every page is made from.
    public let site: SiteInputs
    private let contexts: ContextBuilder
    /// The folder of each post's and page's own page, which its pictures' relative URLs start
    /// from; empty when the site has no pictures to serve in several sizes.
    private let pictureFolders: [String: String]
    private let markup: PictureMarkup
    /// The hash of `site`, which seeds every output's fingerprint and every kept entry's key.
    public let baseFingerprint: UInt64

    public init(plan: SitePlan, templates: TemplateSet, options: RenderOptions) {
        self.plan = plan
        self.templates = templates
        self.options = options
        let site = SiteInputs(plan: plan, templates: templates, options: options)
        self.site = site
        var posts: [String: Post] = [:]
        posts.reserveCapacity(plan.posts.count)
        for post in plan.posts { posts[post.sourcePath] = post }
        self.contexts = ContextBuilder(settings: plan.settings, paths: plan.paths, site: site, posts: posts, pages: plan.pages, pictures: plan.pictures)
        var folders: [String: String] = [:]
        if !plan.pictures.isEmpty {
            for post in plan.posts { folders[post.sourcePath] = plan.paths.post(post.permalink).folder }
            for page in plan.pages { folders[page.sourcePath] = plan.paths.page(page).folder }
        }
        self.pictureFolders = folders
        self.markup = PictureMarkup(catalog: plan.pictures, paths: plan.paths, sizes: plan.settings.pictures.sizes)
        self.baseFingerprint = Fingerprint.of(encoding: site)
    }

    /// The fingerprint of each post's `PostRef`, by index: what its list entry is kept under.
    public var postFingerprints: [UInt64] {
        plan.outputs.compactMap { output in
            if case .post(let post) = output.inputs { return post.post.fingerprint } else { return nil }
        }
    }

    /// Renders one output.
    /// - Parameters:
    ///   - bodies: body HTML by source path; must hold `output.inputs.bodiesShown`.
    ///   - entries: where list entries are kept, so each renders once; nil renders them all.
    public func render(_ output: PlannedPage, bodies: some BodySource, entries: (any EntryCache)? = nil) -> RenderedFile {
        RenderedFile(path: output.path.file, bytes: render(output.inputs, at: output.path, bodies: bodies, entries: entries))
    }

    /// Renders an output from its path and inputs.
    /// - Parameters:
    ///   - bodies: body HTML by source path; must hold `inputs.bodiesShown`.
    ///   - entries: where list entries are kept, so each renders once; nil renders them all.
    public func render(_ inputs: OutputInputs, at path: SitePath, bodies: some BodySource, entries: (any EntryCache)? = nil) -> [UInt8] {
        let text: String
        let settings = plan.settings
        switch inputs {
        case .list, .categories, .tagCloud, .year, .month, .archive, .post, .page, .notFound, .search:
            // The first picture of a post or page is the one a reader sees first; a list's
            // entries are rendered once for every list they are on, so all load lazily there.
            let eagerFirst = inputs.kind == .post || inputs.kind == .page
            let shown = PicturedBodies(base: bodies, renderer: self, eagerFirst: eagerFirst)
            guard let (template, context) = page(for: inputs, at: path, bodies: shown) else { return [] }
            return templates.render(template, page: context, entries: entries, seed: baseFingerprint)
        case .feed(let feed):
            let channel = FeedChannel(list: feed.list, settings: settings)
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
        case .hostRules(let rules):
            text = rules.text
        }
        return Array(text.utf8)
    }

    /// The template and context of an output that is a page; nil for feeds and the like.
    func page(for inputs: OutputInputs, at path: SitePath, bodies: some BodySource) -> (template: String, context: PageContext)? {
        guard let context = contexts.context(of: inputs, at: path, bodies: bodies) else { return nil }
        if case .page(let page) = inputs { return (contexts.pages[page.index].templateName, context) }
        return (context.kind.template.rawValue, context)
    }

    /// The feed entries: full bodies, or with `@feed_excerpts true` each post's excerpt and a
    /// link to the rest.
    private func feedItems(_ refs: [Digested<PostRef>], bodies: some BodySource) -> [FeedItem] {
        refs.map { ref in
            let post = contexts.post(ref.value)
            var html = bodies.body(of: post.sourcePath) ?? ""
            if let folder = pictureFolders[post.sourcePath] {
                html = markup.feed(html, pageFolder: folder, maxWidth: plan.settings.pictures.feedWidth)
            }
            let summary = Excerpt.summary(of: post.metadata)
            guard plan.settings.feedExcerpts, let excerpt = Excerpt.cut(html, summary: summary) else {
                return FeedItem(post: post, html: html, summary: summary, excerpt: post.excerpt)
            }
            let url = plan.paths.absoluteURL(plan.paths.post(post.permalink))
            return FeedItem(post: post, html: excerpt + "<p><a href=\"\(MarkupEscaping.html(url))\">Continue reading</a></p>\n",
                            summary: summary, excerpt: PlainText.excerpt(fromHTML: excerpt))
        }
    }

    /// A hash of everything `output` is made from: its path and its inputs, seeded with
    /// `base`, the hash of what every output is made from. Equal fingerprints mean equal
    /// bytes, so an incremental build can skip the render.
    public static func fingerprint(of output: PlannedPage, base: UInt64) -> UInt64 {
        fingerprint(path: output.path.file, inputs: output.inputs, base: base)
    }

    public static func fingerprint(path: String, inputs: OutputInputs, base: UInt64) -> UInt64 {
        Fingerprint.of(Keyed(path: path, inputs: inputs), seed: base)
    }

    /// `fingerprint(of:base:)` through `Encodable`, which hashes every stored property by
    /// construction: the tests' oracle for the hand-written one.
    public static func encodedFingerprint(of output: PlannedPage, base: UInt64) -> UInt64 {
        Fingerprint.of(encoding: Keyed(path: output.path.file, inputs: output.inputs), seed: base)
    }

    /// The bodies an output shows, with their pictures served in several sizes.
    private struct PicturedBodies<Base: BodySource>: BodySource {
        let base: Base
        let renderer: SiteRenderer
        let eagerFirst: Bool

        func body(of sourcePath: String) -> String? {
            guard let html = base.body(of: sourcePath) else { return nil }
            guard let folder = renderer.pictureFolders[sourcePath] else { return html }
            return renderer.markup.page(html, pageFolder: folder, eagerFirst: eagerFirst)
        }
    }

    /// An output as it is fingerprinted: its path and its inputs. `Encodable` too, for the
    /// tests that hold the hand-written fingerprint to the `Encodable` one.
    struct Keyed: Fingerprintable, Encodable {
        let path: String
        let inputs: OutputInputs

        func addFields(to fields: inout FingerprintFields) {
            fields.add(path)
            fields.add(inputs)
        }
    }
}
