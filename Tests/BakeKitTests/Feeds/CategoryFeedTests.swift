import BakeKit
import Foundation
import Testing

/// A category's feeds, read back by the same readers and held to the same rules as the main
/// feeds: feedparser without complaint, strict XML, a self link, permalink guids, RFC 822 and
/// RFC 3339 dates and no relative links.
@Suite struct CategoryFeedTests {
    let fixtures: FeedFixtures
    let plan: SitePlan
    let renderer: SiteRenderer
    let bodies: [String: String]

    init() throws {
        fixtures = try FeedFixtures()
        let settings = fixtures.settings
        let extra = try makePost(
            "posts/2015/06/01/more-feeds.markdown", date: "2015-06-01 09:00:00 -0700", title: "More feeds & more",
            body: "A [relative](other.html) link, and then\n\n<!--more-->\n\nsecond part with ![an image](/blog/media/loaf.svg).",
            extraHeader: "@categoryArray Feeds, C++\n", settings: settings
        )
        let items = fixtures.items + [(extra.post, extra.html)]
        plan = try SitePlan(posts: items.map(\.post), pages: [], settings: settings, now: Timestamp(seconds: 2_000_000_000))
        renderer = SiteRenderer(plan: plan, templates: try TemplateSet(sources: minimalTemplateSources()),
                                options: RenderOptions())
        bodies = Dictionary(uniqueKeysWithValues: items.map { ($0.post.sourcePath, $0.html) })
    }

    func index(of name: String) throws -> Int {
        try #require(plan.categories.firstIndex { $0.name == name })
    }

    func render(_ output: Output) -> (path: String, text: String) {
        let file = renderer.render(output, bodies: bodies.filter { renderer.bodiesNeeded(for: output).contains($0.key) })
        return (file.path, String(decoding: file.bytes, as: UTF8.self))
    }

    @Test func rssPassesTheFeedChecks() async throws {
        for name in ["Feeds", "The Web", "C++"] {
            let category = try index(of: name)
            let (path, xml) = render(.categoryRSS(category))
            let slug = plan.categories[category].slug
            #expect(path == "categories/\(slug)/rss.xml")
            let result = try await runPython(RSSFeedTests.reader, input: Array(xml.utf8))
            #expect(result["bozo"] as? Int == 0, "\(result["bozo_exception"] ?? "")")
            #expect(result["version"] as? String == "rss20")
            let feed = try #require(result["feed"] as? [String: Any])
            #expect(feed["title"] as? String == "Test & Co: \(name)")
            #expect(feed["link"] as? String == "https://example.com/blog/categories/\(slug)/")
            #expect(feed["language"] as? String == "en")
            #expect(result["self"] as? [[String]] == [["https://example.com/blog/categories/\(slug)/rss.xml", "application/rss+xml"]])
            let items = try #require(result["items"] as? [[String: Any]])
            let expected = plan.categories[category].postIndices.map { "https://example.com/blog/" + plan.posts[$0].permalink.path }
            #expect(items.map { $0["guid"] as? String } == expected)
            for item in items {
                #expect(item["is_permalink"] as? String == "true")
                #expect(item["rfc822"] as? Bool == true)
                #expect((item["relative"] as? [String]) == [])
            }
        }
    }

    @Test func jsonFeedPassesTheFeedChecks() async throws {
        let category = try index(of: "Feeds")
        let (path, json) = render(.categoryJSONFeed(category))
        #expect(path == "categories/feeds/feed.json")
        let feed = try await runPython(JSONFeedTests.reader, input: Array(json.utf8))
        #expect(feed["title"] as? String == "Test & Co: Feeds")
        #expect(feed["home_page_url"] as? String == "https://example.com/blog/categories/feeds/")
        #expect(feed["feed_url"] as? String == "https://example.com/blog/categories/feeds/feed.json")
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == 2)
        for item in items {
            #expect(item["rfc3339"] as? Bool == true)
            #expect((item["relative"] as? [String]) == [])
        }
    }

    @Test func feedsCarryWholePostsByDefault() throws {
        let (_, xml) = render(.categoryRSS(try index(of: "C++")))
        #expect(xml.contains("second part"))
    }

    @Test func aMarkerInsideAParagraphCutsNothing() {
        #expect(Excerpt.cut("<p>One <!--more--> two</p>\n", summary: nil) == nil)
        #expect(Excerpt.cut("<p>One</p>\n<!--more-->\n<p>Two</p>\n", summary: nil) == "<p>One</p>\n")
        #expect(Excerpt.cut("<p>One</p>\n", summary: "Fish & chips") == "<p>Fish &amp; chips</p>\n")
    }

    @Test func excerptFeedsStopAtTheMarkerWithALinkToTheRest() async throws {
        let settings = try makeSettings(url: "https://example.com/blog/", extra: "@feed_excerpts true\n")
        let plan = try SitePlan(posts: self.plan.posts, pages: [], settings: settings, now: Timestamp(seconds: 2_000_000_000))
        let renderer = SiteRenderer(plan: plan, templates: try TemplateSet(sources: minimalTemplateSources()),
                                    options: RenderOptions())
        let category = try #require(plan.categories.firstIndex { $0.name == "C++" })
        let xml = String(decoding: renderer.render(.categoryRSS(category), bodies: bodies).bytes, as: UTF8.self)
        #expect(!xml.contains("second part"))
        #expect(xml.contains("Continue reading"))
        let result = try await runPython(RSSFeedTests.reader, input: Array(xml.utf8))
        #expect(result["bozo"] as? Int == 0)
        // The link to the rest goes to the post's own page, and the summary is the excerpt's
        // text, not the link's.
        let entries = try #require(result["entries"] as? [[String: Any]])
        let cut = try #require(entries.first { $0["title"] as? String == "More feeds & more" })
        let link = try #require(cut["link"] as? String)
        #expect(link == "https://example.com/blog/2015/06/01/more-feeds.html")
        #expect((cut["content"] as? String)?.contains("<a href=\"\(link)\">Continue reading</a>") == true, "\(cut)")
        let summary = try #require(cut["summary"] as? String)
        #expect(summary.contains("A relative link, and then"), "\(summary)")
        #expect(!summary.contains("Continue reading"), "\(summary)")
        let main = String(decoding: renderer.render(.rss, bodies: bodies).bytes, as: UTF8.self)
        #expect(!main.contains("second part"))
    }
}
