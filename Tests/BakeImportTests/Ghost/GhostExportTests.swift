@testable import BakeImport
import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// A Ghost export imported into a new blog and baked by the real pipeline.
@Suite struct GhostExportTests {
    @Test func importsPostsDraftsAndPagesWithTheirTags() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let export = try fixturePath("ghost-export.json")
            let source = try GhostExport(path: export, timeZone: TimeZone(identifier: "Europe/Paris")!).read()
            #expect(source.site.name?.text == "Balcony Garden")
            #expect(source.site.url == nil)
            #expect(source.site.author?.text == "Gertrude Jekyll")
            #expect(source.site.timeZone?.text == "America/New_York")
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect((report.posts, report.drafts, report.pages) == (1, 1, 1))
            #expect(report.skipped.map(\.description) == [
                "\(export): posts[3]: post “Only lexical” not imported: its body is only in Ghost's lexical format; expected its `html` too, as Ghost 2 and later export it",
                "\(export): posts[4]: post “A newsletter” not imported: its status is `sent`",
                "\(export): posts[5]: post “Undated” not imported: its published_at cannot be read (`soon`); expected e.g. `2021-05-06T09:10:11.000Z`",
            ])
            // Dated in the Ghost site's own zone; tags in their order, without internal ones.
            #expect(try text(blog.path("posts/2021/05/06/welcome.html")) == """
                @title Welcome to the garden
                @pubDate 2021-05-06 12:10:11 -0400
                @categoryArray Seeds, Balcony
                @aliases /welcome/

                <p>The first seeds went in today.</p><p>More soon.</p>

                """)
            // A draft has no published_at: dated when it was last changed.
            #expect(try text(blog.path("drafts/2021/06/02/compost-notes.html")).hasPrefix("@title Compost notes\n@pubDate 2021-06-02 05:00:00 -0400\n\n"))
            #expect(try text(blog.path("pages/about.html")) == "@title About\n@aliases /about/\n\n<p>A small garden on a balcony.</p>\n")

            let site = root + "/site"
            let summary = try await bake(blog, into: site)
            #expect((summary.posts, summary.pages) == (1, 1))
            try expectPages(in: site, [
                ("2021/05/06/welcome.html", "Welcome to the garden", "The first seeds went in today."),
                ("about.html", "About", "A small garden on a balcony."),
            ])
            #expect(try text(site + "/welcome/index.html").contains("2021/05/06/welcome.html"))
        }
    }

    @Test func olderPermalinksAndMillisecondDatesAreRead() throws {
        let export = """
            {"meta": {"version": "000"}, "data": {
              "posts": [{"id": 1, "title": "Old", "slug": "old", "html": "<p>Old.</p>", "page": false, "status": "published", "published_at": 1420070400000}],
              "settings": [{"key": "permalinks", "value": "/:year/:month/:day/:slug/"}]
            }}
            """
        let source = try GhostExport(path: "ghost.json", timeZone: TimeZone(identifier: "UTC")!).read(bytes: Array(export.utf8))
        let item = try #require(source.items.first)
        #expect(item.date?.headerText == "2015-01-01 00:00:00 +0000")
        #expect(item.oldURLs == ["/2015/01/01/old/"])
    }

    @Test func aFileThatIsNoGhostExportIsOneClearError() throws {
        let error = #expect(throws: ImportError.self) {
            try GhostExport(path: "ghost.json", timeZone: TimeZone(identifier: "UTC")!).read(bytes: Array(#"{"db": []}"#.utf8))
        }
        #expect(error?.description == "ghost.json: no `db[0].data.posts`; expected a Ghost export (JSON, from Settings → Labs → Export your content)")
    }
}
