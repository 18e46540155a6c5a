@testable import BakeImport
import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// The `jekyll-liquid` fixture: a blog under a base path whose posts use each Liquid tag with one
/// meaning, pages outside `_posts`, and the files the posts show.
@Suite struct JekyllSiteLiquidTests {
    @Test func runsTheLiquidWithOneMeaningAndKeepsTheRest() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let jekyll = try copySite("jekyll-liquid", to: root + "/jekyll")
            let source = try JekyllSite(root: jekyll, timeZone: TimeZone(identifier: "Europe/Paris")!).read()
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect((report.posts, report.drafts, report.pages, report.files) == (3, 0, 2, 2))

            #expect(try text(blog.path("posts/2011/03/31/every-tag.markdown")) == """
                @title Every tag & more
                @pubDate 2011-03-31 20:16:46 -0700
                @categoryArray code
                @aliases /2011/03/31/every-tag/

                # Every tag & more

                Posted Mar 31, 2011 (31 Mar 2011, 31 March 2011) on LIQUID NOTES by ada, feeling sunny.


                Escaped: Every tag &amp; more and a &lt; b &amp; 'c'.

                ```ruby
                def hello
                  puts "Hello, #{name}"
                end
                ```

                ```swift
                let answer = 42
                ```

                Liquid shows {{ page.title }} like this.

                See [the first steps](/2010/10/18/first-steps.html), [again](/2010/10/18/first-steps.html) and [about me](/about.html).

                ![A diagram](/images/diagram.svg)

                <a href="/assets/notes.pdf">The notes</a>, also at https://old.example.com/notes/assets/notes.pdf.

                """)
            // Pages keep their old URLs; a page of posts, the home page and a feed are Jekyll's to make.
            #expect(try text(blog.path("pages/about.markdown")) == """
                @title About
                @aliases /about/

                This is Liquid Notes, written by Ada.

                """)
            #expect(try text(blog.path("pages/docs-setup.markdown")).hasPrefix("@title Setting up\n@aliases /docs/setup/\n\nInstall it, then read [about](/about/).\n"))
            // The files the posts show, and no other.
            #expect(try text(blog.path("static/images/diagram.svg")).hasPrefix("<svg"))
            #expect(try text(blog.path("static/assets/notes.pdf")).hasPrefix("%PDF"))
            #expect(!FileManager.default.fileExists(atPath: blog.path("static/images/unused.txt")))

            #expect(report.skipped.map(\.description) == [
                "feed.xml: not imported: bake reads Markdown and HTML pages, not .xml",
                "index.html: not imported: Jekyll filled this page with posts (`paginator`); bake makes its own home, archive and category pages",
            ])
            let file = "_posts/2012-05-06-left-as-text.md"
            #expect(report.untranslated.map(\.description) == [
                #"\#(file):8: Liquid {% include figure.html src="cat.jpg" caption="A cat" %}"#,
                "\(file):10: Liquid {% for tag in page.tags %}",
                "\(file):11: Liquid {{ tag }}",
                "\(file):12: Liquid {% endfor %}",
                "\(file):14: Liquid {% if page.tags %}",
                "\(file):14: Liquid {% endif %}",
                "\(file):14: Liquid {{ page.author }}",
                #"\#(file):14: Liquid {{ site.time | date: "%Y" }}"#,
                "\(file):14: Liquid {{ page.title | markdownify }}",
                "front matter: keys bake does not use, not carried over: `layout` (3), `mood` (1)",
            ])

            // A second run finds everything imported, the files too.
            let again = try ImportPlan(source: source, blog: blog)
            #expect(again.files.isEmpty && again.copies.isEmpty)
            #expect(again.alreadyImported.count == 7)
        }
    }

    @Test func aFileAlreadyThereWithOtherBytesIsLeftAndReported() throws {
        try withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            try write("mine\n", to: "static/images/diagram.svg", in: blog.root)
            let source = try JekyllSite(root: try fixturePath("jekyll-liquid"), timeZone: TimeZone(identifier: "UTC")!).read()
            let plan = try ImportPlan(source: source, blog: blog)
            #expect(plan.copies.map(\.path) == ["static/assets/notes.pdf"])
            #expect(plan.skipped.map(\.description).contains("images/diagram.svg: not copied: static/images/diagram.svg is already there with other bytes; it was left as it is"))
        }
    }

    @Test func onlyPathsOfTheSiteAreFilesToCopy() {
        let text = #"![a](/images/a.png) <img src="/notes/b%20c.png"> https://old.example.com/notes/d.pdf. (//cdn.example/x.js) /_site/e.png /../f /g%0A.png /h/ https://other.example/i.png"#
        #expect(JekyllSite.sitePaths(in: text, baseurl: "/notes", siteURL: "https://old.example.com") == ["images/a.png", "b c.png", "d.pdf"])
    }

    /// Pages that would take the place of bake's own leave a blog that builds.
    @Test func aPageNamedAsOneOfBakesOwnIsSkipped() throws {
        try withTemporaryFolder { root in
            try write("---\ntitle: Old\n---\nOld things.\n", to: "jekyll/archive.md", in: root)
            try write("---\ntitle: Start\npermalink: /\n---\nHello.\n", to: "jekyll/start.md", in: root)
            try write("---\ntitle: Kept\n---\nKept.\n", to: "jekyll/kept.md", in: root)
            try write("---\ntitle: Post\n---\nPost.\n", to: "jekyll/_posts/2020-01-01-post.md", in: root)
            let source = try JekyllSite(root: root + "/jekyll", timeZone: TimeZone(identifier: "UTC")!).read()
            #expect(source.items.map(\.source) == ["_posts/2020-01-01-post.md", "kept.md"])
            #expect(source.skipped.map(\.description) == [
                "archive.md: not imported: bake makes its own archive.html; give the page another name to keep it",
                "start.md: not imported: bake makes its own index.html; give the page another name to keep it",
            ])
        }
    }

    @Test func aPagesURLFollowsThePermalinkStyle() {
        #expect(JekyllSite.pageURL(path: "about", isIndex: false, own: nil, style: nil) == "/about.html")
        #expect(JekyllSite.pageURL(path: "docs/setup", isIndex: false, own: nil, style: "pretty") == "/docs/setup/")
        #expect(JekyllSite.pageURL(path: "docs/index", isIndex: true, own: nil, style: nil) == "/docs/")
        #expect(JekyllSite.pageURL(path: "about", isIndex: false, own: nil, style: "/:year/:title:output_ext") == "/about.html")
        #expect(JekyllSite.pageURL(path: "about", isIndex: false, own: "/me/", style: nil) == "/me/")
    }
}
