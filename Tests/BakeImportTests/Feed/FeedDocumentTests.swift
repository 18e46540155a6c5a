@testable import BakeImport
import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// Feeds of each kind imported into a new blog and baked by the real pipeline: every dated
/// entry is a page with its title and first words, and its old URL answers.
@Suite struct FeedDocumentTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    @Test func readsAnRSSFeedAsSubstackAndMastodonWriteThem() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let feed = try fixturePath("feeds/substack-rss.xml")
            let source = try FeedDocument(path: feed, timeZone: paris).read()
            #expect(source.site.name?.text == "Letters from the Shore")
            #expect(source.site.url?.text == "https://shore.example.com")
            #expect(source.site.author?.text == "Ada Lovelace")
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect((report.posts, report.drafts, report.pages) == (3, 0, 0))
            #expect(report.skipped.map(\.description) == [
                "\(feed):38: entry “No date” not imported: its date cannot be read (<pubDate> `sometime in April`); expected e.g. `Tue, 31 Mar 2009 17:00:00 +0000` or `2009-03-31T17:00:00Z`",
            ])
            // content:encoded before description; the link's tracking query dropped.
            #expect(try text(blog.path("posts/2009/03/31/low-tide-high-hopes.html")) == """
                @title Low tide & high hopes
                @pubDate 2009-03-31 19:00:00 +0200
                @categoryArray Tides, Boats small
                @aliases /p/low-tide

                <p>The water left the bay at noon.</p><p>We walked out to the wreck.</p>

                """)
            // No title: a post without one, named by its old URL.
            #expect(try text(blog.path("posts/2009/04/01/1234567.html")) == """
                @pubDate 2009-04-01 08:15:00 +0200
                @aliases /notes/1234567

                <p>Only a description, and a status without a title.</p>

                """)
            // A link to another site is no old URL of this one.
            #expect(try text(blog.path("posts/2009/04/02/elsewhere.html")).hasPrefix("@title Elsewhere\n@pubDate 2009-04-02 11:00:00 +0200\n\n"))

            let site = root + "/site"
            try await bake(blog, into: site)
            try expectPages(in: site, [
                ("2009/03/31/low-tide-high-hopes.html", "Low tide & high hopes", "The water left the bay at noon."),
                ("2009/04/01/1234567.html", nil, "Only a description, and a status without a title."),
                ("2009/04/02/elsewhere.html", "Elsewhere", "Written for another site."),
            ])
            #expect(try text(site + "/p/low-tide/index.html").contains("2009/03/31/low-tide-high-hopes.html"))
        }
    }

    @Test func readsAnAtomFeedWithEveryKindOfContent() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let feed = try fixturePath("feeds/atom.xml")
            let source = try FeedDocument(path: feed, timeZone: paris).read()
            #expect(source.site.name?.text == "Field Notes")
            #expect(source.site.url?.text == "https://birds.example.org/blog/")
            #expect(source.site.description?.text == "Birds, mostly")
            #expect(source.site.author?.text == "Grace Hopper")
            #expect(source.site.language?.text == "en-GB")
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect((report.posts, report.drafts, report.pages) == (3, 0, 0))
            #expect(report.skipped.map(\.description) == [
                "\(feed):38: entry “Undated” not imported: its date cannot be read (no <published> or <updated>); expected e.g. `Tue, 31 Mar 2009 17:00:00 +0000` or `2009-03-31T17:00:00Z`",
            ])
            // The old URL without the site's path, /blog.
            #expect(try text(blog.path("posts/2010/06/01/herons-egrets.html")) == """
                @title Herons & egrets
                @pubDate 2010-06-01 07:30:00 +0100
                @categoryArray herons, Wading birds
                @aliases /2010/06/herons.html

                <p>A heron stood in the reeds.</p>

                """)
            // XHTML content written out as HTML; only <updated>; a relative link.
            #expect(try text(blog.path("posts/2010/06/03/swifts.html")) == """
                @title Swifts
                @pubDate 2010-06-03 20:00:00 -0400
                @aliases /2010/06/swifts/

                <p>Swifts <em>never</em> land.</p><p>Line<br />break &amp; more.</p>

                """)
            #expect(try text(blog.path("posts/2010/06/04/plain-words.html")).hasSuffix("\n\n<p>Only a summary &lt;here&gt;.</p>\n<p>Two paragraphs.</p>\n"))

            let site = root + "/site"
            try await bake(blog, into: site)
            try expectPages(in: site, [
                ("2010/06/01/herons-egrets.html", "Herons & egrets", "A heron stood in the reeds."),
                ("2010/06/03/swifts.html", "Swifts", "Swifts never land."),
                ("2010/06/04/plain-words.html", "Plain words", "Only a summary <here>."),
            ])
            #expect(FileManager.default.fileExists(atPath: site + "/2010/06/swifts/index.html"))
        }
    }

    @Test func readsAJSONFeed() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let feed = try fixturePath("feeds/feed.json")
            let source = try FeedDocument(path: feed, timeZone: paris).read()
            #expect(source.site.name?.text == "Micro Notes")
            #expect(source.site.author?.text == "Alan Turing")
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect((report.posts, report.drafts, report.pages) == (2, 0, 0))
            #expect(report.skipped.map(\.description) == [
                "\(feed): items[2]: entry “Undated” not imported: its date cannot be read (no date_published); expected e.g. `Tue, 31 Mar 2009 17:00:00 +0000` or `2009-03-31T17:00:00Z`",
                "\(feed): items[3]: entry not imported: it has neither a title nor a body",
            ])
            // Micro.blog's URLs are bake's: an old URL that is the new permalink is no alias.
            #expect(try text(blog.path("posts/2021/05/06/a-titled-post.html")) == """
                @title A titled post
                @pubDate 2021-05-06 09:10:11 -0700
                @categoryArray machines, tea

                <p>Written in HTML.</p>

                """)
            #expect(try text(blog.path("posts/2021/05/07/120000.html")) == """
                @pubDate 2021-05-07 12:00:00 +0000

                <p>A note without a title.</p>
                <p>It has two paragraphs &amp; an ampersand.</p>

                """)
            let site = root + "/site"
            try await bake(blog, into: site)
            try expectPages(in: site, [
                ("2021/05/06/a-titled-post.html", "A titled post", "Written in HTML."),
                ("2021/05/07/120000.html", nil, "A note without a title."),
            ])
        }
    }

    @Test func aFileThatIsNoFeedIsOneClearError() throws {
        let cases: [(String, String)] = [
            ("<html><body>hi</body></html>", "feed.xml:1: the document is a <html>; \(FeedDocument.expected)"),
            ("{\"title\": \"x\"}", "feed.xml: the JSON has no `version` of jsonfeed.org and `items`; \(FeedDocument.expected)"),
            ("{\"version\": ", "feed.xml: not valid JSON; \(FeedDocument.expected)"),
            ("<rss><channel><wp:wxr_version xmlns:wp=\"http://wordpress.org/export/1.2/\">1.2</wp:wxr_version></channel></rss>",
             "feed.xml:1: this is a WordPress export; import it with `bake import wordpress`, which reads all of it"),
        ]
        for (document, message) in cases {
            let error = #expect(throws: ImportError.self) { try FeedDocument(path: "feed.xml", timeZone: paris).read(bytes: Array(document.utf8)) }
            #expect(error?.description == message)
        }
    }
}

/// Each page has its title as its `h1` (none for `nil`) and a paragraph of `words`, read with libxml2.
func expectPages(in site: String, _ pages: [(path: String, title: String?, words: String)], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    for (path, title, words) in pages {
        let page = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: site + "/" + path)))), "\(path)", sourceLocation: sourceLocation)
        let heading = page.descendants.first { $0.name == "h1" }?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let title {
            #expect(heading == title, "\(path)", sourceLocation: sourceLocation)
        }
        #expect(page.descendants.contains { $0.name == "p" && $0.text.trimmingCharacters(in: .whitespacesAndNewlines) == words }, "\(path)", sourceLocation: sourceLocation)
    }
}
