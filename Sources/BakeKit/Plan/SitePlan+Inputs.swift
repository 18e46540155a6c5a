extension SitePlan {
    /// What `output` is made from: the value it is rendered from and fingerprinted by.
    /// - Parameter now: The time of the build, which decides which posts are still scheduled.
    public func inputs(of output: PlannedOutput, now: Timestamp) -> OutputInputs {
        let layout = settings.layout
        func ref(_ post: Post) -> PostRef {
            PostRef(
                sourcePath: post.sourcePath, contentHash: post.contentHash, pubDate: post.pubDate.seconds,
                categorySlugs: post.categories.map { categorySlugs[$0] ?? "" }, isFuture: post.pubDate > now
            )
        }
        func link(_ index: Int) -> PostLink? {
            posts.indices.contains(index) ? PostLink(title: posts[index].displayTitle, path: layout.post(posts[index].permalink)) : nil
        }
        func entry(_ category: CategoryIndex) -> CategoryEntry {
            CategoryEntry(name: category.name, slug: category.slug, count: category.postIndices.count)
        }
        func titles(_ month: MonthArchive) -> MonthEntries {
            MonthEntries(key: month.key, posts: month.postIndices.map { index in
                let post = posts[index]
                return TitleEntry(
                    title: post.displayTitle, path: layout.post(post.permalink), pubDate: post.pubDate.seconds,
                    isLinkPost: post.link != nil, isDraft: post.status == .draft, isFuture: post.pubDate > now
                )
            })
        }
        switch output {
        case .home:
            return .home(ListInputs(folder: "", page: 1, pageCount: homePageCount, posts: homePosts.map(ref)))
        case .homePage(let page):
            return .home(ListInputs(folder: "", page: page, pageCount: homePageCount, posts: homePosts(page: page).map(ref)))
        case .category(let index, let page):
            let category = categories[index]
            return .category(entry(category), ListInputs(
                folder: category.folder, page: page, pageCount: pageCount(ofCategory: index),
                posts: postIndices(ofCategory: index, page: page).map { ref(posts[$0]) }
            ))
        case .categories:
            return .categories(categories.map(entry))
        case .year(let index):
            let year = years[index]
            return .year(YearInputs(
                year: year.year, months: year.monthIndices.map { titles(months[$0]) },
                previous: index + 1 < years.count ? years[index + 1].year : nil,
                next: index > 0 ? years[index - 1].year : nil
            ))
        case .month(let index):
            let month = months[index]
            return .month(MonthInputs(
                key: month.key, posts: month.postIndices.map { ref(posts[$0]) },
                previous: index + 1 < months.count ? months[index + 1].key : nil,
                next: index > 0 ? months[index - 1].key : nil
            ))
        case .archive:
            return .archive(years.map { year in ArchiveYear(year: year.year, months: year.monthIndices.map { titles(months[$0]) }) })
        case .post(let index):
            return .post(PostInputs(post: ref(posts[index]), previous: link(index + 1), next: link(index - 1)))
        case .page(let index):
            return .page(PageInputs(index: index, sourcePath: pages[index].sourcePath, contentHash: pages[index].contentHash))
        case .rss:
            return .feed(FeedInputs(format: .rss, category: nil, posts: feedPosts.map(ref)))
        case .jsonFeed:
            return .feed(FeedInputs(format: .json, category: nil, posts: feedPosts.map(ref)))
        case .categoryRSS(let index):
            return .feed(FeedInputs(format: .rss, category: entry(categories[index]), posts: feedPosts(ofCategory: index).map(ref)))
        case .categoryJSONFeed(let index):
            return .feed(FeedInputs(format: .json, category: entry(categories[index]), posts: feedPosts(ofCategory: index).map(ref)))
        case .sitemap:
            var entries: [SitemapInputs.Entry] = []
            if layout.hasBlog {
                entries.append(.init(path: layout.blog(""), lastModified: posts.first?.pubDate.seconds))
                entries.append(.init(path: layout.blog("archive.html"), lastModified: nil))
            }
            entries += pages.map { .init(path: layout.page($0), lastModified: nil) }
            if layout.hasBlog {
                entries.append(.init(path: layout.blog("categories/"), lastModified: nil))
                // Each category's first page; its pages of older posts, like the home page's, are
                // reached from it.
                entries += categories.map { .init(path: layout.blog($0.folder), lastModified: nil) }
            }
            entries += years.map { .init(path: layout.blog($0.folder), lastModified: nil) }
            entries += months.map { .init(path: layout.blog($0.key.folder), lastModified: nil) }
            entries += posts.map { .init(path: layout.post($0.permalink), lastModified: ($0.updated ?? $0.pubDate).seconds) }
            return .sitemap(SitemapInputs(entries: entries))
        case .redirect(let index):
            return .redirect(RedirectInputs(target: redirects[index].target, title: redirects[index].title))
        case .notFound:
            return .notFound
        case .rsd:
            return .rsd
        }
    }
}
