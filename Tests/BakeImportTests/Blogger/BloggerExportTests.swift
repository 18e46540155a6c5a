@testable import BakeImport
import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// A Blogger export imported into a new blog and baked by the real pipeline.
@Suite struct BloggerExportTests {
    @Test func importsPostsDraftsAndPagesAndCountsTheRest() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let export = try fixturePath("blogger-export.xml")
            let source = try BloggerExport(path: export, timeZone: TimeZone(identifier: "Europe/Paris")!).read()
            #expect(source.site.name?.text == "Kitchen Table")
            #expect(source.site.url?.text == "http://kitchen.blogspot.com/")
            #expect(source.site.description?.text == "Recipes & stories")
            #expect(source.site.author?.text == "Julia")
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect((report.posts, report.drafts, report.pages) == (1, 1, 1))
            #expect(report.skipped.map(\.description) == [
                "\(export):64: page “Contact, someday” not imported: it is a draft",
                "\(export):87: post “A broken date” not imported: its date cannot be read (<published> `not a date`); expected e.g. `2009-03-31T17:00:00.000-07:00`",
                "\(export): entries of other kinds not imported: 1 comment, 1 settings, 1 template",
            ])
            #expect(try text(blog.path("posts/2011/03/31/sourdough-at-last.html")) == """
                @title Sourdough at last
                @pubDate 2011-03-31 17:00:00 -0700
                @categoryArray bread, baking
                @aliases /2011/03/sourdough-at-last.html

                <p>The starter finally rose.</p><br />It took three weeks.

                """)
            #expect(try text(blog.path("drafts/2011/06/01/jam-unfinished.html")) == """
                @title Jam, unfinished
                @pubDate 2011-06-01 08:00:00 +0200

                <p>Half a recipe.</p>

                """)
            #expect(try text(blog.path("pages/about-the-kitchen.html")) == """
                @title About the kitchen
                @aliases /p/about.html

                <p>A small kitchen with a big table.</p>

                """)

            let site = root + "/site"
            let summary = try await bake(blog, into: site)
            #expect((summary.posts, summary.pages) == (1, 1))
            try expectPages(in: site, [
                ("2011/03/31/sourdough-at-last.html", "Sourdough at last", "The starter finally rose."),
                ("about-the-kitchen.html", "About the kitchen", "A small kitchen with a big table."),
            ])
            #expect(try text(site + "/2011/03/sourdough-at-last.html").contains("2011/03/31/sourdough-at-last.html"))
            #expect(try text(site + "/p/about.html").contains("about-the-kitchen.html"))
        }
    }

    @Test func aFeedThatIsNoAtomIsRefused() throws {
        let error = #expect(throws: ImportError.self) {
            try BloggerExport(path: "blog.xml", timeZone: TimeZone(identifier: "UTC")!).read(bytes: Array("<rss><channel/></rss>".utf8))
        }
        #expect(error?.description == "blog.xml:1: the document is a <rss>; expected a Blogger export (Atom, from Settings → Back up content)")
    }
}
