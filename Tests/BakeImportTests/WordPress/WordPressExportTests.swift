@testable import BakeImport
import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// The fixture export (a post, a draft, a page and an attachment) imported into a new blog,
/// then baked by the real pipeline.
@Suite struct WordPressExportTests {
    @Test func importsPostDraftPageAndSkipsTheAttachment() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let export = try fixturePath("wordpress-export.xml")
            let source = try WordPressExport(path: export, timeZone: TimeZone(identifier: "Europe/Paris")!).read()
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect((report.posts, report.drafts, report.pages) == (1, 1, 1))

            // Dated as WordPress showed it: local time, with the offset from post_date_gmt.
            #expect(try text(blog.path("posts/2009/03/31/hello-world.html")) == """
                @title Hello & welcome
                @pubDate 2009-03-31 10:00:00 -0700
                @categoryArray News, Swift
                @aliases /2009/03/31/hello-world/

                <p>Welcome to the first paragraph.<br />
                It has a second line.</p>
                <blockquote><p>A quote.</p></blockquote>
                <pre>code line one

                code line three</pre>
                <p>[gallery ids="7"]</p>
                <p>The last paragraph.</p>

                """)
            // No GMT date and no slug: the blog's zone, and a slug from the title.
            #expect(try text(blog.path("drafts/2010/06/01/half-written.html")) == """
                @title Half written
                @pubDate 2010-06-01 08:30:00 +0200
                @categoryArray News

                <p>A draft, never published.</p>

                """)
            #expect(try text(blog.path("pages/about.html")) == """
                @title About
                @aliases /about/

                <p>This blog is about things.</p>
                <p>Mostly old ones.</p>

                """)
            #expect(report.skipped.map(\.description) == [
                "\(export):86: attachment “sunset” not imported: http://old.example.com/wp-content/uploads/2009/03/sunset.jpg",
            ])
            #expect(report.untranslated.map(\.description) == ["\(export):41: shortcode [gallery ids=\"7\"] in “Hello & welcome”"])

            let site = root + "/site"
            let summary = try await bake(blog, into: site)
            #expect((summary.posts, summary.pages) == (1, 1))
            let post = try text(site + "/2009/03/31/hello-world.html")
            #expect(post.contains("Hello &amp; welcome"))
            #expect(post.contains("March 31, 2009"))
            #expect(post.contains("<p>Welcome to the first paragraph.<br />\nIt has a second line.</p>"))
            #expect(post.contains("<blockquote><p>A quote.</p></blockquote>"))
            #expect(post.contains("News") && post.contains("Swift"))
            let about = try text(site + "/about.html")
            #expect(about.contains("About"))
            #expect(about.contains("<p>Mostly old ones.</p>"))
            #expect(!FileManager.default.fileExists(atPath: site + "/2010/06/01"), "a draft was published")

            // Once more: nothing new, nothing replaced.
            let again = try ImportPlan(source: source, blog: blog)
            #expect(again.files.isEmpty)
            #expect(again.alreadyImported == ["posts/2009/03/31/hello-world.html", "drafts/2010/06/01/half-written.html", "pages/about.html"])
        }
    }

    /// Items shaped as in WordPress's Theme Unit Test and accessibility test data: every one
    /// WordPress imports arrives, the one without any date is reported with its line, and the
    /// blog bakes, each post and page a page with its title and text.
    @Test func importsWhatWordPressImportsAndTheBlogBakes() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let export = try fixturePath("wordpress-theme-unit-shapes.xml")
            let source = try WordPressExport(path: export, timeZone: TimeZone(identifier: "Europe/Paris")!).read()
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect((report.posts, report.drafts, report.pages) == (4, 0, 3))
            #expect(report.skipped.map(\.description) == [
                "\(export):104: post “No date at all” not imported: none of its dates can be read (<wp:post_date> ``, "
                    + "<wp:post_date_gmt> `0000-00-00 00:00:00`, <pubDate> `Mon, 30 Nov -0001 00:00:00 +0000`); expected e.g. `2009-03-31 10:00:00`",
                "\(export):124: attachment “Image Alignment 150x150” not imported: https://themes.example.com/wp-content/uploads/2013/03/image-alignment-150x150.jpg",
            ])
            #expect(report.untranslated.map(\.description) == [
                "\(export):111: old URL /?p=1303 of “Plain permalink” has a query, which a static site cannot serve; not kept as an alias",
            ])

            // No type: a post. An empty post_date: the GMT date, else the pubDate, in the blog's zone.
            #expect(try text(blog.path("posts/2014/08/04/headings.html")).hasPrefix("@title Headings without a type\n@pubDate 2014-08-04 09:00:00 +0000\n@aliases /2014/08/headings/\n"))
            #expect(try text(blog.path("posts/2013/01/10/paths.html")).hasPrefix("@title Paths\n@pubDate 2013-01-10 21:15:40 +0100\n@aliases /2013/01/paths/\n"))
            #expect(try text(blog.path("posts/2013/01/11/only-a-pubdate.html")).hasPrefix("@title Only a pubDate\n@pubDate 2013-01-11 09:00:00 +0100\n"))
            // `//` is one `/`, as the old server read it; the page under another keeps its path.
            #expect(try text(blog.path("pages/2.html")).hasPrefix("@title Ελληνικά\n@aliases /greek/%ce%b5%ce%bb%ce%bb%ce%b7%ce%bd%ce%b9%ce%ba%ce%ac-2/\n"))
            #expect(try text(blog.path("pages/child-page.html")).hasPrefix("@title Child Page\n@aliases /parent-page/child-page/\n"))

            let site = root + "/site"
            let summary = try await bake(blog, into: site)
            #expect((summary.posts, summary.pages) == (4, 3))
            for (path, title, words) in [
                ("2014/08/04/headings.html", "Headings without a type", "Text under the heading."),
                ("2013/01/10/paths.html", "Paths", "Dated by its GMT date alone."),
                ("2013/01/11/only-a-pubdate.html", "Only a pubDate", "Dated by the feed's date."),
                ("2013/01/12/plain-permalink.html", "Plain permalink", "Its old URL has a query."),
                ("2.html", "Ελληνικά", "Καλημέρα κόσμε."),
                ("parent-page.html", "Parent Page", "A page with children."),
                ("child-page.html", "Child Page", "A page under another."),
            ] {
                let page = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: site + "/" + path)))), "\(path)")
                #expect(page.descendants.first { $0.name == "h1" }?.text.trimmingCharacters(in: .whitespacesAndNewlines) == title, "\(path)")
                #expect(page.descendants.contains { $0.name == "p" && $0.text == words }, "\(path)")
            }
            for (old, target) in [("greek/ελληνικά-2/index.html", "2.html"), ("parent-page/child-page/index.html", "child-page.html"),
                                  ("2013/01/paths/index.html", "2013/01/10/paths.html")] {
                #expect(try text(site + "/" + old).contains(#"<link rel="canonical" href="https://example.com/\#(target)">"#), "\(old)")
            }
        }
    }

    /// What WordPress's importer does with an item that leaves out a field.
    @Test func aMissingTypeIsAPostAndAMissingStatusADraft() throws {
        try withTemporaryFolder { root in
            try write("""
                <rss xmlns:wp="http://wordpress.org/export/1.0/"><channel>
                <wp:wxr_version>1.0</wp:wxr_version>
                <item><title>Typeless</title><wp:post_date>2008-02-02 10:00:00</wp:post_date><wp:status>publish</wp:status>
                <category domain="tag" nicename="old-tag"><![CDATA[Old tag]]></category><category domain="category" nicename="news"><![CDATA[News]]></category></item>
                <item><title>Statusless</title><wp:post_date>2008-02-03 10:00:00</wp:post_date><wp:post_type>post</wp:post_type></item>
                <item><title>Statusless page</title><wp:post_type>page</wp:post_type></item>
                </channel></rss>
                """, to: "export.xml", in: root)
            let source = try WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            #expect(source.items.map(\.destination) == [.post, .draft])
            // WXR 1.0's tags, after the categories.
            #expect(source.items.first?.fields.first { $0.key == "categoryArray" }?.value == "News, Old tag")
            #expect(source.items.map(\.slug) == ["typeless", "statusless"])
            #expect(source.skipped.map(\.description) == ["\(root)/export.xml:6: page “Statusless page” not imported: its status is `draft`"])
        }
    }

    /// An item without a `<link>` keeps the path of its `<guid>` when that is a URL of the blog.
    @Test func withoutALinkTheGuidIsTheOldURL() throws {
        try withTemporaryFolder { root in
            try write("""
                <rss xmlns:wp="http://wordpress.org/export/1.2/"><channel>
                <wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>https://old.example.com</wp:base_blog_url>
                <item><title>A</title><guid isPermaLink="true">https://OLD.example.com/2020/a/</guid><wp:post_date>2020-02-02 10:00:00</wp:post_date>
                <wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                <item><title>B</title><guid>https://elsewhere.example.com/2020/b/</guid><wp:post_date>2020-02-02 10:00:00</wp:post_date>
                <wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                <item><title>C</title><link>https://old.example.com/2020/c/</link><guid>https://old.example.com/?p=3</guid>
                <wp:post_date>2020-02-02 10:00:00</wp:post_date><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                </channel></rss>
                """, to: "export.xml", in: root)
            let source = try WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            #expect(source.items.map(\.oldURLs) == [["/2020/a/"], [], ["/2020/c/"]])
            #expect(source.untranslated.isEmpty)
        }
    }

    /// Old URLs as a server finds them, so that every one bake writes is one it builds.
    @Test(arguments: [
        ("https://old.example.com//greek/%ce%b5-2/", "/greek/%ce%b5-2/"),
        ("https://old.example.com/a//b///c.html", "/a/b/c.html"),
        ("https://old.example.com/a/./b/../c/", "/a/c/"),
        ("https://old.example.com/100%-sure/", "/100%25-sure/"),
        ("https://old.example.com/blog/2020/x/", "/2020/x/"),
    ])
    func oldURLsAreNormalisedAsAServerReadsThem(link: String, alias: String) throws {
        try withTemporaryFolder { root in
            try write("""
                <rss xmlns:wp="https://wordpress.org/export/1.2/"><channel>
                <wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>https://old.example.com/blog</wp:base_blog_url>
                <item><title>X</title><link>\(link)</link><wp:post_date>2020-02-02 10:00:00</wp:post_date>
                <wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                </channel></rss>
                """, to: "export.xml", in: root)
            let source = try WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            #expect(source.items.first?.oldURLs == [alias])
        }
    }

    /// Block-editor bodies are HTML already; "Plain" permalinks are queries no static site serves.
    @Test func blocksStayAsTheyAreAndQueryURLsAreReported() throws {
        try withTemporaryFolder { root in
            try write("""
                <rss xmlns:wp="http://wordpress.org/export/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
                <wp:wxr_version>1.1</wp:wxr_version>
                <item><title>Blocks</title><link>http://old.example.com/?p=5</link>
                <content:encoded><![CDATA[<!-- wp:paragraph -->
                <p>One</p>
                <!-- /wp:paragraph -->

                <!-- wp:latest-posts /-->]]></content:encoded>
                <wp:post_date>2020-02-02 10:00:00</wp:post_date><wp:post_date_gmt>2020-02-02 10:00:00</wp:post_date_gmt>
                <wp:post_name>blocks</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                </channel></rss>
                """, to: "export.xml", in: root)
            let source = try WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            let item = try #require(source.items.first)
            #expect(item.body == "<!-- wp:paragraph -->\n<p>One</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:latest-posts /-->")
            #expect(item.oldURLs.isEmpty)
            #expect(source.untranslated.map(\.description) == [
                "\(root)/export.xml:3: old URL /?p=5 of “Blocks” has a query, which a static site cannot serve; not kept as an alias",
                "\(root)/export.xml:8: dynamic block <!-- wp:latest-posts /--> in “Blocks”",
            ])
        }
    }

    /// WordPress keeps titles and categories with their character references; bake decodes
    /// headers when it reads a post, so each shows as the author wrote it, decoded once.
    @Test func oldURLsAreKeptAsABrowserRequestsThem() throws {
        try withTemporaryFolder { root in
            try write("""
                <rss xmlns:wp="http://wordpress.org/export/1.2/"><channel>
                <link>https://old.example.com/blog</link><wp:wxr_version>1.2</wp:wxr_version>
                <item><title>Raw</title><link>https://old.example.com/blog/2020/02/stra\u{DF}e/</link>
                <wp:post_date>2020-02-02 10:00:00</wp:post_date><wp:post_name>strasse</wp:post_name>
                <wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                <item><title>Escaped</title><link>https://old.example.com/blog/2020/02/%E6%9D%B1/</link>
                <wp:post_date>2020-02-03 10:00:00</wp:post_date><wp:post_name>tokyo</wp:post_name>
                <wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                </channel></rss>
                """, to: "export.xml", in: root)
            let source = try WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            #expect(source.items.map(\.oldURLs) == [["/2020/02/stra%C3%9Fe/"], ["/2020/02/%E6%9D%B1/"]])
        }
    }

    @Test func titlesAndCategoriesAreDecodedExactlyOnce() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            try write("""
                <rss xmlns:wp="http://wordpress.org/export/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
                <wp:wxr_version>1.1</wp:wxr_version>
                <item><title>Use &amp;amp;lt;b&amp;amp;gt; &amp;#8212; it&amp;#8217;s &amp;eacute;asy</title>
                <category domain="category"><![CDATA[Q&amp;A &amp;lt;tags&amp;gt;]]></category>
                <content:encoded><![CDATA[<p>Text.</p>]]></content:encoded>
                <wp:post_date>2020-02-02 10:00:00</wp:post_date><wp:post_date_gmt>2020-02-02 10:00:00</wp:post_date_gmt>
                <wp:post_name>tags</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                </channel></rss>
                """, to: "export.xml", in: root)
            let source = try WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            _ = try ImportPlan(source: source, blog: blog).write()
            let site = root + "/site"
            _ = try await bake(blog, into: site)
            let page = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: site + "/2020/02/02/tags.html")))))
            #expect(page.descendants.first { $0.name == "h1" }?.text.trimmingCharacters(in: .whitespacesAndNewlines) == "Use &lt;b&gt; — it’s éasy")
            #expect(page.descendants.first { $0.name == "a" && $0.attributes["rel"] == "tag" }?.text == "Q&A &lt;tags&gt;")
        }
    }

    @Test func aTruncatedExportNamesTheLineAndWritesNothing() throws {
        try withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let whole = try text(try fixturePath("wordpress-export.xml"))
            let cut = String(whole.prefix(upTo: whole.range(of: "<wp:post_name>")!.lowerBound))
            try write(cut, to: "export.xml", in: root)
            let error = try #require(throws: ImportError.self) {
                try WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            }
            let problem = try #require(error.problems.first)
            #expect(problem.path == root + "/export.xml")
            #expect(problem.line == cut.count(where: { $0 == "\n" }) + 1)
            #expect(problem.message.hasSuffix("; expected a complete WordPress export (WXR)"), "\(problem.message)")
            #expect(allFiles(in: blog.root) == ["site.settings"])
        }
    }

    @Test func aFeedThatIsNotAnExportIsRefused() throws {
        try withTemporaryFolder { root in
            try write("<rss version=\"2.0\"><channel><title>Feed</title></channel></rss>", to: "feed.xml", in: root)
            let error = try #require(throws: ImportError.self) {
                try WordPressExport(path: root + "/feed.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            }
            #expect(error.problems.first?.message == "the feed has no <wp:wxr_version>; expected a WordPress export (WXR), not a plain RSS feed")
        }
    }

    @Test func aDoctypeIsRefusedBeforeItIsRead() throws {
        try withTemporaryFolder { root in
            try write("<?xml version=\"1.0\"?>\n<!DOCTYPE rss [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<rss><channel>&x;</channel></rss>", to: "evil.xml", in: root)
            let error = try #require(throws: ImportError.self) {
                try WordPressExport(path: root + "/evil.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            }
            #expect(error.problems.first?.line == 2)
            #expect(error.problems.first?.message.contains("DOCTYPE") == true)
            #expect(error.problems.first?.message == "the export has a DOCTYPE, which bake never reads; expected a complete WordPress export (WXR), which has none")
        }
    }

    @Test func nestingPast256IsRefused() throws {
        try withTemporaryFolder { root in
            let depth = 257
            try write("<rss>" + String(repeating: "<x>", count: depth - 1) + String(repeating: "</x>", count: depth - 1) + "</rss>", to: "deep.xml", in: root)
            let error = try #require(throws: ImportError.self) {
                try WordPressExport(path: root + "/deep.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            }
            #expect(error.problems.first?.message == "elements nest more than 256 deep; expected a complete WordPress export (WXR)")
        }
    }

    /// Posts with inline images run past libxml2's usual 10 MB limit on a CDATA section.
    @Test func aBodyPast10MBIsRead() throws {
        try withTemporaryFolder { root in
            let body = "<!-- wp:paragraph -->" + String(repeating: "a", count: 10_000_001)
            try write("""
                <rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
                <wp:wxr_version>1.2</wp:wxr_version>
                <item><title>Long</title><content:encoded><![CDATA[\(body)]]></content:encoded>
                <wp:post_date>2020-02-02 10:00:00</wp:post_date><wp:post_name>long</wp:post_name>
                <wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                </channel></rss>
                """, to: "export.xml", in: root)
            let source = try WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            #expect(source.items.first?.body.utf8.count == body.utf8.count)
        }
    }

    /// Names in other namespaces keep the document's prefix, so `<atom:link>` is not `<link>`.
    @Test func anElementInAnotherNamespaceKeepsItsPrefix() throws {
        try withTemporaryFolder { root in
            try write("""
                <rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
                <wp:wxr_version>1.2</wp:wxr_version>
                <item><title>Linked</title><atom:link href="http://old.example.com/feed/"/>
                <link>http://old.example.com/2020/02/linked/</link>
                <category domain="category" nicename="a-b"><![CDATA[A & B]]></category>
                <wp:post_date>2020-02-02 10:00:00</wp:post_date><wp:post_name>linked</wp:post_name>
                <wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                </channel></rss>
                """, to: "export.xml", in: root)
            let source = try WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!).read()
            let item = try #require(source.items.first)
            #expect(item.oldURLs == ["/2020/02/linked/"])
            #expect(item.fields.first { $0.key == "categoryArray" }?.value == "A & B")
        }
    }
}
