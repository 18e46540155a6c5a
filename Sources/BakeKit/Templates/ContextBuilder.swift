/// Builds each page's typed context (`PageContext` and the objects under it) from its
/// inputs. README.md lists every name; the context types declare them.
///
/// It is given no plan: what a page shows comes from its `OutputInputs`, the site-wide
/// `SiteInputs`, and the posts and pages those name by path and content hash.
struct ContextBuilder: Sendable {
    let settings: SiteSettings
    let paths: SitePaths
    let site: SiteInputs
    /// The posts inputs may name, by source path.
    let posts: [String: Post]
    /// The site's pages, in the order `PageInputs.index` counts.
    let pages: [Page]
    let siteContext: SiteContext

    /// The pictures served in several sizes, for the social card's image.
    let pictures: PictureCatalog

    init(settings: SiteSettings, paths: SitePaths, site: SiteInputs, posts: [String: Post], pages: [Page], pictures: PictureCatalog = .empty) {
        self.pictures = pictures
        self.settings = settings
        self.paths = paths
        self.site = site
        self.posts = posts
        self.pages = pages
        self.siteContext = SiteContext(settings: settings, paths: paths, inputs: site)
    }

    /// The context of a page at `path` made from `inputs`; nil for the files that are not
    /// pages (feeds, the sitemap, redirects).
    func context(of inputs: OutputInputs, at path: SitePath, bodies: some BodySource) -> PageContext? {
        switch inputs {
        case .list(let list): return self.list(list, at: path, bodies: bodies)
        case .categories(let categories): return self.categories(categories, at: path)
        case .tagCloud(let categories): return tagCloud(categories, at: path)
        case .year(let year): return self.year(year, at: path)
        case .month(let month): return self.month(month, at: path)
        case .archive(let years): return archive(years, at: path)
        case .post(let post): return self.post(post, at: path, html: bodies.body(of: post.post.sourcePath) ?? "")
        case .page(let page): return self.page(page, at: path, html: bodies.body(of: page.sourcePath) ?? "")
        case .notFound: return self.page(.notFound, title: "Page not found", path: path, description: "")
        case .search: return self.page(.search, title: "Search", path: path, description: "Search \(settings.name)")
        case .feed, .sitemap, .redirect, .rsd, .hostRules: return nil
        }
    }

    /// A page of a paginated list: the home page (page 1) and its pages of older posts, a
    /// category's, the links'. A list with feeds of its own links them (`feeds`).
    func list(_ list: ListInputs, at path: SitePath, bodies: some BodySource) -> PageContext {
        let context = page(list.list.kind(page: list.page), title: list.list.title(page: list.page, settings: settings), path: path,
                           description: list.list.description(settings: settings))
        if case .category(let category) = list.list { context.category = CategoryContext(category, paths: paths) }
        context.posts = listPosts(list.posts, bodies: bodies)
        context.pagination = pagination(list)
        if let name = list.list.feedName {
            context.feeds = [
                FeedLinkContext(title: "\(settings.name): \(name) (RSS)", name: "RSS feed", type: "application/rss+xml", url: paths.url(paths.feed(.rss, of: list.list))),
                FeedLinkContext(title: "\(settings.name): \(name) (JSON Feed)", name: "JSON Feed", type: "application/feed+json", url: paths.url(paths.feed(.json, of: list.list))),
            ]
        }
        return context
    }

    /// The list of categories.
    func categories(_ categories: [CategoryEntry], at path: SitePath) -> PageContext {
        let context = page(.categories, title: "Categories", path: path, description: "Every category on \(settings.name)")
        context.categories = categories.map { CategoryContext($0, paths: paths) }
        context.categoryCount = String(categories.count)
        context.hasCategories = !categories.isEmpty
        return context
    }

    /// Every category, each with its size in the cloud.
    func tagCloud(_ categories: [CategoryEntry], at path: SitePath) -> PageContext {
        let context = page(.tagCloud, title: "Tags", path: path, description: "Every category on \(settings.name), by how much it is written about")
        let sizes = TagCloud.sizes(of: categories.map(\.count))
        context.categories = zip(categories, sizes).map { CategoryContext($0, paths: paths, size: $1) }
        context.categoryCount = String(categories.count)
        context.hasCategories = !categories.isEmpty
        return context
    }

    /// A year: its months and their posts.
    func year(_ year: YearInputs, at path: SitePath) -> PageContext {
        let label = String(year.year)
        let context = page(.year, title: label, path: path, description: "Posts from \(label)")
        context.year = label
        context.months = year.months.map { month in
            YearMonthContext(label: settings.dates.month(month.key), url: paths.url(paths.month(month.key)),
                             name: settings.dates.monthName(month.key.month), posts: month.posts.map(titleEntry))
        }
        context.postCount = String(year.months.reduce(0) { $0 + $1.posts.count })
        context.previousYear = year.previous.map(yearLink)
        context.nextYear = year.next.map(yearLink)
        return context
    }

    func post(_ inputs: PostInputs, at path: SitePath, html: String) -> PageContext {
        let ref = inputs.post.value
        let post = self.post(ref)
        let description = Excerpt.summary(of: post.metadata) ?? PlainText.truncate(post.excerpt, maxCharacters: 160)
        let context = page(.post, title: post.displayTitle, path: path, description: description)
        context.post = postContext(post, ref, content: html, isExcerpt: false)
        let absolute = paths.absoluteURL(path)
        context.social = SocialContext(SocialCard(
            type: "article", title: post.displayTitle, url: absolute, description: description,
            image: socialImage(metadata: post.metadata, html: html, pageURL: absolute, folder: path.folder),
            siteName: settings.name
        ))
        context.previous = inputs.previous.map { NeighbourContext(displayTitle: $0.value.title, url: paths.url(link: $0.value.path)) }
        context.next = inputs.next.map { NeighbourContext(displayTitle: $0.value.title, url: paths.url(link: $0.value.path)) }
        return context
    }

    func month(_ month: MonthInputs, at path: SitePath) -> PageContext {
        let label = settings.dates.month(month.key)
        let context = page(.month, title: label, path: path, description: "Posts from \(label)")
        context.monthLabel = label
        context.year = String(month.key.year)
        context.month = Permalink.twoDigits(month.key.month)
        let refs = month.posts
        context.posts = TemplateList(count: refs.count) { index in
            postContext(post(refs[index].value), refs[index].value, content: nil, isExcerpt: false)
        }
        context.previousMonth = month.previous.map(monthLink)
        context.nextMonth = month.next.map(monthLink)
        return context
    }

    func archive(_ years: [ArchiveYear], at path: SitePath) -> PageContext {
        let context = page(.archive, title: settings.layout.archiveTitle, path: path, description: "Every post on \(settings.name), by month")
        let zone = settings.timeZone
        var count = 0
        context.years = years.map { year in
            ArchiveYearContext(year: String(year.year), url: paths.url(paths.year(year.year)), months: year.months.map { month in
                count += month.posts.count
                return ArchiveMonthContext(
                    label: settings.dates.month(month.key), url: paths.url(paths.month(month.key)),
                    name: settings.dates.monthName(month.key.month), count: String(month.posts.count),
                    posts: month.posts.map { entry in
                        let published = Timestamp(seconds: entry.pubDate).civil(in: zone)
                        return ArchiveEntryContext(
                            displayTitle: entry.title, url: paths.url(link: entry.path), date: settings.dates.date(published),
                            dayISO: "\(published.year)-\(Permalink.twoDigits(published.month))-\(Permalink.twoDigits(published.day))"
                        )
                    }
                )
            })
        }
        context.postCount = String(count)
        return context
    }

    func page(_ inputs: PageInputs, at path: SitePath, html: String) -> PageContext {
        let page = pages[inputs.index]
        let description = page.metadata[.description].flatMap { $0.isEmpty ? nil : CharacterReferences.decode($0) }
            ?? PlainText.truncate(page.excerpt, maxCharacters: 160)
        // The navigation marks this page as the current one.
        let context = PageContext(kind: .page, site: SiteContext(settings: settings, paths: paths, inputs: site, currentPage: inputs.index), title: page.title,
                                  canonicalURL: paths.absoluteURL(path), description: description)
        context.page = StandalonePageContext(
            title: page.title, showTitle: page.showsTitle, content: html, url: paths.url(path),
            meta: page.metadata.dictionary(CharacterReferences.decode)
        )
        let absolute = paths.absoluteURL(path)
        context.social = SocialContext(SocialCard(
            type: "website", title: page.title, url: absolute, description: description,
            image: socialImage(metadata: page.metadata, html: html, pageURL: absolute, folder: path.folder),
            siteName: settings.name
        ))
        return context
    }

    /// The image of a social card: `SocialCard.image`, and when it is a picture bake serves
    /// in several sizes, its variant at most `cardWidth` wide, with its size.
    func socialImage(metadata: PostMetadata, html: String, pageURL: String, folder: String) -> SocialCard.Image? {
        guard let url = SocialCard.image(metadata: metadata, html: html, pageURL: pageURL, origin: settings.origin) else { return nil }
        guard let (_, picture) = pictures.picture(forSource: url, pageFolder: folder, paths: paths) else { return SocialCard.Image(url: url) }
        guard !picture.sizes.isEmpty else { return SocialCard.Image(url: url, width: picture.width, height: picture.height) }
        let size = PictureMarkup.size(of: picture, atMost: settings.pictures.cardWidth)
        return SocialCard.Image(url: Picture.variant(of: url, width: size.width, format: picture.fallbackFormat), width: size.width, height: size.height)
    }

    /// The post `ref` names.
    func post(_ ref: PostRef) -> Post {
        guard let post = posts[ref.sourcePath] else {
            preconditionFailure("\(ref.sourcePath) is in a page's inputs but not among the build's posts")
        }
        return post
    }
}

private extension ContextBuilder {
    func page(_ kind: PageKind, title: String, path: SitePath, description: String) -> PageContext {
        PageContext(kind: kind, site: siteContext, title: title, canonicalURL: paths.absoluteURL(path), description: description)
    }

    func postContext(_ post: Post, _ ref: PostRef, content: String?, isExcerpt: Bool) -> PostContext {
        PostContext(post: post, ref: ref, content: content, isExcerpt: isExcerpt, settings: settings, paths: paths, marksUnpublished: site.marksUnpublished)
    }

    /// The posts of a list page, each cut at its excerpt if it has one (`is_excerpt`). Each
    /// is keyed by its `PostRef`, which is all it is made from beside what every page shares,
    /// so its entry can be rendered once and kept.
    func listPosts(_ refs: [Digested<PostRef>], bodies: some BodySource) -> TemplateList {
        TemplateList(count: refs.count, key: { refs[$0].fingerprint }) { index in
            let ref = refs[index].value
            let post = post(ref)
            let html = bodies.body(of: ref.sourcePath)
            guard let html, let excerpt = Excerpt.cut(html, summary: Excerpt.summary(of: post.metadata)) else {
                return postContext(post, ref, content: html, isExcerpt: false)
            }
            return postContext(post, ref, content: excerpt, isExcerpt: true)
        }
    }

    func monthLink(_ month: MonthKey) -> LabelLinkContext {
        LabelLinkContext(label: settings.dates.month(month), url: paths.url(paths.month(month)))
    }

    func yearLink(_ year: Int) -> LabelLinkContext {
        LabelLinkContext(label: String(year), url: paths.url(paths.year(year)))
    }

    /// A post in a list of titles (a year page): only what such a list shows.
    func titleEntry(_ entry: TitleEntry) -> TitleEntryContext {
        let published = Timestamp(seconds: entry.pubDate).civil(in: settings.timeZone)
        return TitleEntryContext(
            displayTitle: entry.title, url: paths.url(link: entry.path), date: settings.dates.date(published), dateISO: published.rfc3339,
            isLinkPost: entry.isLinkPost, isDraft: site.marksUnpublished && entry.isDraft, isFuture: site.marksUnpublished && entry.isFuture
        )
    }

    /// Links to the neighbouring pages of a paginated list: `newer_url` (page − 1) and
    /// `older_url` (page + 1), each absent at its end.
    func pagination(_ list: ListInputs) -> PaginationContext {
        let (page, count) = (list.page, list.pageCount)
        return PaginationContext(
            page: page, pageCount: count,
            newerURL: page > 1 ? paths.url(paths.list(list.list, page: page - 1)) : nil,
            olderURL: page < count ? paths.url(paths.list(list.list, page: page + 1)) : nil
        )
    }
}
