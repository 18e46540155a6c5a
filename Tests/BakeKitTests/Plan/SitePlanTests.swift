import BakeKit
import Testing

@Suite struct SitePlanTests {
    func post(_ path: String, _ date: String, status: Post.Status = .published, header: String = "") throws -> Post {
        try makePost(path, date: date, extraHeader: header, status: status).post
    }

    func page(_ path: String) throws -> Page {
        try PostParser(settings: makeSettings()).parsePage(path: path, bytes: Array("@title P\n\nText.\n".utf8)).page
    }

    @Test func postsAreNewestFirst() throws {
        let plan = try SitePlan(posts: [
            post("posts/2014/03/01/old.markdown", "2014-03-01 09:00:00"),
            post("posts/2014/04/02/new.markdown", "2014-04-02 09:00:00"),
            post("posts/2014/03/15/middle.markdown", "2014-03-15 09:00:00"),
        ], pages: [], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000))
        #expect(plan.posts.map(\.permalink.slug) == ["new", "middle", "old"])
    }

    @Test func sameInstantIsOrderedByPermalinkWhateverTheInputOrder() throws {
        let a = try post("posts/2014/03/01/a.markdown", "2014-03-01 09:00:00")
        let b = try post("posts/2014/03/01/b.markdown", "2014-03-01 09:00:00")
        let one = try SitePlan(posts: [a, b], pages: [], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000))
        let two = try SitePlan(posts: [b, a], pages: [], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000))
        #expect(one.posts.map(\.permalink.slug) == ["b", "a"])
        #expect(two.posts.map(\.permalink.slug) == ["b", "a"])
    }

    @Test func monthsNewestFirstWithTheirPosts() throws {
        let plan = try SitePlan(posts: [
            post("posts/2013/12/31/eve.markdown", "2013-12-31 23:00:00"),
            post("posts/2014/03/01/a.markdown", "2014-03-01 09:00:00"),
            post("posts/2014/03/20/b.markdown", "2014-03-20 09:00:00"),
            post("posts/2014/01/05/c.markdown", "2014-01-05 09:00:00"),
        ], pages: [], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000))
        #expect(plan.months.map(\.key.folder) == ["2014/03/", "2014/01/", "2013/12/"])
        #expect(plan.months[0].postIndices.map { plan.posts[$0].permalink.slug } == ["b", "a"])
        #expect(plan.months[2].postIndices.map { plan.posts[$0].permalink.slug } == ["eve"])
    }

    /// The folder names the month, even when the date says otherwise (a post moved by hand).
    @Test func aPostWhoseDateDisagreesWithItsFolderIsFiledByFolder() throws {
        let plan = try SitePlan(posts: [
            post("posts/2014/03/31/late.markdown", "2014-04-03 09:00:00"),
            post("posts/2014/04/01/april.markdown", "2014-04-01 09:00:00"),
            post("posts/2014/03/02/march.markdown", "2014-03-02 09:00:00"),
        ], pages: [], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000))
        #expect(plan.months.map(\.key.folder) == ["2014/04/", "2014/03/"])
        #expect(plan.months[1].postIndices.map { plan.posts[$0].permalink.slug } == ["late", "march"])
        #expect(plan.months.flatMap(\.postIndices).sorted() == [0, 1, 2])
    }

    @Test func outputsInAFixedOrder() throws {
        let plan = try SitePlan(posts: [
            post("posts/2014/03/01/a.markdown", "2014-03-01 09:00:00"),
            post("posts/2014/04/02/b.markdown", "2014-04-02 09:00:00"),
        ], pages: [page("pages/colophon.markdown"), page("pages/about.markdown")], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000))
        #expect(plan.files == [
            "index.html", "archive.html", "404.html", "xml/rss.xml", "feed.json", "sitemap.xml",
            "categories/index.html", "categories/cloud.html", "2014/index.html",
            "2014/04/index.html", "2014/03/index.html",
            "about.html", "colophon.html",
            "2014/04/02/b.html", "2014/03/01/a.html",
        ])
    }

    @Test func rsdOnlyWithAnXMLRPCURL() throws {
        let without = try SitePlan(posts: [], pages: [], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000))
        #expect(!without.files.contains("rsd.xml"))
        let with = try SitePlan(posts: [], pages: [], settings: makeSettings(extra: "@xmlrpc_url http://127.0.0.1:9344/xmlrpc"), now: Timestamp(seconds: 2_000_000_000))
        #expect(with.files.contains("rsd.xml"))
    }

    @Test func olderPostsAndCategoriesArePagedLikeTheHomePage() throws {
        let posts = try (1...5).map { day in
            try post("posts/2014/03/0\(day)/p\(day).markdown", "2014-03-0\(day) 09:00:00", header: "@categoryArray Café, C++, \(day % 2 == 0 ? "cafe" : "C")\n")
        }
        let plan = try SitePlan(posts: posts, pages: [], settings: makeSettings(homePostCount: 2), now: Timestamp(seconds: 2_000_000_000))
        let paths = plan.files
        #expect(paths.contains("page/2/index.html") && paths.contains("page/3/index.html"))
        #expect(!paths.contains("page/1/index.html") && !paths.contains("page/4/index.html"))
        #expect(plan.slugs(of: .homePage(3)) == ["p1"])
        // Sorted for readers, and every slug its own.
        #expect(plan.categories.map(\.name) == ["C", "C++", "cafe", "Café"])
        // "Café" comes before "cafe" in code points (capital C first), so it keeps `cafe`.
        #expect(plan.categories.map(\.slug) == ["c", "c-plus-plus", "cafe-2", "cafe"])
        #expect(paths.contains("categories/cafe/page/3/index.html"))
        #expect(paths.contains("categories/c/page/2/index.html") && !paths.contains("categories/c/page/3/index.html"))
        #expect(plan.slugs(of: .category(0, page: 1)) == ["p5", "p3"])
    }

    @Test func categorySlugsAreDeterministicAndDistinct() {
        let slugs = CategorySlug.slugs(for: ["C", "C++", "C#", "Café", "cafe", "Cafe", "日本", "!!", "Rock & Roll", "cafe-2"])
        #expect(slugs["C++"] == "c-plus-plus")
        #expect(slugs["C#"] == "c-sharp")
        #expect(slugs["Rock & Roll"] == "rock-and-roll")
        // "Cafe" < "Café" < "cafe" < "cafe-2" in code points.
        #expect(slugs["Cafe"] == "cafe" && slugs["Café"] == "cafe-2" && slugs["cafe"] == "cafe-3" && slugs["cafe-2"] == "cafe-2-2")
        #expect(slugs["!!"] == "category" && slugs["日本"] == "category-2")
        #expect(Set(slugs.values).count == slugs.count)
        #expect(CategorySlug.slugs(for: ["cafe", "Café", "Cafe", "C", "C++"]) == CategorySlug.slugs(for: ["C++", "C", "Cafe", "Café", "cafe"]))
    }

    @Test func emptyBlog() throws {
        let plan = try SitePlan(posts: [], pages: [], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000))
        #expect(plan.files == ["index.html", "archive.html", "404.html", "xml/rss.xml", "feed.json", "sitemap.xml", "categories/index.html", "categories/cloud.html"])
        #expect(plan.months.isEmpty)
        #expect(plan.categories.isEmpty)
        #expect(plan.pageCount(of: .home) == 1)
    }

    @Test func homeAndFeedCounts() throws {
        let posts = try (1...9).map { try post("posts/2014/03/0\($0)/p\($0).markdown", "2014-03-0\($0) 09:00:00") }
        let plan = try SitePlan(posts: posts, pages: [], settings: makeSettings(homePostCount: 3, feedPostCount: 5), now: Timestamp(seconds: 2_000_000_000))
        #expect(plan.slugs(of: .home) == ["p9", "p8", "p7"])
        #expect(plan.slugs(of: .rss).count == 5)
        #expect(plan.slugs(of: .jsonFeed) == ["p9", "p8", "p7", "p6", "p5"])
    }

    @Test func twoPostsWithTheSamePermalinkNameBothFiles() throws {
        let markdown = try post("posts/2014/03/31/a.markdown", "2014-03-31 09:00:00")
        let html = try post("posts/2014/03/31/a.html", "2014-03-31 09:00:00")
        let failure = buildFailure { try SitePlan(posts: [html, markdown], pages: [], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000)) }
        #expect(failure.map(lines) == [
            "posts/2014/03/31/a.markdown: has the same permalink 2014/03/31/a.html as posts/2014/03/31/a.html; expected each post to have its own slug",
        ])
    }

    @Test func everyDuplicateIsReported() throws {
        let posts = try [
            post("posts/2014/03/31/a.markdown", "2014-03-31 09:00:00"),
            post("posts/2014/03/31/a.md", "2014-03-31 09:00:00"),
            post("posts/2015/01/01/b.markdown", "2015-01-01 09:00:00"),
            post("posts/2015/01/01/b.html", "2015-01-01 09:00:00"),
        ]
        let failure = buildFailure { try SitePlan(posts: posts, pages: [], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000)) }
        #expect(failure?.diagnostics.count == 2)
        for diagnostic in failure?.diagnostics ?? [] {
            #expect(diagnostic.message.contains("has the same permalink"))
        }
    }

    @Test(arguments: [
        ("pages/archive.markdown", "archive.html"),
        ("pages/index.md", "index.html"),
        ("pages/404.html", "404.html"),
        ("pages/2014/03/index.markdown", "2014/03/index.html"),
    ])
    func aPageCollidingWithANameBakeWritesIsAnError(_ example: (source: String, output: String)) throws {
        let posts = [try post("posts/2014/03/01/a.markdown", "2014-03-01 09:00:00")]
        let failure = buildFailure { try SitePlan(posts: posts, pages: [page(example.source)], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000)) }
        #expect(failure.map(lines) == ["\(example.source): would write \(example.output), which bake writes itself; expected another file name"])
    }

    @Test func aPageCollidingWithAPostIsAnError() throws {
        let posts = [try post("posts/2014/03/01/a.markdown", "2014-03-01 09:00:00")]
        let failure = buildFailure { try SitePlan(posts: posts, pages: [page("pages/2014/03/01/a.markdown")], settings: makeSettings(), now: Timestamp(seconds: 2_000_000_000)) }
        let messages = failure.map(lines) ?? []
        #expect(messages.count == 1)
        #expect(messages.first?.contains("posts/2014/03/01/a.markdown") == true)
        #expect(messages.first?.contains("pages/2014/03/01/a.markdown") == true)
    }

    @Test func futurePostsAndDraftsAreFiltered() throws {
        let now = Timestamp(seconds: 1_396_322_206)  // 2014-03-31 20:16:46 -0700
        let past = try post("posts/2014/03/30/past.markdown", "2014-03-30 09:00:00")
        let exactlyNow = try post("posts/2014/03/31/now.markdown", "2014-03-31 20:16:46 -0700")
        let future = try post("posts/2014/03/31/future.markdown", "2014-03-31 20:16:47 -0700")
        let draft = try post("drafts/idea.markdown", "2014-03-01 09:00:00", status: .draft)
        let all = [past, exactlyNow, future, draft]
        func slugs(drafts: Bool, future: Bool) -> Set<String> {
            Set(SitePlan.publishable(all, now: now, drafts: drafts, future: future).map(\.permalink.slug))
        }
        #expect(slugs(drafts: false, future: false) == ["past", "now"])
        #expect(slugs(drafts: false, future: true) == ["past", "now", "future"])
        #expect(slugs(drafts: true, future: false) == ["past", "now", "idea"])
        #expect(slugs(drafts: true, future: true) == ["past", "now", "future", "idea"])
    }

    @Test func aHugeHomePostCountIsOnePageOfEveryPost() throws {
        let settings = try makeSettings(homePostCount: Int.max)
        let posts = try (1...3).map { day in
            try makePost("posts/2014/03/0\(day)/p\(day).markdown", date: "2014-03-0\(day) 09:00:00", title: "P\(day)",
                         extraHeader: "@categoryArray Notes\n", settings: settings).post
        }
        let plan = try SitePlan(posts: posts, pages: [], settings: settings, now: Timestamp(seconds: 2_000_000_000))
        #expect(plan.pageCount(of: .home) == 1)
        #expect(plan.slugs(of: .home).count == 3)
        #expect(plan.pageCount(of: .category(0, page: 1)) == 1)
        #expect(plan.slugs(of: .category(0, page: 1)).count == 3)
        #expect(Pagination.range(page: 2, count: 3, perPage: Int.max).isEmpty)
    }
}

