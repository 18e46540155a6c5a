@testable import BakeImport
import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// The fixture Jekyll site imported into a new blog, then baked by the real pipeline.
@Suite struct JekyllSiteTests {
    @Test func importsPostsDraftsAndOldURLs() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let source = try JekyllSite(root: try fixturePath("jekyll-site"), timeZone: TimeZone(identifier: "Europe/Paris")!).read()
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect((report.posts, report.drafts, report.pages) == (3, 2, 0))

            #expect(try text(blog.path("posts/2009/03/31/hello-jekyll.markdown")) == """
                @title Hello, Jekyll: a first post
                @pubDate 2009-03-31 20:16:46 -0700
                @categoryArray Swift, Reading, feeds
                @aliases /swift/reading/2009/03/31/hello-jekyll/

                The first paragraph, in *Markdown*.

                The second paragraph, with {% include note.html %} in it.

                """)
            // No date in the front matter: the file name's day, at midnight in the blog's zone.
            #expect(try text(blog.path("posts/2010/01/02/an-html-post.html")) == """
                @title An HTML post
                @pubDate 2010-01-02 00:00:00 +0100
                @categoryArray Notes
                @aliases /notes/2010/01/02/an-html-post/

                <p>Written as HTML.</p>
                <p>And kept as HTML, An HTML post and all.</p>

                """)
            // Untitled: Jekyll showed the slug, capitalized; its own permalink is the old URL.
            let custom = try text(blog.path("posts/2011/05/06/custom-link.markdown"))
            #expect(custom.hasPrefix("@title Custom Link\n@pubDate 2011-05-06 00:00:00 +0200\n@aliases /custom/old-page.html\n\n"))
            // Never published: drafts, with no old URL to keep.
            let held = try text(blog.path("drafts/2012/07/08/not-yet.markdown"))
            #expect(held.hasPrefix("@title Not yet\n@pubDate 2012-07-08 09:00:00 +0200\n\n"))
            #expect(try text(blog.path("drafts/2013/02/03/a-draft.markdown")).hasPrefix("@title A draft\n@pubDate 2013-02-03 04:05:06 +0100\n@categoryArray ideas\n\n"))

            #expect(report.skipped.map(\.description) == ["_posts/README.txt: not imported: bake reads Markdown and HTML, not .txt"])
            #expect(report.untranslated.map(\.description) == [
                "_posts/2009-03-31-hello-jekyll.md:11: Liquid {% include note.html %}",
                "front matter: keys bake does not use, not carried over: `layout` (2)",
            ])

            // Baked, page by page.
            let site = root + "/site"
            let summary = try await bake(blog, into: site)
            #expect((summary.posts, summary.pages) == (3, 0))
            let hello = try text(site + "/2009/03/31/hello-jekyll.html")
            #expect(hello.contains("Hello, Jekyll: a first post"))
            // Filed under the day it was written (its old URL's day), shown in the blog's zone.
            #expect(hello.contains("<time class=\"dt-published\" datetime=\"2009-04-01T05:16:46+02:00\">April 1, 2009</time>"))
            #expect(hello.contains("<p>The first paragraph, in <em>Markdown</em>.</p>"))
            #expect(hello.contains("<p>The second paragraph, with {% include note.html %} in it.</p>"))
            #expect(hello.contains("Swift") && hello.contains("Reading") && hello.contains("feeds"))
            let html = try text(site + "/2010/01/02/an-html-post.html")
            #expect(html.contains("<p>Written as HTML.</p>"))
            #expect(html.contains("January 2, 2010"))
            #expect(html.contains("Notes"))
            #expect(FileManager.default.fileExists(atPath: site + "/2011/05/06/custom-link.html"))
            #expect(!FileManager.default.fileExists(atPath: site + "/2012/07/08"), "a draft was published")
        }
    }

    /// Jekyll keeps a comma of a file name in its URL; `@aliases` separates URLs with commas.
    @Test func anOldURLWithACommaStillLeadsToThePost() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            try write("---\ntitle: A and B\n---\nBoth.\n", to: "jekyll/_posts/2009-03-31-a,b.md", in: root)
            let source = try JekyllSite(root: root + "/jekyll", timeZone: TimeZone(identifier: "Europe/Paris")!).read()
            #expect(source.items.map(\.oldURLs) == [["/2009/03/31/a,b.html"]])
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect(report.posts == 1)
            let file = try #require(allFiles(in: blog.path("posts")).first)
            #expect(try text(blog.path("posts/" + file)).contains("\n@aliases /2009/03/31/a%2Cb.html\n"))

            let site = root + "/site"
            let summary = try await bake(blog, into: site)
            #expect(summary.posts == 1)
            let redirect = try text(site + "/2009/03/31/a,b.html")
            let permalink = BodyFormat.stem(of: file) + ".html"
            #expect(permalink == "2009/03/31/a-b.html")
            #expect(redirect.contains(#"<meta http-equiv="refresh" content="0; url=https://example.com/\#(permalink)">"#), "\(redirect)")
            #expect(FileManager.default.fileExists(atPath: site + "/" + permalink))
        }
    }

    @Test func theDefaultStyleIsDateWithCategories() {
        let date = CivilTime(year: 2009, month: 3, day: 31, hour: 20, minute: 16, second: 46, offset: -25200)
        let url = JekyllPermalink(setting: nil).url(date: date, title: "Old_Slug", slug: "old-slug", categories: ["Swift", "Open Source"])
        #expect(url == "/swift/open%20source/2009/03/31/Old_Slug.html")
        #expect(JekyllPermalink(setting: "none").url(date: date, title: "a", slug: "a", categories: []) == "/a.html")
        #expect(JekyllPermalink(setting: "ordinal").url(date: date, title: "a", slug: "a", categories: []) == "/2009/090/a.html")
        #expect(JekyllPermalink(setting: "weekdate").url(date: date, title: "a", slug: "a", categories: []) == "/2009/W14/Tue/a.html")
        #expect(JekyllPermalink(setting: "/blog/:year/:i_month/:slug").url(date: date, title: "Old_Slug", slug: "old-slug", categories: []) == "/blog/2009/3/old-slug")
    }

    @Test func badYAMLNamesTheFileAndLineAndWritesNothing() throws {
        try withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let site = try copyJekyllSite(to: root + "/jekyll")
            try write("---\ntitle: Fine\ncategories: [unclosed, list\n---\nBody\n", to: "_posts/2014-01-01-bad.md", in: site)
            try write("---\ntitle: Never closed\n\nBody\n", to: "_posts/2014-01-02-open.md", in: site)
            let error = try #require(throws: ImportError.self) {
                try JekyllSite(root: site, timeZone: TimeZone(identifier: "UTC")!).read()
            }
            #expect(error.problems.count == 2)
            #expect(error.problems[0].path == "_posts/2014-01-01-bad.md")
            #expect(error.problems[0].line == 4)
            #expect(error.problems[0].message.hasSuffix("expected YAML `key: value` lines"))
            #expect(error.problems[1].description == "_posts/2014-01-02-open.md:1: the front matter that starts here never ends; expected a closing `---` line after the YAML")
            #expect(allFiles(in: blog.root) == ["site.settings"])
        }
    }

    /// Jekyll dates a draft without a `date` by its file's modification time.
    @Test func anUndatedDraftTakesTheFilesTime() throws {
        try withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            try write("---\ntitle: Someday\n---\nBody\n", to: "jekyll/_drafts/someday.md", in: root)
            let modified = Date(timeIntervalSince1970: 1_433_671_200) // 2015-06-07 10:00:00 UTC
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: root + "/jekyll/_drafts/someday.md")
            let source = try JekyllSite(root: root + "/jekyll", timeZone: TimeZone(identifier: "Europe/Paris")!).read()
            let plan = try ImportPlan(source: source, blog: blog)
            #expect(plan.files.map(\.path) == ["drafts/2015/06/07/someday.markdown"])
            #expect(plan.files.first?.text == "@title Someday\n@pubDate 2015-06-07 12:00:00 +0200\n\nBody\n")
        }
    }

    @Test func aBadDateNamesItsLine() throws {
        try withTemporaryFolder { root in
            try write("---\ntitle: When?\ndate: last Tuesday\n---\nBody\n", to: "_posts/2014-01-01-when.md", in: root)
            let error = try #require(throws: ImportError.self) {
                try JekyllSite(root: root, timeZone: TimeZone(identifier: "UTC")!).read()
            }
            #expect(error.description == "_posts/2014-01-01-when.md:3: cannot read the date `last Tuesday`; expected e.g. `2009-03-31 10:00:00 -0700` or `2009-03-31`")
        }
    }

    // MARK: What _config.yml says of the site

    @Test func theFixturesConfigGivesTheNameAndURL() throws {
        let site = try JekyllSite(root: try fixturePath("jekyll-site"), timeZone: TimeZone(identifier: "Europe/Paris")!).read().site
        #expect(site.name == ImportedSite.Value("Old Jekyll Blog", origin: "_config.yml title"))
        #expect(site.url == ImportedSite.Value("https://old.example.com", origin: "_config.yml url"))
        #expect([site.description, site.author, site.language, site.timeZone] == [nil, nil, nil, nil])
    }

    @Test func settingsAreOneLineAndKeepWhatTheYAMLSays() throws {
        let config = try #require(try FrontMatter.parse(yamlFile: """
            title: "Tom &amp; Jerry's"
            url: https://example.com/
            baseurl: /blog
            description: |
              Two lines
              of description.
            author: Ada
            locale: en_GB
            timezone: Not/AZone

            """, path: "_config.yml") as FrontMatter?)
        let site = JekyllSite.site(config: config, file: "_config.yml")
        // A reference written in YAML is text: escaped, so that the setting reads as it was written.
        #expect(site.name?.text == "Tom &amp;amp; Jerry's")
        #expect(site.url == ImportedSite.Value("https://example.com/blog", origin: "_config.yml url and baseurl"))
        #expect(site.description?.text == "Two lines of description.")
        #expect(site.author == ImportedSite.Value("Ada", origin: "_config.yml author"))
        #expect(site.language == ImportedSite.Value("en-GB", origin: "_config.yml locale"))
        #expect(site.timeZone == nil, "not a time zone")
    }
}
