import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

@Suite struct SiteBuilderTests {
    // MARK: A good blog

    @Test func bakesEveryFile() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            let summary = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(summary.posts == 3)
            #expect(summary.pages == 1)
            #expect(summary.removed == [])
            #expect(summary.unchanged == 0)
            #expect(allFiles(in: root + "/site") == [
                ".bake-manifest", "2014/03/31/hello.html", "2014/03/31/second.html", "2014/03/index.html",
                "2014/04/02/april.html", "2014/04/index.html", "2014/index.html", "404.html", "about.html", "archive.html",
                "categories/cloud.html", "categories/index.html", "favicon.svg", "feed.json", "index.html", "media/note.txt", "page/2/index.html",
                "sitemap.xml", "style.css", "xml/rss.xml",
            ])
            #expect(summary.written == allFiles(in: root + "/site").filter { $0 != ".bake-manifest" })
            #expect(try read("media/note.txt", in: root + "/site") == "A static file.\n")
            // The home page has home_post_count posts, newest first.
            let home = try read("index.html", in: root + "/site")
            #expect(home.contains("An <a href=\"/about.html\">HTML</a> post."))
            #expect(home.contains("Another one, the same day."))
            #expect(!home.contains("The first post."))
            // Relative links become absolute in the feed.
            #expect(try read("xml/rss.xml", in: root + "/site").contains("href=&quot;https://good.example.com/about.html&quot;"))
        }
    }

    @Test func bakesIntoTheBlogsSiteFolderByDefault() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root)
            let options = BuildOptions(blog: BlogFolder(root: root + "/"), now: testNow)
            #expect(options.output == root + "/site")
            _ = try await SiteBuilder(options: options).build()
            #expect(FileIO.exists(root + "/site/index.html"))
            // The site folder is not read back as part of the blog.
            let again = try await SiteBuilder(options: options).build()
            #expect(again.written == [])
        }
    }

    @Test func rsdOnlyWithAnXMLRPCURL() async throws {
        try await withTemporaryFolder { root in
            var blog = goodBlog
            blog["site.settings"]! += "@xmlrpc_url http://127.0.0.1:9344/xmlrpc\n"
            try makeBlog(blog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(try read("rsd.xml", in: root + "/site").contains("apiLink=\"http://127.0.0.1:9344/xmlrpc\""))
            #expect(try read("index.html", in: root + "/site").contains("rel=\"EditURI\""))
        }
    }

    @Test func micropubAndIndieAuthLinksOnEveryPageOnlyWithTheShimsAddress() async throws {
        try await withTemporaryFolder { root in
            var blog = goodBlog
            try makeBlog(blog, in: root + "/plain")
            _ = try await bake(root + "/plain", into: root + "/plain-site").summary()
            #expect(try !read("index.html", in: root + "/plain-site").contains("rel=\"micropub\""))
            blog["site.settings"]! += "@xmlrpc_url http://127.0.0.1:9344/xmlrpc\n"
            try makeBlog(blog, in: root + "/shim")
            _ = try await bake(root + "/shim", into: root + "/shim-site").summary()
            let pages = allFiles(in: root + "/shim-site").filter { $0.hasSuffix(".html") }
            #expect(!pages.isEmpty)
            for page in pages {
                let html = try read(page, in: root + "/shim-site")
                #expect(html.contains("<link rel=\"micropub\" href=\"http://127.0.0.1:9344/micropub\">"), "\(page)")
                #expect(html.contains("<link rel=\"authorization_endpoint\" href=\"http://127.0.0.1:9344/auth\">"), "\(page)")
                #expect(html.contains("<link rel=\"token_endpoint\" href=\"http://127.0.0.1:9344/token\">"), "\(page)")
                #expect(html.contains("<link rel=\"indieauth-metadata\" href=\"http://127.0.0.1:9344/.well-known/oauth-authorization-server\">"), "\(page)")
            }
            blog["site.settings"]! += "@micropub_url https://shim.example.com/micropub\n"
            try makeBlog(blog, in: root + "/proxied")
            _ = try await bake(root + "/proxied", into: root + "/proxied-site").summary()
            #expect(try read("index.html", in: root + "/proxied-site").contains("<link rel=\"token_endpoint\" href=\"https://shim.example.com/token\">"))
        }
    }

    @Test func draftsOnlyWithDraftsAndFuturePostsOnlyWithFuture() async throws {
        try await withTemporaryFolder { root in
            var blog = goodBlog
            blog["drafts/idea.markdown"] = "@title An idea\n\nNot ready.\n"
            blog["posts/2033/06/01/later.markdown"] = "@title Later\n@pubDate 2033-06-01 09:00:00\n\nScheduled.\n"
            try makeBlog(blog, in: root + "/blog")

            let plain = try await bake(root + "/blog", into: root + "/plain").summary()
            #expect(plain.posts == 3)
            #expect(!allFiles(in: root + "/plain").contains { $0.contains("idea") || $0.contains("later") })

            let future = try await bake(root + "/blog", into: root + "/future", future: true).summary()
            #expect(future.posts == 4)
            #expect(allFiles(in: root + "/future").contains("2033/06/01/later.html"))

            // The draft is dated now: 2033-05-18 03:33 UTC, still May 17 in Los Angeles.
            let drafts = try await bake(root + "/blog", into: root + "/drafts", drafts: true).summary()
            #expect(drafts.posts == 4)
            #expect(allFiles(in: root + "/drafts").contains("2033/05/17/idea.html"))
        }
    }

    @Test func theThemeFolderOptionUsesThatTheme() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            try write("{{<layout}}{{$content}}CUSTOM HOME{{/content}}{{/layout}}", to: "theme/templates/home.mustache", in: root)
            // Copy the rest of the repository's theme next to it.
            let theme = repositoryRoot + "/site-template"
            for file in allFiles(in: theme) where file != "templates/home.mustache" {
                try write(Array(try Data(contentsOf: URL(fileURLWithPath: theme + "/" + file))), to: "theme/" + file, in: root)
            }
            _ = try await bake(root + "/blog", into: root + "/site", theme: root + "/theme").summary()
            #expect(try read("index.html", in: root + "/site").contains("CUSTOM HOME"))
        }
    }

    /// A theme written before categories and year pages, with no partials of the default
    /// theme's names or with a `layout` of its own that has no `content` block, still bakes:
    /// its category, categories and year pages come from the default theme, whole.
    @Test(arguments: [false, true])
    func aThemeWithoutListPagesGetsTheDefaultOnesWhole(ownLayout: Bool) async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try copySample(to: blog)
            for name in TemplateSet.requiredNames {
                try write("<title>{{page_title}}</title>OLD THEME \(name){{#posts}}|{{title}}{{/posts}}\n", to: "theme/templates/\(name).mustache", in: root)
            }
            if ownLayout {
                try write("<html>{{$main}}{{/main}}</html>\n", to: "theme/templates/layout.mustache", in: root)
                try write("ARTICLE OF THE OLD THEME\n", to: "theme/templates/article.mustache", in: root)
            }
            try write("body {}\n", to: "theme/static/style.css", in: root)
            _ = try await bake(blog, into: root + "/site", theme: root + "/theme").summary()
            #expect(try read("index.html", in: root + "/site").contains("OLD THEME home"))
            let category = try read("categories/writing/index.html", in: root + "/site")
            #expect(category.contains("<h1 class=\"page-title p-name\">Writing</h1>") && category.contains("<article"), "the category lists its posts")
            #expect(!category.contains("ARTICLE OF THE OLD THEME"))
            #expect(try read("categories/index.html", in: root + "/site").contains("/categories/writing/"))
            #expect(try read("2020/index.html", in: root + "/site").contains("<h1 class=\"page-title\">2020</h1>"))
        }
    }

    /// The compiled-in theme is `site-template/`, so baking with either gives the same bytes.
    @Test func theCompiledInThemeIsSiteTemplate() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/built-in").summary()
            _ = try await bake(root + "/blog", into: root + "/folder", theme: repositoryRoot + "/site-template").summary()
            try expectSameSite(root + "/built-in", root + "/folder")
        }
    }

    @Test func blogTemplatesOverrideTheThemeByName() async throws {
        try await withTemporaryFolder { root in
            var blog = goodBlog
            blog["templates/not_found.mustache"] = "Lost? {{site.name}}\n"
            try makeBlog(blog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(try read("404.html", in: root + "/site") == "Lost? Good Blog\n")
        }
    }

    @Test func aStaticFileInPlaceOfARenderedOneIsAnError() async throws {
        try await withTemporaryFolder { root in
            var blog = goodBlog
            blog["static/index.html"] = "<p>mine</p>"
            blog["static/archive.html"] = "<p>mine too</p>"
            try makeBlog(blog, in: root + "/blog")
            // Every clash at once.
            #expect(await bake(root + "/blog", into: root + "/site").problems() == [
                "static/archive.html: would overwrite archive.html, which bake renders; expected another name",
                "static/index.html: would overwrite index.html, which bake renders; expected another name",
            ])
            #expect(!FileIO.exists(root + "/site"))
        }
    }

    @Test func refusesANonEmptyOutputFolderBakeDidNotMake() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            try write("do not touch", to: "site/notes.txt", in: root)
            #expect(await bake(root + "/blog", into: root + "/site").problems() == [
                "\(root)/site: is not empty and was not made by bake (it has no .bake-manifest); expected an empty folder or one bake wrote before",
            ])
            #expect(allFiles(in: root + "/site") == ["notes.txt"])
        }
    }

    // MARK: Determinism

    @Test func twoCleanBakesAreByteIdentical() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/one", future: true, clean: true).summary()
            _ = try await bake(root + "/blog", into: root + "/two", future: true, clean: true).summary()
            // And a third from what the first two left in the cache.
            _ = try await bake(root + "/blog", into: root + "/three", future: true).summary()
            #expect(allFiles(in: root + "/one").count > 60)
            for other in ["two", "three"] {
                try expectSameSite(root + "/one", root + "/" + other)
            }
        }
    }

    // MARK: Incremental builds

    @Test func aSecondBakeWritesNothing() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            let first = try await bake(root + "/blog", into: root + "/site").summary()
            try age(root + "/site")
            let before = try snapshot(root + "/site")
            let second = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(second.written == [])
            #expect(second.removed == [])
            #expect(second.unchanged == first.written.count)
            let after = try snapshot(root + "/site")
            for (path, state) in before where path != ".bake-manifest" {
                #expect(after[path] == state, "\(path) was touched")
            }
        }
    }

    @Test func editingOnePostRewritesItsPageAndNotUnrelatedPages() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            try age(root + "/site")
            let before = try snapshot(root + "/site")
            try write("@title Hello\n@pubDate 2014-03-31 20:16:46 -0700\n\nThe first post, edited.\n",
                      to: "posts/2014/03/31/hello.markdown", in: root + "/blog")
            let summary = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(summary.written.contains("2014/03/31/hello.html"))
            #expect(summary.written.contains("xml/rss.xml"))
            for unrelated in ["2014/04/02/april.html", "about.html", "404.html", "archive.html", "style.css", "media/note.txt", "index.html"] {
                #expect(!summary.written.contains(unrelated), "\(unrelated) was written")
                #expect(try snapshot(root + "/site")[unrelated] == before[unrelated], "\(unrelated) was touched")
            }
            #expect(try read("2014/03/31/hello.html", in: root + "/site").contains("The first post, edited."))
        }
    }

    @Test func aSecondBakeRendersNothingUnlessClean() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            let first = try await bake(root + "/blog", into: root + "/site").summary()
            // 12 before the year page, the categories page, the home page's page 2 and the tag cloud.
            #expect(first.rendered == 16)
            #expect(try await bake(root + "/blog", into: root + "/site").summary().rendered == 0)
            let clean = try await bake(root + "/blog", into: root + "/site", clean: true).summary()
            #expect(clean.rendered == 16)
            #expect(clean.written == [])
        }
    }

    @Test func anOutputFileDeletedOrEditedByHandIsRestored() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            let about = try read("about.html", in: root + "/site")
            let home = try read("index.html", in: root + "/site")
            try FileManager.default.removeItem(atPath: root + "/site/about.html")
            try write("<p>edited by hand</p>", to: "index.html", in: root + "/site")
            let summary = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(summary.written == ["about.html", "index.html"])
            #expect(try read("about.html", in: root + "/site") == about)
            #expect(try read("index.html", in: root + "/site") == home)
        }
    }

    /// The source cache must not serve a post parsed under other settings.
    @Test func changingTheTimeZoneRereadsDatesWithoutAnOffset() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            try write("@title Local\n@pubDate 2014-03-31 20:00:00\n\nNo offset.\n", to: "posts/2014/03/31/local.markdown", in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(try read("2014/03/31/local.html", in: root + "/site").contains("datetime=\"2014-03-31T20:00:00-07:00\""))
            let settings = try read("site.settings", in: root + "/blog").replacingOccurrences(of: "America/Los_Angeles", with: "Asia/Tokyo")
            try write(settings, to: "site.settings", in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(try read("2014/03/31/local.html", in: root + "/site").contains("datetime=\"2014-03-31T20:00:00+09:00\""))
        }
    }

    @Test func aNewTemplateInTheBlogRerendersWhatUsesIt() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            try write("Lost.\n", to: "templates/not_found.mustache", in: root + "/blog")
            let summary = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(summary.written.contains("404.html"))
            #expect(try read("404.html", in: root + "/site") == "Lost.\n")
        }
    }

    @Test func aDeletedPostsPagesAreRemovedAndFilesBakeDidNotWriteStay() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            try write("good.example.com\n", to: "CNAME", in: root + "/site")
            try write("mine\n", to: "2014/04/02/notes.txt", in: root + "/site")
            try FileManager.default.removeItem(atPath: root + "/blog/posts/2014/04/02/april.html")
            let summary = try await bake(root + "/blog", into: root + "/site").summary()
            // Two posts left fit on the home page: no page 2 of older posts.
            #expect(summary.removed == ["2014/04/02/april.html", "2014/04/index.html", "page/2/index.html"])
            #expect(summary.posts == 2)
            let files = allFiles(in: root + "/site")
            #expect(files.contains("CNAME"))
            #expect(files.contains("2014/04/02/notes.txt"))
            #expect(!files.contains("2014/04/index.html"))
        }
    }

    @Test func aChangedStaticFileIsCopiedAgain() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            try write("A changed static file, longer.\n", to: "static/media/note.txt", in: root + "/blog")
            let summary = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(summary.written == ["media/note.txt"])
            #expect(try read("media/note.txt", in: root + "/site") == "A changed static file, longer.\n")
        }
    }
}

// MARK: Warnings

extension SiteBuilderTests {
    @Test func aBlogWithAnEpisodeIsWarnedOfTheShowSettingsItLacks() async throws {
        try await withTemporaryFolder { root in
            var blog = goodBlog
            blog["posts/2014/04/03/episode.markdown"] = "@title Episode 1\n@pubDate 2014-04-03 08:00:00 -0700\n@enclosure /media/ep1.mp3\n\nShow notes.\n"
            try makeBlog(blog, in: root + "/blog")
            let summary = try await bake(root + "/blog", into: root + "/site").summary()
            // goodBlog sets @language; the artwork, category and explicit flag are missing.
            #expect(summary.warnings.map(\.path) == ["site.settings", "site.settings", "site.settings"])
            #expect(summary.warnings.contains { $0.message.contains("`@itunes_image ") })
            #expect(summary.warnings.contains { $0.message.contains("`@itunes_category ") })
            #expect(summary.warnings.contains { $0.message.contains("`@itunes_explicit ") })
            #expect(!(try read("xml/rss.xml", in: root + "/site")).contains("itunes:owner"))
        }
    }

    @Test func aBlogWithoutEpisodesIsNotWarned() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            let summary = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(summary.warnings == [])
        }
    }
}
