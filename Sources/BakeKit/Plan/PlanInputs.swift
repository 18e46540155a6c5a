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
    /// The posts of each category, by slug.
    private let categoryPosts: [String: [Int]]

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
        categoryPosts = Dictionary(uniqueKeysWithValues: categories.map { ($0.slug, $0.postIndices) })
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

    /// The paginated lists of the site with the posts each shows, in plan order: the home
    /// page, each category, then the link posts; without a list that would be empty and is
    /// not written so.
    var lists: [(list: PagedList, posts: [Int])] {
        let all: [PagedList] = [.home] + categories.map { .category(entry($0)) } + [.links]
        return all.map { ($0, postIndices(of: $0)) }.filter { $0.list.isWrittenEmpty || !$0.posts.isEmpty }
    }

    /// The posts `list` shows, newest first, as indices into `posts`.
    func postIndices(of list: PagedList) -> [Int] {
        switch list {
        case .home: return Array(posts.indices)
        case .category(let entry): return categoryPosts[entry.slug] ?? []
        case .links: return posts.indices.filter { posts[$0].link != nil }
        }
    }

    /// Every output, in a fixed order; the sitemap lists the others.
    func outputs() -> [PlannedPage] {
        let hasBlog = settings.layout.hasBlog
        let lists = self.lists
        // The first list is the home page's, which is always written.
        let home = pages(of: lists[0].list, lists[0].posts)
        var outputs: [PlannedPage] = []
        // Room for every output at once: a plan of 10,000 posts is copied about once instead of
        // at every doubling.
        let perPage = max(settings.homePostCount, 1)
        outputs.reserveCapacity(posts.count + pages.count + months.count + years.count + 16
            + lists.reduce(0) { $0 + 2 + $1.posts.count / perPage + 1 })
        if hasBlog {
            outputs.append(home[0])
            outputs.append(PlannedPage(path: paths.archive, inputs: .archive(years.map { year in
                ArchiveYear(year: year.year, months: year.monthIndices.map { titles[$0] })
            })))
        }
        outputs.append(PlannedPage(path: paths.notFound, inputs: .notFound))
        if hasBlog { outputs += feeds(of: lists[0].list, lists[0].posts) }
        let sitemapIndex = outputs.count
        outputs.append(PlannedPage(path: paths.sitemap, inputs: .sitemap(SitemapInputs(entries: []))))
        if settings.xmlrpcURL != nil { outputs.append(PlannedPage(path: paths.rsd, inputs: .rsd)) }
        if settings.search { outputs.append(PlannedPage(path: paths.search, inputs: .search)) }
        outputs += home.dropFirst()
        if hasBlog {
            let entries = categories.map(entry)
            outputs.append(PlannedPage(path: paths.categories, inputs: .categories(entries)))
            outputs.append(PlannedPage(path: paths.tagCloud, inputs: .tagCloud(entries)))
        }
        for (list, shown) in lists.dropFirst() {
            outputs += pages(of: list, shown)
            outputs += feeds(of: list, shown)
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
        var ranks: [[SitemapInputs.Entry]] = Array(repeating: [], count: Sitemap.order.count)
        for output in outputs {
            guard let rank = output.inputs.sitemapRank else { continue }
            ranks[rank].append(SitemapInputs.Entry(path: output.path.link, lastModified: output.inputs.lastModified))
        }
        let entries = Array(ranks.joined())
        outputs[sitemapIndex] = PlannedPage(path: paths.sitemap, inputs: .sitemap(SitemapInputs(entries: entries)))
        return outputs
    }

    /// Every page of `list`, which shows the posts at `all`, `@home_post_count` posts a page;
    /// at least one, even when empty.
    private func pages(of list: PagedList, _ all: [Int]) -> [PlannedPage] {
        let perPage = list.pageSize(settings.homePostCount, count: all.count)
        let pageCount = Pagination.pageCount(all.count, perPage: perPage)
        return (1...pageCount).map { page in
            PlannedPage(path: paths.list(list, page: page), inputs: .list(ListInputs(
                list: list, page: page, pageCount: pageCount,
                posts: all[Pagination.range(page: page, count: all.count, perPage: perPage)].map { refs[$0] }
            )))
        }
    }

    /// The RSS feed and JSON Feed of `list`, which shows the posts at `all`: its newest
    /// `@feed_post_count` posts.
    private func feeds(of list: PagedList, _ all: [Int]) -> [PlannedPage] {
        let shown = all.prefix(max(settings.feedPostCount, 0)).map { refs[$0] }
        return [FeedInputs.Format.rss, .json].map { format in
            PlannedPage(path: paths.feed(format, of: list), inputs: .feed(FeedInputs(format: format, list: list, posts: shown)))
        }
    }

    private func link(_ index: Int) -> Digested<PostLink>? {
        links.indices.contains(index) ? links[index] : nil
    }

    private func entry(_ category: CategoryIndex) -> CategoryEntry {
        CategoryEntry(name: category.name, slug: category.slug, count: category.postIndices.count)
    }
}
