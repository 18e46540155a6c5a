/// Makes the planned outputs of a site: each one's path and `OutputInputs`, at the moment of
/// one build.
///
/// The parts many outputs share are made, and fingerprinted, once: each post's `PostRef` (a
/// post is named by its own page, a home or category page, its month and maybe a feed or
/// two), each post's link (its neighbours' pages) and each month's titles (its year page and
/// the archive). An output's fingerprint then hashes one word for each, not every field again.
struct PlanInputs {
    let posts: [Post]
    let pages: [Page]
    let months: [MonthArchive]
    let years: [YearArchive]
    let categories: [CategoryIndex]
    let settings: SiteSettings
    let paths: SitePaths
    let pictures: PictureCatalog
    /// `PostRef` of each post, by index.
    private let refs: [Digested<PostRef>]
    /// The titles of each month, by index.
    private let titles: [Digested<MonthEntries>]
    /// A link to each post, by index, for its neighbours' pages.
    private let links: [Digested<PostLink>]

    init(posts: [Post], pages: [Page], months: [MonthArchive], years: [YearArchive], categories: [CategoryIndex],
         settings: SiteSettings, paths: SitePaths, now: Timestamp, pictures: PictureCatalog) {
        self.posts = posts
        self.pages = pages
        self.months = months
        self.years = years
        self.categories = categories
        self.settings = settings
        self.paths = paths
        self.pictures = pictures
        let slugs = Dictionary(uniqueKeysWithValues: categories.map { ($0.name, $0.slug) })
        refs = posts.map { post in
            Digested(PostRef(
                sourcePath: post.sourcePath, contentHash: post.contentHash, pubDate: post.pubDate.seconds,
                updated: post.updated?.seconds, categorySlugs: post.categories.map { slugs[$0] ?? "" }, isFuture: post.pubDate > now,
                // Without pictures to serve (most blogs), nothing to look up for 10,000 posts.
                pictures: pictures.isEmpty ? 0 : pictures.identity(ofSources: PictureCatalog.sources(post.imageSources, metadata: post.metadata),
                                                                   pageFolder: paths.post(post.permalink).folder, paths: paths)
            ))
        }
        let links = posts.map { Digested(PostLink(title: $0.displayTitle, path: paths.post($0.permalink).link)) }
        self.links = links
        titles = months.map { month in
            Digested(MonthEntries(key: month.key, posts: month.postIndices.map { index in
                let post = posts[index]
                return TitleEntry(
                    title: links[index].title, path: links[index].path, pubDate: post.pubDate.seconds,
                    isLinkPost: post.link != nil, isDraft: post.status == .draft, isFuture: post.pubDate > now
                )
            }))
        }
    }

    /// Every output, in a fixed order; the sitemap lists the others.
    func outputs() -> [PlannedPage] {
        let hasBlog = settings.layout.hasBlog
        let perPage = settings.homePostCount
        var outputs: [PlannedPage] = []
        if hasBlog {
            outputs.append(homePage(1))
            outputs.append(PlannedPage(path: paths.archive, inputs: .archive(years.map { year in
                ArchiveYear(year: year.year, months: year.monthIndices.map { titles[$0] })
            })))
        }
        outputs.append(PlannedPage(path: paths.notFound, inputs: .notFound))
        if hasBlog {
            let feed = Array(refs.prefix(max(settings.feedPostCount, 0)))
            outputs.append(PlannedPage(path: paths.feed(.rss), inputs: .feed(FeedInputs(format: .rss, category: nil, posts: feed))))
            outputs.append(PlannedPage(path: paths.feed(.json), inputs: .feed(FeedInputs(format: .json, category: nil, posts: feed))))
        }
        let sitemapIndex = outputs.count
        outputs.append(PlannedPage(path: paths.sitemap, inputs: .sitemap(SitemapInputs(entries: []))))
        if settings.xmlrpcURL != nil { outputs.append(PlannedPage(path: paths.rsd, inputs: .rsd)) }
        if settings.search { outputs.append(PlannedPage(path: paths.search, inputs: .search)) }
        outputs += (1..<Pagination.pageCount(posts.count, perPage: perPage)).map { homePage($0 + 1) }
        if hasBlog {
            let entries = categories.map(entry)
            outputs.append(PlannedPage(path: paths.categories, inputs: .categories(entries)))
            outputs.append(PlannedPage(path: paths.tagCloud, inputs: .tagCloud(entries)))
        }
        for category in categories {
            let entry = entry(category)
            let all = category.postIndices
            let pageCount = Pagination.pageCount(all.count, perPage: perPage)
            outputs += (1...pageCount).map { page in
                let shown = all[Pagination.range(page: page, count: all.count, perPage: perPage > 0 ? perPage : all.count)]
                return PlannedPage(path: paths.category(category.slug, page: page), inputs: .category(entry, ListInputs(
                    list: .category(category.slug), page: page, pageCount: pageCount, posts: shown.map { refs[$0] }
                )))
            }
            let feed = all.prefix(settings.feedPostCount).map { refs[$0] }
            outputs.append(PlannedPage(path: paths.feed(.rss, category: category.slug), inputs: .feed(FeedInputs(format: .rss, category: entry, posts: feed))))
            outputs.append(PlannedPage(path: paths.feed(.json, category: category.slug), inputs: .feed(FeedInputs(format: .json, category: entry, posts: feed))))
        }
        for (index, year) in years.enumerated() {
            outputs.append(PlannedPage(path: paths.year(year.year), inputs: .year(YearInputs(
                year: year.year, months: year.monthIndices.map { titles[$0] },
                previous: index + 1 < years.count ? years[index + 1].year : nil,
                next: index > 0 ? years[index - 1].year : nil
            ))))
        }
        for (index, month) in months.enumerated() {
            outputs.append(PlannedPage(path: paths.month(month.key), inputs: .month(MonthInputs(
                key: month.key, posts: month.postIndices.map { refs[$0] },
                previous: index + 1 < months.count ? months[index + 1].key : nil,
                next: index > 0 ? months[index - 1].key : nil
            ))))
        }
        for (index, page) in pages.enumerated() {
            outputs.append(PlannedPage(path: paths.page(page), inputs: .page(PageInputs(
                index: index, sourcePath: page.sourcePath, contentHash: page.contentHash,
                pictures: pictures.isEmpty ? 0 : pictures.identity(ofSources: PictureCatalog.sources(page.imageSources, metadata: page.metadata),
                                                                   pageFolder: paths.page(page).folder, paths: paths)
            )), source: page.sourcePath))
        }
        for (index, post) in posts.enumerated() {
            outputs.append(PlannedPage(path: paths.post(post.permalink), inputs: .post(PostInputs(
                post: refs[index], previous: link(index + 1), next: link(index - 1)
            )), source: post.sourcePath))
        }
        // The sitemap lists the pages readers land on, from the plan itself, so it cannot
        // miss one or name one the site does not have.
        // Each kind's pages in plan order, the kinds by rank: buckets, not a sort.
        var ranks: [[SitemapInputs.Entry]] = []
        for output in outputs {
            guard let rank = output.inputs.sitemapRank else { continue }
            while ranks.count <= rank { ranks.append([]) }
            ranks[rank].append(SitemapInputs.Entry(path: output.path.link, lastModified: output.inputs.lastModified))
        }
        let entries = Array(ranks.joined())
        outputs[sitemapIndex] = PlannedPage(path: paths.sitemap, inputs: .sitemap(SitemapInputs(entries: entries)))
        return outputs
    }

    /// Page `page` of the home page's list.
    private func homePage(_ page: Int) -> PlannedPage {
        let perPage = settings.homePostCount
        return PlannedPage(path: paths.home(page: page), inputs: .home(ListInputs(
            list: .home, page: page, pageCount: Pagination.pageCount(posts.count, perPage: perPage),
            posts: Array(refs[Pagination.range(page: page, count: posts.count, perPage: perPage)])
        )))
    }

    private func link(_ index: Int) -> Digested<PostLink>? {
        links.indices.contains(index) ? links[index] : nil
    }

    private func entry(_ category: CategoryIndex) -> CategoryEntry {
        CategoryEntry(name: category.name, slug: category.slug, count: category.postIndices.count)
    }
}
