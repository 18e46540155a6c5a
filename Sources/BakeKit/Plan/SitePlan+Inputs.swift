/// Makes each output's `OutputInputs` from a plan, at the moment of one build.
///
/// The parts many outputs share are made, and fingerprinted, once: each post's `PostRef` (a
/// post is named by its own page, a home or category page, its month and maybe a feed or
/// two), each post's link (its neighbours' pages) and each month's titles (its year page and
/// the archive). An output's fingerprint then hashes one word for each, not every field again.
///
/// ```swift
/// let builder = InputsBuilder(plan: plan, now: now)
/// builder.inputs(of: .home)   // .home(ListInputs(folder: "", page: 1, …))
/// ```
public struct InputsBuilder: Sendable {
    public let plan: SitePlan
    /// The time of the build, which decides which posts are still scheduled.
    public let now: Timestamp
    /// `PostRef` of each of the plan's posts, by index.
    private let refs: [Digested<PostRef>]
    /// The titles of each of the plan's months, by index.
    private let titles: [Digested<MonthEntries>]
    /// A link to each of the plan's posts, by index, for its neighbours' pages.
    private let links: [Digested<PostLink>]

    public init(plan: SitePlan, now: Timestamp) {
        self.plan = plan
        self.now = now
        let layout = plan.settings.layout
        refs = plan.posts.map { post in
            Digested(PostRef(
                sourcePath: post.sourcePath, contentHash: post.contentHash, pubDate: post.pubDate.seconds,
                categorySlugs: post.categories.map { plan.categorySlugs[$0] ?? "" }, isFuture: post.pubDate > now
            ))
        }
        let links = plan.posts.map { Digested(PostLink(title: $0.displayTitle, path: layout.post($0.permalink))) }
        self.links = links
        titles = plan.months.map { month in
            Digested(MonthEntries(key: month.key, posts: month.postIndices.map { index in
                let post = plan.posts[index]
                return TitleEntry(
                    title: links[index].title, path: links[index].path, pubDate: post.pubDate.seconds,
                    isLinkPost: post.link != nil, isDraft: post.status == .draft, isFuture: post.pubDate > now
                )
            }))
        }
    }

    /// The fingerprint of each of the plan's posts' `PostRef`, by index: what a post's list
    /// entry is kept under, beside what every page shares.
    public var postFingerprints: [UInt64] {
        refs.map(\.fingerprint)
    }

    /// What `output` is made from: the value it is rendered from and fingerprinted by.
    public func inputs(of output: PlannedOutput) -> OutputInputs {
        let plan = plan
        let layout = plan.settings.layout
        let posts = plan.posts
        func link(_ index: Int) -> Digested<PostLink>? {
            links.indices.contains(index) ? links[index] : nil
        }
        func entry(_ category: CategoryIndex) -> CategoryEntry {
            CategoryEntry(name: category.name, slug: category.slug, count: category.postIndices.count)
        }
        switch output {
        case .home:
            return .home(ListInputs(folder: "", page: 1, pageCount: plan.homePageCount, posts: Array(refs[plan.homePostIndices(page: 1)])))
        case .homePage(let page):
            return .home(ListInputs(folder: "", page: page, pageCount: plan.homePageCount, posts: Array(refs[plan.homePostIndices(page: page)])))
        case .category(let index, let page):
            let category = plan.categories[index]
            return .category(entry(category), ListInputs(
                folder: category.folder, page: page, pageCount: plan.pageCount(ofCategory: index),
                posts: plan.postIndices(ofCategory: index, page: page).map { refs[$0] }
            ))
        case .categories:
            return .categories(plan.categories.map(entry))
        case .year(let index):
            let years = plan.years
            return .year(YearInputs(
                year: years[index].year, months: years[index].monthIndices.map { titles[$0] },
                previous: index + 1 < years.count ? years[index + 1].year : nil,
                next: index > 0 ? years[index - 1].year : nil
            ))
        case .month(let index):
            let months = plan.months
            return .month(MonthInputs(
                key: months[index].key, posts: months[index].postIndices.map { refs[$0] },
                previous: index + 1 < months.count ? months[index + 1].key : nil,
                next: index > 0 ? months[index - 1].key : nil
            ))
        case .archive:
            return .archive(plan.years.map { year in ArchiveYear(year: year.year, months: year.monthIndices.map { titles[$0] }) })
        case .post(let index):
            return .post(PostInputs(post: refs[index], previous: link(index + 1), next: link(index - 1)))
        case .page(let index):
            return .page(PageInputs(index: index, sourcePath: plan.pages[index].sourcePath, contentHash: plan.pages[index].contentHash))
        case .rss:
            return .feed(FeedInputs(format: .rss, category: nil, posts: Array(refs[plan.feedPostIndices])))
        case .jsonFeed:
            return .feed(FeedInputs(format: .json, category: nil, posts: Array(refs[plan.feedPostIndices])))
        case .categoryRSS(let index):
            return .feed(FeedInputs(format: .rss, category: entry(plan.categories[index]), posts: plan.feedPostIndices(ofCategory: index).map { refs[$0] }))
        case .categoryJSONFeed(let index):
            return .feed(FeedInputs(format: .json, category: entry(plan.categories[index]), posts: plan.feedPostIndices(ofCategory: index).map { refs[$0] }))
        case .sitemap:
            var entries: [SitemapInputs.Entry] = []
            if layout.hasBlog {
                entries.append(.init(path: layout.blog(""), lastModified: posts.first?.pubDate.seconds))
                entries.append(.init(path: layout.blog("archive.html"), lastModified: nil))
            }
            entries += plan.pages.map { .init(path: layout.page($0), lastModified: nil) }
            if layout.hasBlog {
                entries.append(.init(path: layout.blog("categories/"), lastModified: nil))
                // Each category's first page; its pages of older posts, like the home page's, are
                // reached from it.
                entries += plan.categories.map { .init(path: layout.blog($0.folder), lastModified: nil) }
            }
            entries += plan.years.map { .init(path: layout.blog($0.folder), lastModified: nil) }
            entries += plan.months.map { .init(path: layout.blog($0.key.folder), lastModified: nil) }
            entries += posts.map { .init(path: layout.post($0.permalink), lastModified: ($0.updated ?? $0.pubDate).seconds) }
            return .sitemap(SitemapInputs(entries: entries))
        case .redirect(let index):
            return .redirect(RedirectInputs(target: plan.redirects[index].target, title: plan.redirects[index].title))
        case .notFound:
            return .notFound
        case .rsd:
            return .rsd
        case .search:
            return .search
        }
    }
}
