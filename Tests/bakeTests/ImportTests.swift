import BakeIO
import BakeTestSupport
import Foundation
import Testing

/// `bake import`, run as a user runs it, on the fixtures of BakeImportTests.
@Suite struct ImportTests {
    let fixtures = repositoryRoot + "/Tests/BakeImportTests/Fixtures"

    @Test func importsAJekyllSiteThenBakesIt() async throws {
        try await withTemporaryFolder { root in
            let initialized = try await runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--time-zone", "Europe/Paris", "--author", "Ada"], in: root)
            #expect(initialized.status == 0, "\(initialized.stderr)")
            let imported = try await runBake(["import", "jekyll", fixtures + "/jekyll-site", "--into", "blog"], in: root)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stderr == "")
            #expect(imported.stdout == """
                Imported 3 posts, 2 drafts and 0 pages; 0 already imported; 1 skipped; 2 left as text
                Skipped:
                  _posts/README.txt: not imported: bake reads Markdown and HTML, not .txt
                Left as text, for you to translate:
                  _posts/2009-03-31-hello-jekyll.md:11: Liquid {% include note.html %}
                  front matter: keys bake does not use, not carried over: `layout` (2)
                Checked: the blog bakes without a problem (6 posts and 0 pages, drafts and scheduled posts included).

                """)
            let again = try await runBake(["import", "jekyll", fixtures + "/jekyll-site", "--into", "blog"], in: root)
            #expect(again.stdout.hasPrefix("Imported 0 posts, 0 drafts and 0 pages; 5 already imported;"), "\(again.stdout)")

            let baked = try await runBake(["build", "blog", "--future"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            #expect(FileManager.default.fileExists(atPath: root + "/blog/site/2009/03/31/hello-jekyll.html"))
            // The import's check baked its drafts elsewhere; the blog's own build does not publish them.
            #expect(FileManager.default.fileExists(atPath: root + "/blog/drafts/2012/07/08/not-yet.markdown"))
            #expect(!FileManager.default.fileExists(atPath: root + "/blog/site/2012/07/08/not-yet.html"))
        }
    }

    /// A blog whose posts use Liquid: every page bake makes of a post, page or list shows the
    /// Liquid run, read with libxml2, but for the post that needs a running Jekyll.
    @Test func importsAJekyllSitesLiquidPagesAndFilesThenBakesThem() async throws {
        try await withTemporaryFolder { root in
            _ = try await runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--time-zone", "Europe/Paris", "--author", "Ada"], in: root)
            let imported = try await runBake(["import", "jekyll", fixtures + "/jekyll-liquid", "--into", "blog"], in: root)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.hasPrefix("Imported 3 posts, 0 drafts and 2 pages, and brought along 2 files; 0 already imported; 2 skipped; 10 left as text\n"), "\(imported.stdout)")
            let baked = try await runBake(["build", "blog", "--future"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            let checked = try await runBake(["check", "blog"], in: root)
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
            let site = root + "/blog/site"

            var articles = 0
            for page in allFiles(in: site) where page.hasSuffix(".html") {
                let document = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: site + "/" + page)))), "\(page)")
                for article in [document] + document.descendants where article.name == "article" {
                    // The one post whose Liquid needs Jekyll, and the text `{% raw %}` kept.
                    let text = article.text.replacingOccurrences(of: "Liquid shows {{ page.title }} like this.", with: "")
                    guard !text.contains("What needs a running Jekyll") else { continue }
                    #expect(!text.contains("{{") && !text.contains("{%"), "\(page): \(text)")
                    articles += 1
                }
            }
            #expect(articles >= 5)

            let post = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: site + "/2011/03/31/every-tag.html")))))
            let elements = post.descendants
            #expect(elements.first { $0.name == "h1" && $0.text == "Every tag & more" } != nil)
            let code = elements.filter { $0.name == "code" && $0.classes.contains { $0.hasPrefix("language-") } }
            #expect(code.map { $0.classes.first { $0.hasPrefix("language-") }.map(String.init) } == ["language-ruby", "language-swift"])
            #expect(code.first?.text.contains("puts \"Hello, #{name}\"") == true)
            let links = elements.filter { $0.name == "a" }.compactMap { $0.attributes["href"] }
            #expect(links.contains("/2010/10/18/first-steps.html") && links.contains("/about.html") && links.contains("/assets/notes.pdf"), "\(links)")
            #expect(elements.contains { $0.name == "img" && $0.attributes["src"] == "/images/diagram.svg" })
            for file in ["images/diagram.svg", "assets/notes.pdf", "about.html", "docs-setup.html", "2010/10/18/first-steps.html"] {
                #expect(FileManager.default.fileExists(atPath: site + "/" + file), "\(file)")
            }
            // Old URLs of posts and pages lead to the new ones.
            for (old, new) in [("2011/03/31/every-tag/index.html", "2011/03/31/every-tag.html"), ("about/index.html", "about.html"), ("docs/setup/index.html", "docs-setup.html")] {
                #expect(try String(contentsOfFile: site + "/" + old, encoding: .utf8).contains(#"url=https://example.com/\#(new)""#), "\(old)")
            }
        }
    }

    @Test func aTruncatedExportIsOneClearErrorAndNothingIsWritten() async throws {
        try await withTemporaryFolder { root in
            _ = try await runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--author", "Ada"], in: root)
            let before = allFiles(in: root + "/blog")
            let whole = try String(contentsOfFile: fixtures + "/wordpress-export.xml", encoding: .utf8)
            try write(String(whole.prefix(2000)), to: "export.xml", in: root)
            let result = try await runBake(["import", "wordpress", "export.xml", "--into", "blog"], in: root)
            #expect(result.status != 0)
            #expect(result.stdout == "")
            #expect(result.stderr.wholeMatch(of: /export\.xml:\d+: .+; expected a complete WordPress export \(WXR\)\nbake: 1 problem; nothing was imported\.\n/) != nil, "\(result.stderr)")
            #expect(allFiles(in: root + "/blog") == before)
        }
    }

    /// Items shaped as in WordPress's Theme Unit Test data (a percent-encoded UTF-8 slug and
    /// `//` in an old URL, a page with a parent, an item without a type or a date): the
    /// imported blog is one `bake build` bakes.
    @Test func anExportOfTheShapesWordPressTestsWithImportsAndBakes() async throws {
        try await withTemporaryFolder { root in
            _ = try await runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--author", "Ada"], in: root)
            let imported = try await runBake(["import", "wordpress", fixtures + "/wordpress-theme-unit-shapes.xml", "--into", "blog"], in: root)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.hasPrefix("Imported 4 posts, 0 drafts and 3 pages; 0 already imported; 2 skipped; 1 left as text\n"), "\(imported.stdout)")
            #expect(imported.stdout.contains(":104: post “No date at all” not imported: none of its dates can be read"), "\(imported.stdout)")
            let baked = try await runBake(["build", "blog"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            let page = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: root + "/blog/site/2.html")))))
            #expect(page.descendants.first { $0.name == "h1" }?.text.trimmingCharacters(in: .whitespacesAndNewlines) == "Ελληνικά")
            #expect(FileManager.default.fileExists(atPath: root + "/blog/site/greek/ελληνικά-2/index.html"))
            let checked = try await runBake(["check", "blog"], in: root)
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }

    /// A Substack-shaped RSS feed: every dated entry a post whose page shows its title and
    /// first words, the undated one reported with its line, the old URLs answered.
    @Test func importsAFeedThenBakesIt() async throws {
        try await withTemporaryFolder { root in
            _ = try await runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--time-zone", "Europe/Paris", "--author", "Ada"], in: root)
            let imported = try await runBake(["import", "feed", fixtures + "/feeds/substack-rss.xml", "--into", "blog"], in: root)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.hasPrefix("Imported 3 posts, 0 drafts and 0 pages; 0 already imported; 1 skipped; 0 left as text\n"), "\(imported.stdout)")
            #expect(imported.stdout.contains("substack-rss.xml:38: entry “No date” not imported"), "\(imported.stdout)")
            #expect(imported.stdout.contains("Checked: the blog bakes without a problem (4 posts"), "\(imported.stdout)")
            let baked = try await runBake(["build", "blog"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            let checked = try await runBake(["check", "blog"], in: root)
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
            let site = root + "/blog/site"
            for (path, title, words) in [
                ("2009/03/31/low-tide-high-hopes.html", "Low tide & high hopes", "The water left the bay at noon."),
                ("2009/04/01/1234567.html", nil, "Only a description, and a status without a title."),
            ] {
                let page = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: site + "/" + path)))), "\(path)")
                if let title { #expect(page.descendants.first { $0.name == "h1" }?.text.trimmingCharacters(in: .whitespacesAndNewlines) == title, "\(path)") }
                #expect(page.descendants.contains { $0.name == "p" && $0.text == words }, "\(path)")
            }
            #expect(FileManager.default.fileExists(atPath: site + "/p/low-tide/index.html"))
            #expect(FileManager.default.fileExists(atPath: site + "/notes/1234567/index.html"))
        }
    }

    /// A Ghost export: a post, a draft and a page with their HTML, their `/slug/` URLs answered.
    @Test func importsAGhostExportThenBakesIt() async throws {
        try await withTemporaryFolder { root in
            _ = try await runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--time-zone", "Europe/Paris", "--author", "Ada"], in: root)
            let imported = try await runBake(["import", "ghost", fixtures + "/ghost-export.json", "--into", "blog"], in: root)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.hasPrefix("Imported 1 post, 1 draft and 1 page; 0 already imported; 3 skipped; 0 left as text\n"), "\(imported.stdout)")
            #expect(imported.stdout.contains("ghost-export.json: posts[3]: post “Only lexical” not imported"), "\(imported.stdout)")
            #expect(imported.stdout.contains("Checked: the blog bakes without a problem"), "\(imported.stdout)")
            let baked = try await runBake(["build", "blog"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            let checked = try await runBake(["check", "blog"], in: root)
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
            let site = root + "/blog/site"
            for (path, title, words) in [
                ("2021/05/06/welcome.html", "Welcome to the garden", "The first seeds went in today."),
                ("about.html", "About", "A small garden on a balcony."),
            ] {
                let page = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: site + "/" + path)))), "\(path)")
                #expect(page.descendants.first { $0.name == "h1" }?.text.trimmingCharacters(in: .whitespacesAndNewlines) == title, "\(path)")
                #expect(page.descendants.contains { $0.name == "p" && $0.text == words }, "\(path)")
            }
            #expect(FileManager.default.fileExists(atPath: site + "/welcome/index.html"))
            #expect(FileManager.default.fileExists(atPath: site + "/about/index.html"))
        }
    }

    /// A Blogger export: posts, a draft and a page, their old `.html` URLs answered.
    @Test func importsABloggerExportThenBakesIt() async throws {
        try await withTemporaryFolder { root in
            _ = try await runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--time-zone", "Europe/Paris", "--author", "Ada"], in: root)
            let imported = try await runBake(["import", "blogger", fixtures + "/blogger-export.xml", "--into", "blog"], in: root)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.hasPrefix("Imported 1 post, 1 draft and 1 page; 0 already imported; 3 skipped; 0 left as text\n"), "\(imported.stdout)")
            #expect(imported.stdout.contains("Checked: the blog bakes without a problem"), "\(imported.stdout)")
            let baked = try await runBake(["build", "blog"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            let checked = try await runBake(["check", "blog"], in: root)
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
            let site = root + "/blog/site"
            for (path, title, words) in [
                ("2011/03/31/sourdough-at-last.html", "Sourdough at last", "The starter finally rose."),
                ("about-the-kitchen.html", "About the kitchen", "A small kitchen with a big table."),
            ] {
                let page = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: site + "/" + path)))), "\(path)")
                #expect(page.descendants.first { $0.name == "h1" }?.text.trimmingCharacters(in: .whitespacesAndNewlines) == title, "\(path)")
                #expect(page.descendants.contains { $0.name == "p" && $0.text == words }, "\(path)")
            }
            #expect(FileManager.default.fileExists(atPath: site + "/2011/03/sourdough-at-last.html"))
            #expect(FileManager.default.fileExists(atPath: site + "/p/about.html"))
            #expect(!FileManager.default.fileExists(atPath: site + "/2011/06/01/jam-unfinished.html"))
        }
    }

    /// The import ends by baking the blog; one that `bake build` would refuse is the import's
    /// failure, each problem with its file and line, and the imported posts stay written.
    @Test func aBlogThatWouldNotBuildAfterTheImportIsReported() async throws {
        try await withTemporaryFolder { root in
            _ = try await runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--author", "Ada"], in: root)
            // A page of the blog's own already answers the old URL of the export's post.
            try write("@title Hello again\n@aliases /2009/03/31/hello-world/\n\nMine.\n", to: "blog/pages/hello.markdown", in: root)
            let imported = try await runBake(["import", "wordpress", fixtures + "/wordpress-export.xml", "--into", "blog"], in: root)
            #expect(imported.status != 0)
            #expect(imported.stdout.hasPrefix("Imported 1 post, 1 draft and 1 page;"), "\(imported.stdout)")
            #expect(!imported.stdout.contains("Checked"), "\(imported.stdout)")
            #expect(imported.stderr.contains(#"@aliases `/2009/03/31/hello-world/` would write 2009/03/31/hello-world/index.html, as an alias of "#), "\(imported.stderr)")
            #expect(imported.stderr.wholeMatch(of: /blog\/(pages|posts)\/[^\n]+:2: [^\n]+\nbake: 1 problem; the import is written, but bake build refuses the blog until it is fixed\.\n/) != nil, "\(imported.stderr)")
            #expect(FileManager.default.fileExists(atPath: root + "/blog/posts/2009/03/31/hello-world.html"))
            // The check baked elsewhere: the blog's own site folder is not made.
            #expect(!FileManager.default.fileExists(atPath: root + "/blog/site"))
            let baked = try await runBake(["build", "blog"], in: root)
            #expect(baked.status != 0)
        }
    }

    /// `--uploads`: the photo a post shows comes along into `static/media/`, under the path of
    /// the blog the import starts (the old blog's, `/blog`), and the baked page shows it.
    @Test func theUploadsAPostShowsComeAlong() async throws {
        try await withTemporaryFolder { root in
            let photo = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/posts-sample/static/media/heron-at-dawn.jpg"))
            try write(Array(photo), to: "uploads/2019/05/heron.jpg", in: root)
            try write("""
                <rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
                <title>Herons</title><link>https://old.example.com/blog</link><wp:wxr_version>1.2</wp:wxr_version>
                <wp:base_blog_url>https://old.example.com/blog</wp:base_blog_url>
                <item><title>A heron</title><link>https://old.example.com/blog/2019/05/a-heron/</link>
                <content:encoded><![CDATA[<img src="https://old.example.com/blog/wp-content/uploads/2019/05/heron.jpg" alt="A heron at dawn">

                Seen at dawn.]]></content:encoded>
                <wp:post_date>2019-05-06 07:00:00</wp:post_date><wp:post_date_gmt>2019-05-06 07:00:00</wp:post_date_gmt>
                <wp:post_name>a-heron</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                </channel></rss>
                """, to: "export.xml", in: root)
            let imported = try await runBake(["import", "wordpress", "export.xml", "--uploads", "uploads", "--into", "blog"], in: root)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains("Imported 1 post, 0 drafts and 0 pages, and brought along 1 file; 0 already imported; 0 skipped; 0 left as text\n"), "\(imported.stdout)")
            #expect(imported.stdout.hasSuffix("Checked: the blog bakes without a problem (1 post and 0 pages, drafts and scheduled posts included).\n"), "\(imported.stdout)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/blog/static/media/2019/05/heron.jpg")) == photo)
            let baked = try await runBake(["build", "blog"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            let page = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: root + "/blog/site/2019/05/06/a-heron.html")))))
            let image = try #require(page.descendants.first { $0.name == "img" && $0.attributes["alt"] == "A heron at dawn" })
            #expect(image.attributes["src"]?.hasPrefix("/blog/media/2019/05/heron") == true, "\(image.attributes)")
            #expect(image.attributes["srcset"] != nil, "\(image.attributes)")
            #expect(FileManager.default.fileExists(atPath: root + "/blog/site/media/2019/05/heron.jpg"))
            // Every link of the site leads somewhere, the picture's sizes included.
            let checked = try await runBake(["check", "blog"], in: root)
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }

    // MARK: An import that starts the blog

    @Test func importingIntoAMissingFolderStartsTheBlogWithTheJekyllSitesSettings() async throws {
        try await withTemporaryFolder { root in
            // The fixture, with a _config.yml that says more of the site, as fuller ones do.
            try FileManager.default.copyItem(atPath: fixtures + "/jekyll-site", toPath: root + "/old")
            let config = try String(contentsOfFile: root + "/old/_config.yml", encoding: .utf8)
            try write(config.replacingOccurrences(of: "baseurl: \"\"", with: "baseurl: \"/blog/\"") + """
                description: >
                  Notes on baking,
                  and on bread & butter.
                author:
                  name: Ada Lovelace
                  email: ada@example.com
                lang: fr
                timezone: Europe/Paris

                """, to: "_config.yml", in: root + "/old")
            let result = try await runBake(["import", "jekyll", "old", "--into", "new-blog"], in: root)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("""
                Started a blog in new-blog, with these settings:
                  @site_name Old Jekyll Blog  (from _config.yml title)
                  @site_url https://old.example.com/blog  (from _config.yml url and baseurl)
                  @site_description Notes on baking, and on bread & butter.  (from _config.yml description)
                  @author Ada Lovelace  (from _config.yml author.name)
                  @time_zone Europe/Paris  (from _config.yml timezone)
                  @language fr  (from _config.yml lang)
                Imported 3 posts, 2 drafts and 0 pages; 0 already imported;
                """), "\(result.stdout)")
            #expect(try String(contentsOfFile: root + "/new-blog/site.settings", encoding: .utf8) == """
                @site_name Old Jekyll Blog
                @site_url https://old.example.com/blog
                @site_description Notes on baking, and on bread & butter.
                @author Ada Lovelace
                @time_zone Europe/Paris
                @language fr
                @home_post_count 8
                @feed_post_count 20

                """)
            #expect(FileManager.default.fileExists(atPath: root + "/new-blog/.gitignore"))
            #expect(FileIO.isFolder(root + "/new-blog/pages"))
            // No first post of bake init's among the old ones.
            #expect(!allFiles(in: root + "/new-blog/posts").contains { $0.hasSuffix("hello-world.markdown") })

            let baked = try await runBake(["build", "new-blog", "--future"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            #expect(try String(contentsOfFile: root + "/new-blog/site/2009/03/31/hello-jekyll.html", encoding: .utf8).contains("Old Jekyll Blog"))

            // Run again, it imports into the blog it started, as into any other.
            let again = try await runBake(["import", "jekyll", "old", "--into", "new-blog"], in: root)
            #expect(again.stdout.hasPrefix("Imported 0 posts, 0 drafts and 0 pages; 5 already imported;"), "\(again.stdout)")
        }
    }

    @Test func importingAnExportIntoAnEmptyFolderStartsTheBlogWithTheChannelsSettings() async throws {
        try await withTemporaryFolder { root in
            try FileManager.default.createDirectory(atPath: root + "/blog", withIntermediateDirectories: true)
            let export = try String(contentsOfFile: fixtures + "/wordpress-export.xml", encoding: .utf8)
            // An author as WordPress exports one; its display name is HTML, as WordPress keeps it.
            let author = "<wp:author><wp:author_login>ada</wp:author_login><wp:author_display_name><![CDATA[Ada &amp; Co]]></wp:author_display_name></wp:author>"
            try write(export.replacingOccurrences(of: "\t<wp:category>", with: "\t\(author)\n\t<wp:category>", options: [], range: export.range(of: "\t<wp:category>")), to: "export.xml", in: root)
            let result = try await runBake(["import", "wordpress", "export.xml", "--into", "blog"], in: root)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("""
                Started a blog in blog, with these settings:
                  @site_name Old WordPress Blog  (from the export's <title>)
                  @site_url http://old.example.com  (from the export's <wp:base_blog_url>)
                  @site_description Just another WordPress site  (from the export's <description>)
                  @author Ada &amp; Co  (from the export's <wp:author_display_name>)
                  @time_zone \(TimeZone.current.identifier)  (this machine's)
                  @language en-US  (from the export's <language>)
                Imported
                """), "\(result.stdout)")
            let baked = try await runBake(["build", "blog", "--future"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            #expect(try String(contentsOfFile: root + "/blog/site/index.html", encoding: .utf8).contains("Ada &amp; Co"))
        }
    }

    @Test func anOldSettingBakeCannotUseGivesWayToTheDefaultAndSaysWhy() async throws {
        try await withTemporaryFolder { root in
            try FileManager.default.copyItem(atPath: fixtures + "/jekyll-site", toPath: root + "/old")
            let config = try String(contentsOfFile: root + "/old/_config.yml", encoding: .utf8)
            try write(config.replacingOccurrences(of: "url: \"https://old.example.com\"", with: "url: old.example.com"), to: "_config.yml", in: root + "/old")
            let result = try await runBake(["import", "jekyll", "old", "--into", "blog"], in: root)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("""
                  @site_url https://example.com  (bake init's default; set it before you publish, \
                as `old.example.com` from _config.yml url is not an absolute URL such as https://example.com)
                """), "\(result.stdout)")
            let baked = try await runBake(["build", "blog", "--future"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
        }
    }

    @Test func aFolderThatIsNeitherABlogNorEmptyIsRefusedAndLeftAsItWas() async throws {
        try await withTemporaryFolder { root in
            try write("notes\n", to: "folder/notes.txt", in: root)
            let result = try await runBake(["import", "jekyll", fixtures + "/jekyll-site", "--into", "folder"], in: root)
            #expect(result.status != 0)
            #expect(result.stderr.contains("folder: no site.settings here, and the folder is not empty; expected a blog folder, or a new or empty folder"), "\(result.stderr)")
            #expect(allFiles(in: root + "/folder") == ["notes.txt"])
        }
    }
}
