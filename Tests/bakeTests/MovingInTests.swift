import BakeTestSupport
import Foundation
import Testing

/// Blogs moved in from elsewhere, baked by `bake build` and read page by page: a Wildcat blog
/// with every key of its `site.settings`, a podcast, a site of pages only, and imported
/// Jekyll and WordPress blogs whose old URLs lead to the new permalinks.
@Suite struct MovingInTests {
    static let wildcatSettings = """
        @site_name Old Site
        @site_url https://example.com
        @time_zone America/Los_Angeles
        @output_folder public
        @output_file_suffix .htm
        @favicon_url /favicon.ico
        @icon_url /icon.png
        @has_blog true
        @blog_number_of_posts_on_home_page 1
        @blog_home_page_title Latest
        @blog_archive_title Everything
        @blog_relative_path blog
        @blog_month_names Janvier, Février, Mars, Avril, Mai, Juin, Juillet, Août, Septembre, Octobre, Novembre, Décembre
        @feed_number_of_posts 2
        @feed_title Old Site Feed
        @feed_description Words since 2001
        @feed_author Ada
        @feed_author_url /about.htm
        @feed_author_avatar_url /ada.png
        @feed_media_thumbnail /art.png
        @rsync_remote_path ada@example.com:/var/www
        @itunes_owner_email ada@example.com
        @itunes_image /art.jpg
        @itunes_category Technology
        @feed_titel Typo

        """

    static let episode = """
        @title Episode 1
        @pubDate 2024-05-01 09:00:00
        @enclosure /media/episode-1.mp3
        @enclosureType audio/mpeg
        @enclosureLength 12345678
        @itunesDuration 1:02:03
        @itunesItemSubtitle Loaves and fishes
        @itunesItemSummary What we baked.
        @itunesExplicit false
        @mediaThumbnail /media/episode-1.jpg
        @aliases /archives/episode-1, /old/episode-1.html

        Show notes.
        """

    func runPodcastCheck(_ feed: [UInt8]) async throws -> [String] {
        let data = try await runPython([repositoryRoot + "/Tests/Scripts/podcast_feed_check.py"], input: feed)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["errors"] as? [String])
    }

    /// Every link to a page or feed leads to a file, on a blog in a folder of its site with its
    /// own file suffix: pages, archive and year links, category pages and feeds, the pager, and
    /// the "Continue reading" links of excerpt feeds.
    @Test func everyLinkOfABlogInAFolderLeadsToAFile() async throws {
        try await withTemporaryFolder { root in
            try write(Self.wildcatSettings + "@feed_excerpts true\n", to: "blog/site.settings", in: root)
            try write(Self.episode.replacingOccurrences(of: "@title Episode 1", with: "@title Episode 1\n@categoryArray Shows, Notes"),
                      to: "blog/posts/2024/05/01/episode-1.markdown", in: root)
            try write("@title Older\n@pubDate 2024-03-02 09:00:00\n@categoryArray Notes\n\nAn older post.\n\n<!--more-->\n\nThe rest of it.\n",
                      to: "blog/posts/2024/03/02/older.markdown", in: root)
            try write("@title Oldest\n@pubDate 2023-01-02 09:00:00\n@categoryArray Notes\n\nThe first post.\n", to: "blog/posts/2023/01/02/oldest.markdown", in: root)
            try write("@title About\n\nAbout Ada.\n", to: "blog/pages/about.markdown", in: root)
            let result = try await runBake(["build", "blog"], in: root)
            #expect(result.status == 0, "\(result.stderr)")
            let site = root + "/blog/public"
            let data = try await runPython([repositoryRoot + "/Tests/Scripts/link_check.py", site, "https://example.com"])
            let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(report["missing"] as? [String] == [])
            let links = Set(try #require(report["links"] as? [String]))
            // The links that once pointed outside the blog's folder were followed too.
            for link in ["/blog/2024/", "/blog/2023/", "https://example.com/blog/categories/notes/",
                         "https://example.com/blog/categories/notes/rss.xml", "https://example.com/blog/2024/03/02/older.htm",
                         "/blog/page/2/", "/blog/categories/notes/page/2/"] {
                #expect(links.contains(link), "\(link) was not among the links followed")
            }
            let rss = try String(contentsOfFile: site + "/blog/categories/notes/rss.xml", encoding: .utf8)
            #expect(rss.contains("&lt;a href=&quot;https://example.com/blog/2024/03/02/older.htm&quot;&gt;Continue reading&lt;/a&gt;"))
            #expect(try String(contentsOfFile: site + "/blog/2024/index.html", encoding: .utf8).contains(">Everything</a>"))
        }
    }

    @Test func aWildcatBlogBakesWithEveryKey() async throws {
        try await withTemporaryFolder { root in
            try write(Self.wildcatSettings, to: "blog/site.settings", in: root)
            try write(Self.episode, to: "blog/posts/2024/05/01/episode-1.markdown", in: root)
            try write("@title Older\n@pubDate 2024-03-02 09:00:00\n\nAn older post.\n", to: "blog/posts/2024/03/02/older.markdown", in: root)
            try write("@title Oldest\n@pubDate 2023-01-02 09:00:00\n\nThe first post.\n", to: "blog/posts/2023/01/02/oldest.markdown", in: root)
            try write("@title About\n@aliases /about-me/\n\nAbout Ada.\n", to: "blog/pages/about.markdown", in: root)
            let result = try await runBake(["build", "blog"], in: root)
            #expect(result.status == 0, "\(result.stderr)")
            // Wildcat has no settings for a show's language or explicit flag: bake says it supplies them.
            #expect(result.stderr == """
                blog/site.settings:25: warning: bake does not know the setting `feed_titel`; it is ignored (did you mean `feed_title`?)
                blog/site.settings: warning: the feeds hold podcast episodes, and Apple Podcasts requires the show's language (<language>), \
                which bake writes as `en` since no setting gives it; expected e.g. `@language en`
                blog/site.settings: warning: the feeds hold podcast episodes, and Apple Podcasts requires the show's explicit flag (<itunes:explicit>), \
                which bake writes as `false` since no setting gives it; expected `@itunes_explicit false` or `true`

                """)
            let site = root + "/blog/public/"
            func page(_ path: String) throws -> String { try String(contentsOfFile: site + path, encoding: .utf8) }

            let home = try page("blog/index.html")
            #expect(home.contains("<title>Latest — Old Site</title>"))
            #expect(home.contains("Episode 1") && !home.contains("Older</a>"), "one post on the home page")
            #expect(home.contains(#"<link rel="icon" href="/favicon.ico">"#) && home.contains(#"href="/icon.png""#))
            #expect(home.contains(#"href="/blog/archive.html""#) && home.contains(">Everything</a>"))
            #expect(home.contains(#"href="/about.htm""#))
            let post = try page("blog/2024/05/01/episode-1.htm")
            #expect(post.contains(#"<audio controls preload="none" src="/media/episode-1.mp3"></audio>"#))
            #expect(post.contains(#"<link rel="canonical" href="https://example.com/blog/2024/05/01/episode-1.htm">"#))
            #expect(try page("about.htm").contains("About Ada."))
            #expect(try page("blog/archive.html").contains(#"<h1 class="page-title">Everything</h1>"#))
            #expect(FileManager.default.fileExists(atPath: site + "blog/2024/03/index.html"))
            #expect(!FileManager.default.fileExists(atPath: site + "index.html"))

            let rss = try page("blog/xml/rss.xml")
            #expect(rss.contains("<title>Old Site Feed</title>"))
            #expect(rss.contains("<description>Words since 2001</description>"))
            #expect(rss.contains("<dc:creator>Ada</dc:creator>"))
            #expect(rss.contains("<link>https://example.com/blog/2024/05/01/episode-1.htm</link>"))
            #expect(rss.components(separatedBy: "<item>").count == 3, "two posts in the feed")
            #expect(try await runPodcastCheck(Array(rss.utf8)) == [])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(try page("blog/feed.json").utf8)) as? [String: Any])
            #expect(json["title"] as? String == "Old Site Feed")
            let author = try #require((json["authors"] as? [[String: Any]])?.first)
            #expect(author["url"] as? String == "https://example.com/about.htm")
            #expect(author["avatar"] as? String == "https://example.com/ada.png")
            let attachment = try #require(((json["items"] as? [[String: Any]])?.first?["attachments"] as? [[String: Any]])?.first)
            #expect(attachment["size_in_bytes"] as? Int == 12_345_678)
            #expect(attachment["duration_in_seconds"] as? Int == 3723)

            // Old URLs lead to the permalinks.
            for path in ["archives/episode-1/index.html", "old/episode-1.html"] {
                #expect(try page(path).contains(#"<meta http-equiv="refresh" content="0; url=https://example.com/blog/2024/05/01/episode-1.htm">"#), "\(path)")
            }
            #expect(try page("about-me/index.html").contains(#"<link rel="canonical" href="https://example.com/about.htm">"#))

            // An incremental build with nothing changed writes nothing.
            let again = try await runBake(["build", "blog"], in: root)
            #expect(again.stdout.contains("0 written"), "\(again.stdout)")
            // A redirect shows its target's title: retitling the post renders its redirects again,
            // and leaves the page's redirect be.
            try write(Self.episode.replacingOccurrences(of: "@title Episode 1", with: "@title Episode One"), to: "blog/posts/2024/05/01/episode-1.markdown", in: root)
            let retitled = try await runBake(["build", "blog", "--verbose"], in: root)
            #expect(retitled.stdout.contains("  wrote archives/episode-1/index.html") && retitled.stdout.contains("  wrote old/episode-1.html"), "\(retitled.stdout)")
            #expect(!retitled.stdout.contains("about-me"), "\(retitled.stdout)")
            #expect(try page("old/episode-1.html").contains(">Episode One</a>"))
        }
    }

    @Test func aSiteOfPagesOnlyHasNoBlog() async throws {
        try await withTemporaryFolder { root in
            try write("@site_name Pages\n@site_url https://example.com\n@has_blog false\n", to: "blog/site.settings", in: root)
            try write("@title Welcome\n\nHello.\n", to: "blog/pages/index.markdown", in: root)
            try write("@title Hidden\n@pubDate 2024-05-01 09:00:00\n\nNot shown.\n", to: "blog/posts/2024/05/01/hidden.markdown", in: root)
            let result = try await runBake(["build", "blog"], in: root)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(allFiles(in: root + "/blog/site").filter { $0.hasSuffix(".html") || $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.sorted() == ["404.html", "index.html", "sitemap.xml"])
            let index = try String(contentsOfFile: root + "/blog/site/index.html", encoding: .utf8)
            #expect(index.contains("Hello.") && !index.contains("rss") && !index.contains("Archive"))
        }
    }

    @Test func badPodcastHeadersAreErrorsWithTheirLines() async throws {
        try await withTemporaryFolder { root in
            try write("@site_name A\n@site_url https://example.com\n", to: "blog/site.settings", in: root)
            try write("@title A\n@pubDate 2024-05-01 09:00:00\n@enclosure /a.mp3\n@enclosureLength 12 MB\n@itunesDuration an hour\n\nA.\n", to: "blog/posts/2024/05/01/a.markdown", in: root)
            let result = try await runBake(["build", "blog"], in: root)
            #expect(result.status != 0)
            #expect(result.stderr.contains("blog/posts/2024/05/01/a.markdown:4: "), "\(result.stderr)")
            #expect(result.stderr.contains("blog/posts/2024/05/01/a.markdown:5: "), "\(result.stderr)")
        }
    }

    @Test func aliasesThatCollideAreErrorsNamingBothFiles() async throws {
        try await withTemporaryFolder { root in
            try write("@site_name A\n@site_url https://example.com\n", to: "blog/site.settings", in: root)
            try write("@title A\n@pubDate 2024-05-01 09:00:00\n@aliases /old/\n\nA.\n", to: "blog/posts/2024/05/01/a.markdown", in: root)
            try write("@title About\n@aliases /old/\n\nB.\n", to: "blog/pages/about.markdown", in: root)
            let result = try await runBake(["build", "blog"], in: root)
            #expect(result.status != 0)
            #expect(result.stderr.contains("blog/pages/about.markdown:2: @aliases `/old/` would write old/index.html, as an alias of posts/2024/05/01/a.markdown (line 3) does"), "\(result.stderr)")
        }
    }

    @Test(arguments: [("jekyll", "jekyll-site"), ("wordpress", "wordpress-export.xml"), ("wordpress", "wordpress-theme-unit-shapes.xml")])
    func importedOldURLsLeadToThePermalinks(kind: String, source: String) async throws {
        try await withTemporaryFolder { root in
            _ = try await runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--author", "Ada"], in: root)
            let imported = try await runBake(["import", kind, repositoryRoot + "/Tests/BakeImportTests/Fixtures/" + source, "--into", "blog"], in: root)
            #expect(imported.status == 0, "\(imported.stderr)")
            let baked = try await runBake(["build", "blog", "--future"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            var followed = 0
            for file in allFiles(in: root + "/blog").filter({ $0.hasPrefix("posts/") || $0.hasPrefix("pages/") }) {
                let text = try String(contentsOfFile: root + "/blog/" + file, encoding: .utf8)
                guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("@aliases ") }) else { continue }
                let target: String
                if file.hasPrefix("posts/") {
                    target = String(file.dropFirst("posts/".count).split(separator: ".").first!) + ".html"
                } else {
                    target = String(file.dropFirst("pages/".count).split(separator: ".").first!) + ".html"
                }
                for alias in line.dropFirst("@aliases ".count).split(separator: ",") {
                    var path = String(alias.trimmingCharacters(in: .whitespaces).dropFirst())
                    if path.hasSuffix("/") || path.isEmpty { path += "index.html" } else if !(path.split(separator: "/").last ?? "").contains(".") { path += "/index.html" }
                    let redirect = try String(contentsOfFile: root + "/blog/site/" + (path.removingPercentEncoding ?? path), encoding: .utf8)
                    #expect(redirect.contains(#"<meta http-equiv="refresh" content="0; url=https://example.com/\#(target)">"#), "\(file): \(alias)")
                    #expect(FileManager.default.fileExists(atPath: root + "/blog/site/" + target))
                    followed += 1
                }
            }
            #expect(followed > 0)
        }
    }
}
