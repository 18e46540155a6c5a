@testable import BakeKit
import Testing

/// Paginated lists as data: the links page is planned, paged, fed and put in the sitemap by
/// the code that does it for the home page and the categories.
@Suite struct PagedListTests {
    func post(_ slug: String, _ date: String, link: Bool = false, categories: String = "") throws -> Post {
        let header = (link ? "@link https://\(slug).example/\n" : "") + (categories.isEmpty ? "" : "@categoryArray \(categories)\n")
        return try makePost("posts/\(date.prefix(10).replacingOccurrences(of: "-", with: "/"))/\(slug).markdown", date: date, extraHeader: header).post
    }

    func plan(_ posts: [Post], homePostCount: Int = 2) throws -> SitePlan {
        try SitePlan(posts: posts, pages: [], settings: makeSettings(homePostCount: homePostCount), now: Timestamp(seconds: 2_000_000_000))
    }

    @Test func theLinksPageIsPlannedOnlyForABlogWithALinkPost() throws {
        let plain = try plan([post("a", "2014-03-01 09:00:00"), post("b", "2014-03-02 09:00:00")])
        #expect(!plain.files.contains { $0.hasPrefix("links/") })
        #expect(plain.lists == [.home])
        let linked = try plan([post("a", "2014-03-01 09:00:00", link: true), post("b", "2014-03-02 09:00:00")])
        #expect(linked.files.filter { $0.hasPrefix("links/") } == ["links/index.html", "links/rss.xml", "links/feed.json"])
        #expect(linked.lists == [.home, .links])
    }

    @Test func theLinksArePagedLikeTheHomePage() throws {
        let posts = try (1...7).map { day in try post("p\(day)", "2014-03-0\(day) 09:00:00", link: day != 4) }
        let plan = try plan(posts)
        #expect(plan.files.filter { $0.hasPrefix("links/") } == [
            "links/index.html", "links/page/2/index.html", "links/page/3/index.html", "links/rss.xml", "links/feed.json",
        ])
        let pages = plan.outputs.compactMap { output -> ListInputs? in
            if case .list(let list) = output.inputs, list.list == .links { return list } else { return nil }
        }
        #expect(pages.map(\.page) == [1, 2, 3])
        #expect(pages.allSatisfy { $0.pageCount == 3 })
        #expect(pages.map { $0.posts.map(\.value.sourcePath) } == [
            ["posts/2014/03/07/p7.markdown", "posts/2014/03/06/p6.markdown"],
            ["posts/2014/03/05/p5.markdown", "posts/2014/03/03/p3.markdown"],
            ["posts/2014/03/02/p2.markdown", "posts/2014/03/01/p1.markdown"],
        ])
        #expect(pages.map { $0.list.kind(page: $0.page) } == [.links, .links, .links])
        // With @home_post_count 0 the home page shows no posts and the links all of them.
        let unpaged = try self.plan(posts, homePostCount: 0)
        #expect(unpaged.files.filter { $0.hasPrefix("links/") } == ["links/index.html", "links/rss.xml", "links/feed.json"])
    }

    /// The sitemap lists the kinds in `Sitemap.order`, each list's first page only.
    @Test func theSitemapListsTheLinksPageOnceInItsPlace() throws {
        let posts = try (1...5).map { day in try post("p\(day)", "2014-03-0\(day) 09:00:00", link: day.isMultiple(of: 2), categories: "Notes") }
        let plan = try plan(posts)
        guard case .sitemap(let sitemap) = plan.output(.sitemap).inputs else { Issue.record("no sitemap"); return }
        let paths = sitemap.entries.map(\.path)
        #expect(paths.filter { $0.hasPrefix("links/") } == ["links/"])
        #expect(paths.prefix(6) == ["", "archive.html", "categories/", "categories/cloud.html", "categories/notes/", "links/"])
        let links = try #require(sitemap.entries.first { $0.path == "links/" })
        #expect(links.lastModified == plan.posts[1].pubDate.seconds, "dated by its newest post")
        #expect(sitemap.entries.first { $0.path == "categories/notes/" }?.lastModified == nil)
    }

    @Test func siteLinksURLIsThereOnlyWithALinksPage() throws {
        let templates = try TemplateSet(sources: minimalTemplateSources(replacing: ["home": "[{{site.links_url}}]{{#is_links}}links{{/is_links}}"]))
        for (link, expected) in [(true, "[/blog/links/]"), (false, "[]")] {
            let plan = try SitePlan(posts: [post("a", "2014-03-01 09:00:00", link: link)], pages: [],
                                    settings: makeSettings(url: "https://example.com/blog"), now: Timestamp(seconds: 2_000_000_000))
            let renderer = SiteRenderer(plan: plan, templates: templates, options: RenderOptions())
            let bodies = ["posts/2014/03/01/a.markdown": "<p>Some text.</p>"]
            #expect(String(decoding: renderer.render(.home, bodies: bodies).bytes, as: UTF8.self) == expected)
        }
    }

    /// A links page with the default theme: its title, its feeds in the head, the posts.
    @Test func theLinksPageRendersWithTheDefaultTheme() throws {
        let posts = try [post("a", "2014-03-01 09:00:00", link: true), post("b", "2014-03-02 09:00:00")]
        let plan = try plan(posts)
        let renderer = SiteRenderer(plan: plan, templates: try TemplateSet(sources: TemplateCompilerDifferentialTests.defaultTheme()), options: RenderOptions())
        let output = try #require(plan.output(at: "links/index.html"))
        let html = String(decoding: renderer.render(output, bodies: ["posts/2014/03/01/a.markdown": "<p>Some text.</p>"]).bytes, as: UTF8.self)
        #expect(html.contains("<title>Links — Test &amp; Co</title>"))
        #expect(html.contains("<link rel=\"alternate\" type=\"application/rss+xml\" title=\"Test &amp; Co: Links (RSS)\" href=\"/links/rss.xml\">"))
        #expect(html.contains("<link rel=\"alternate\" type=\"application/feed+json\" title=\"Test &amp; Co: Links (JSON Feed)\" href=\"/links/feed.json\">"))
        #expect(html.contains("<main id=\"main\" class=\"h-feed\">"))
        #expect(html.contains("https://a.example/"))
    }
}
