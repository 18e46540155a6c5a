import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import LinkCheck
import Testing

/// The links page, baked for real: `/links/` shows the link posts, newest first, paginated like
/// the home page, with its feeds; a blog without link posts has none; and an edit to a link
/// post reaches it on the next, incremental, build. Pages are read with libxml2 and feeds with
/// feedparser, as readers and feed readers read them.
@Suite struct LinksPageTests {
    /// Two posts a page; three link posts among five.
    static let blog: [String: String] = [
        "site.settings": "@site_name Links & Co\n@site_url https://example.com\n@home_post_count 2\n@time_zone UTC\n",
        "posts/2020/01/01/one.markdown": "@title One\n@pubDate 2020-01-01 09:00:00 +0000\n@link https://one.example/\n\nThe oldest link.\n",
        "posts/2020/02/01/two.markdown": "@title Two\n@pubDate 2020-02-01 09:00:00 +0000\n\nNot a link.\n",
        "posts/2020/03/01/three.markdown": "@title Three\n@pubDate 2020-03-01 09:00:00 +0000\n@link https://three.example/\n\nA link.\n",
        "posts/2020/04/01/four.markdown": "@title Four\n@pubDate 2020-04-01 09:00:00 +0000\n\nNot a link either.\n",
        "posts/2020/05/01/five.markdown": "@title Five\n@pubDate 2020-05-01 09:00:00 +0000\n@link https://five.example/?a=1&b=2\n\nThe newest link.\n",
    ]

    @Test func theLinksPageShowsTheLinkPostsNewestFirstTwoAPage() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(Self.blog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            let first = try ReaderPathTests.page("/links/", in: root + "/site")
            #expect(first.descendants.first { $0.name == "title" }?.text == "Links — Links & Co")
            #expect(first.descendants.first { $0.name == "h1" }?.text == "Links")
            #expect(first.descendants.contains { $0.name == "main" && $0.classes.contains("h-feed") })
            #expect(ReaderPathTests.articlePermalinks(first) == ["/2020/05/01/five.html", "/2020/03/01/three.html"])
            #expect(first.descendants.first { $0.name == "link" && $0.attributes["rel"] == "canonical" }?.attributes["href"] == "https://example.com/links/")
            let alternates = first.descendants.filter { $0.name == "link" && $0.attributes["rel"] == "alternate" }.compactMap { $0.attributes["href"] }
            #expect(alternates == ["/xml/rss.xml", "/feed.json", "/links/rss.xml", "/links/feed.json"])
            // Paginated as the home page is: page/2/, linked both ways, no page/1/.
            #expect(ReaderPathTests.head(first, rel: "prev") == nil)
            #expect(ReaderPathTests.head(first, rel: "next") == "/links/page/2/")
            #expect(ReaderPathTests.pager(first, rel: "next") == "/links/page/2/")
            let second = try ReaderPathTests.page("/links/page/2/", in: root + "/site")
            #expect(second.descendants.first { $0.name == "h1" }?.text == "Links, page 2")
            #expect(ReaderPathTests.articlePermalinks(second) == ["/2020/01/01/one.html"])
            #expect(ReaderPathTests.head(second, rel: "prev") == "/links/")
            #expect(ReaderPathTests.pager(second, rel: "prev") == "/links/")
            #expect(ReaderPathTests.head(second, rel: "next") == nil)
            #expect(!FileManager.default.fileExists(atPath: root + "/site/links/page/1/index.html"))
            #expect(!FileManager.default.fileExists(atPath: root + "/site/links/page/3/index.html"))
            // The sitemap lists its first page, dated by its newest post, and no other.
            let sitemap = try read("site/sitemap.xml", in: root)
            #expect(sitemap.contains("<url><loc>https://example.com/links/</loc><lastmod>2020-05-01T09:00:00+00:00</lastmod></url>"))
            #expect(!sitemap.contains("links/page/2/"))
            // No other page links it: the default theme's navigation is as it was.
            #expect(!(try read("site/index.html", in: root)).contains("/links/"))
        }
    }

    @Test func itsFeedsCarryTheLinkPostsAsFeedReadersReadThem() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(Self.blog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            let rss = try await Self.feedparser(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/site/links/rss.xml"))))
            #expect(rss["bozo"] as? Int == 0, "\(rss["bozo_exception"] ?? "")")
            #expect(rss["version"] as? String == "rss20")
            #expect(rss["title"] as? String == "Links & Co: Links")
            #expect(rss["link"] as? String == "https://example.com/links/")
            #expect(rss["self"] as? String == "https://example.com/links/rss.xml")
            let items = try #require(rss["entries"] as? [[String: Any]])
            #expect(items.map { $0["title"] as? String } == ["Five", "Three", "One"])
            #expect(items.map { $0["link"] as? String } == ["https://five.example/?a=1&b=2", "https://three.example/", "https://one.example/"])
            #expect(items.map { $0["id"] as? String } == ["/2020/05/01/five.html", "/2020/03/01/three.html", "/2020/01/01/one.html"].map { "https://example.com" + $0 })
            // The JSON Feed, as JSON.
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/site/links/feed.json"))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(json["title"] as? String == "Links & Co: Links")
            #expect(json["home_page_url"] as? String == "https://example.com/links/")
            #expect(json["feed_url"] as? String == "https://example.com/links/feed.json")
            let entries = try #require(json["items"] as? [[String: Any]])
            #expect(entries.map { $0["external_url"] as? String } == ["https://five.example/?a=1&b=2", "https://three.example/", "https://one.example/"])
        }
    }

    @Test func aBlogWithoutLinkPostsHasNoLinksPage() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(Self.blog.filter { !$0.value.contains("@link") }, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(!FileManager.default.fileExists(atPath: root + "/site/links"))
            #expect(!(try read("site/sitemap.xml", in: root)).contains("/links/"))
        }
    }

    /// An edited link post is shown as edited on the links page and in its feeds; the last
    /// link post made a plain post takes the links page away.
    @Test func anEditedLinkPostRendersTheLinksPageAgain() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try makeBlog(Self.blog, in: blog)
            _ = try await bake(blog, into: root + "/site").summary()
            let path = "posts/2020/05/01/five.markdown"
            try write(try read(path, in: blog).replacingOccurrences(of: "@title Five", with: "@title Five, edited"), to: path, in: blog)
            let summary = try await bake(blog, into: root + "/site").summary()
            #expect(summary.written.contains("links/index.html"))
            #expect(summary.written.contains("links/rss.xml") && summary.written.contains("links/feed.json"))
            #expect(!summary.written.contains("links/page/2/index.html"), "it does not show the edited post")
            let page = try ReaderPathTests.page("/links/", in: root + "/site")
            #expect(page.descendants.contains { $0.name == "article" && $0.text.contains("Five, edited") })
            // The same bytes as a clean build of the edited blog.
            _ = try await bake(blog, into: root + "/clean").summary()
            try expectSameSite(root + "/site", root + "/clean")

            for link in ["posts/2020/01/01/one.markdown", "posts/2020/03/01/three.markdown", path] {
                try write(try read(link, in: blog).split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("@link") }.joined(separator: "\n"), to: link, in: blog)
            }
            let unlinked = try await bake(blog, into: root + "/site").summary()
            #expect(unlinked.removed.contains("links/index.html") && unlinked.removed.contains("links/rss.xml"))
            #expect(!FileManager.default.fileExists(atPath: root + "/site/links"))
        }
    }
}

extension LinksPageTests {
    /// The link checker traces a broken link on a links page to the link posts it shows, as it
    /// does one on the home page.
    @Test func theLinkCheckerTracesTheLinksPageToItsPosts() throws {
        let settings = try SiteSettings(metadata: MetadataParser().parse(text: Self.blog["site.settings"]!).metadata)
        let parser = PostParser(settings: settings)
        let posts = try Self.blog.keys.filter { $0.hasPrefix("posts/") }.sorted().map { path in
            try parser.parsePost(path: path, bytes: Array(Self.blog[path]!.utf8), status: .published, now: testNow).post
        }
        let plan = try SitePlan(posts: posts, pages: [], settings: settings, now: testNow)
        let sources = OutputSources(plan: plan, staticFiles: [:])
        #expect(sources.files(of: "links/index.html") == ["posts/2020/05/01/five.markdown", "posts/2020/03/01/three.markdown"])
        #expect(sources.files(of: "links/page/2/index.html") == ["posts/2020/01/01/one.markdown"])
        #expect(sources.files(of: "links/rss.xml") == ["posts/2020/05/01/five.markdown", "posts/2020/03/01/three.markdown", "posts/2020/01/01/one.markdown"])
    }
}

private extension LinksPageTests {
    /// What feedparser reads in an RSS feed: its version, title, link, self link and entries.
    static func feedparser(_ bytes: [UInt8]) async throws -> [String: Any] {
        let script = """
        import json, sys
        import feedparser
        parsed = feedparser.parse(sys.stdin.buffer.read())
        print(json.dumps({
            "bozo": int(parsed.bozo), "bozo_exception": str(parsed.get("bozo_exception", "")),
            "version": parsed.version, "title": parsed.feed.get("title"), "link": parsed.feed.get("link"),
            "self": next((link.get("href") for link in parsed.feed.get("links", []) if link.get("rel") == "self"), None),
            "entries": [{"title": entry.get("title"), "link": entry.get("link"), "id": entry.get("id")} for entry in parsed.entries],
        }))
        """
        let run = try await Program(executable: "/usr/bin/env").run(["python3", "-c", script], input: bytes)
        guard run.status == 0 else {
            throw TestFailure(description: "python3 with feedparser exited with \(run.status) (`pip install feedparser` first):\n\(run.errors)")
        }
        return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    }
}
