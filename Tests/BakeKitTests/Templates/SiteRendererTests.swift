import BakeKit
import Testing

@Suite struct SiteRendererTests {
    /// Templates that print the context values under test, one field after another.
    static let templates = try! TemplateSet(sources: minimalTemplateSources(replacing: [
        "home": "{{#posts}}[{{display_title}}|{{url}}|{{{content}}}]{{/posts}}",
        "post": "{{page_title}}|{{canonical_url}}|{{#post}}{{title}}|{{url}}|{{date}}|{{date_iso}}|{{#categories}}<{{name}}>{{/categories}}|{{{content}}}{{/post}}|prev={{#previous}}{{url}}{{/previous}}|next={{#next}}{{url}}{{/next}}",
        "month": "{{month_label}}:{{#posts}}{{display_title}};{{/posts}}prev={{#previous_month}}{{url}}{{/previous_month}} next={{#next_month}}{{url}}{{/next_month}}",
        "archive": "{{post_count}}:{{#years}}{{year}}({{#months}}{{name}}={{count}},{{/months}}){{/years}}",
        "page": "{{#page}}{{title}}|{{url}}|{{{content}}}{{/page}}",
        "not_found": "404|{{site.name}}|{{site.stylesheet_url}}|{{#site.pages}}{{title}}={{url}};{{/site.pages}}|{{site.year}}",
    ]))

    struct Blog {
        var posts: [ParsedPost]
        var pages: [ParsedPage]
        var settings: SiteSettings

        var bodies: [String: String] {
            var bodies: [String: String] = [:]
            for post in posts { bodies[post.post.sourcePath] = post.html }
            for page in pages { bodies[page.page.sourcePath] = page.html }
            return bodies
        }

        func renderer(options: RenderOptions = RenderOptions()) throws -> SiteRenderer {
            let plan = try SitePlan(posts: posts.map(\.post), pages: pages.map(\.page), settings: settings, now: Timestamp(seconds: 2_000_000_000))
            return SiteRenderer(plan: plan, templates: SiteRendererTests.templates, options: options)
        }

        /// Every output by path: its fingerprint and bytes.
        func rendered() throws -> [String: (fingerprint: UInt64, bytes: [UInt8])] {
            let renderer = try renderer()
            let base = renderer.baseFingerprint
            var files: [String: (UInt64, [UInt8])] = [:]
            for output in renderer.plan.outputs {
                let file = renderer.render(output, bodies: bodies)
                files[file.path] = (SiteRenderer.fingerprint(of: output, base: base), file.bytes)
            }
            return files
        }
    }

    static func blog(url: String = "https://example.com") throws -> Blog {
        let settings = try makeSettings(url: url, homePostCount: 2)
        return Blog(posts: [
            try makePost("posts/2014/01/05/first.markdown", date: "2014-01-05 09:00:00", title: "First", body: "One.", settings: settings),
            try makePost("posts/2014/03/01/second.markdown", date: "2014-03-01 09:00:00", title: "Fish & <chips>", body: "Two *words*.",
                         extraHeader: "@categoryArray Food, Notes\n", settings: settings),
            try makePost("posts/2014/03/20/third.markdown", date: "2014-03-20 09:00:00", title: nil, body: "An untitled note.", settings: settings),
            try makePost("posts/2015/06/01/fourth.markdown", date: "2015-06-01 09:00:00", title: "Fourth", body: "Four.", settings: settings),
        ], pages: [
            try PostParser(settings: settings).parsePage(path: "pages/about.markdown", bytes: Array("@title About\n\nMe.\n".utf8)),
        ], settings: settings)
    }

    func text(_ renderer: SiteRenderer, _ output: Output, _ blog: Blog) -> String {
        String(decoding: renderer.render(output, bodies: blog.bodies).bytes, as: UTF8.self)
    }

    /// `meta` values are plain strings, so a dynamic partial can pick a template by a header.
    @Test func aPostHeaderCanChooseAPartial() throws {
        let settings = try makeSettings(url: "https://example.com", homePostCount: 2)
        let post = try makePost("posts/2014/01/05/wide.markdown", date: "2014-01-05 09:00:00", title: "Wide", body: "One.",
                                extraHeader: "@layout wide\n", settings: settings)
        let templates = try TemplateSet(sources: minimalTemplateSources(replacing: [
            "post": "{{#post}}{{>*meta.layout}}{{/post}}",
            "wide": "wide:{{title}}",
        ]))
        let plan = try SitePlan(posts: [post.post], pages: [], settings: settings, now: Timestamp(seconds: 2_000_000_000))
        let renderer = SiteRenderer(plan: plan, templates: templates, options: RenderOptions())
        #expect(String(decoding: renderer.render(.post(0), bodies: [:]).bytes, as: UTF8.self) == "wide:Wide")
    }

    @Test func postPage() throws {
        let blog = try Self.blog()
        let renderer = try blog.renderer()
        let index = try #require(renderer.plan.posts.firstIndex { $0.permalink.slug == "second" })
        let file = renderer.render(.post(index), bodies: blog.bodies)
        #expect(file.path == "2014/03/01/second.html")
        #expect(String(decoding: file.bytes, as: UTF8.self) == "Fish &amp; &lt;chips&gt;|https://example.com/2014/03/01/second.html|Fish &amp; &lt;chips&gt;|/2014/03/01/second.html|March 1, 2014|2014-03-01T09:00:00-08:00|<Food><Notes>|<p>Two <em>words</em>.</p>\n|prev=/2014/01/05/first.html|next=/2014/03/20/third.html")
    }

    @Test func untitledPostUsesItsStandInTitle() throws {
        let blog = try Self.blog()
        let renderer = try blog.renderer()
        let index = try #require(renderer.plan.posts.firstIndex { $0.permalink.slug == "third" })
        #expect(text(renderer, .post(index), blog).hasPrefix("An untitled note.|https://example.com/2014/03/20/third.html||"))
    }

    @Test func homeShowsTheNewestPostsInFull() throws {
        let blog = try Self.blog()
        let renderer = try blog.renderer()
        #expect(text(renderer, .home, blog) == "[Fourth|/2015/06/01/fourth.html|<p>Four.</p>\n][An untitled note.|/2014/03/20/third.html|<p>An untitled note.</p>\n]")
        #expect(renderer.bodiesNeeded(for: .home) == ["posts/2015/06/01/fourth.markdown", "posts/2014/03/20/third.markdown"])
    }

    @Test func monthsAndArchive() throws {
        let blog = try Self.blog()
        let renderer = try blog.renderer()
        #expect(renderer.plan.file(of: .month(1)) == "2014/03/index.html")
        #expect(text(renderer, .month(1), blog) == "March 2014:An untitled note.;Fish &amp; &lt;chips&gt;;prev=/2014/01/ next=/2015/06/")
        #expect(text(renderer, .archive, blog) == "4:2015(June=1,)2014(March=2,January=1,)")
        #expect(renderer.bodiesNeeded(for: .month(1)).isEmpty)
    }

    @Test func pagesAndSiteWideContext() throws {
        let blog = try Self.blog()
        let renderer = try blog.renderer(options: RenderOptions(stylesheetVersion: "abc123"))
        #expect(text(renderer, .page(0), blog) == "About|/about.html|<p>Me.</p>\n")
        #expect(text(renderer, .notFound, blog) == "404|Test &amp; Co|/style.css?v=abc123|About=/about.html;|2015")
    }

    @Test func navigationMarksTheCurrentPage() throws {
        let templates = try TemplateSet(sources: minimalTemplateSources(replacing: [
            "page": "{{#site.pages}}{{title}}{{#is_current}}(current){{/is_current}};{{/site.pages}}",
            "not_found": "{{#site.pages}}{{title}}{{#is_current}}(current){{/is_current}};{{/site.pages}}",
        ]))
        var blog = try Self.blog()
        blog.pages.append(try PostParser(settings: blog.settings).parsePage(path: "pages/colophon.markdown", bytes: Array("Made by hand.\n".utf8)))
        let plan = try SitePlan(posts: blog.posts.map(\.post), pages: blog.pages.map(\.page), settings: blog.settings, now: Timestamp(seconds: 2_000_000_000))
        let renderer = SiteRenderer(plan: plan, templates: templates, options: RenderOptions())
        let about = try #require(plan.pages.firstIndex { $0.name == "about" })
        let colophon = try #require(plan.pages.firstIndex { $0.name == "colophon" })
        #expect(text(renderer, .page(about), blog) == "About(current);Colophon;")
        #expect(text(renderer, .page(colophon), blog) == "About;Colophon(current);")
        #expect(text(renderer, .notFound, blog) == "About;Colophon;")
    }

    @Test func iconsComeFromTheSettingsOrTheTheme() throws {
        let templates = try TemplateSet(sources: minimalTemplateSources(replacing: [
            "not_found": "{{site.favicon_url}}|{{#site.icon_url}}{{site.icon_url}}{{/site.icon_url}}",
        ]))
        func icons(_ extra: String) throws -> String {
            let settings = try makeSettings(url: "https://example.com/blog", extra: extra)
            let renderer = SiteRenderer(plan: try SitePlan(posts: [], pages: [], settings: settings, now: Timestamp(seconds: 2_000_000_000)), templates: templates,
                                        options: RenderOptions())
            return String(decoding: renderer.render(.notFound, bodies: [:]).bytes, as: UTF8.self)
        }
        #expect(try icons("") == "/blog/favicon.svg|")
        #expect(try icons("@favicon_url /blog/icon.png\n@icon_url https://cdn.example.com/big.png") == "/blog/icon.png|https://cdn.example.com/big.png")
        // Root-relative to the site, as every other link: under its path.
        #expect(try icons("@favicon_url /favicon.ico\n@icon_url /touch.png") == "/blog/favicon.ico|/blog/touch.png")
    }

    @Test func siteInASubfolderGetsRootRelativeLinksUnderIt() throws {
        let blog = try Self.blog(url: "https://example.com/blog/")
        let renderer = try blog.renderer()
        let index = try #require(renderer.plan.posts.firstIndex { $0.permalink.slug == "second" })
        let page = text(renderer, .post(index), blog)
        #expect(page.contains("|https://example.com/blog/2014/03/01/second.html|"))
        #expect(page.contains("prev=/blog/2014/01/05/first.html|next=/blog/2014/03/20/third.html"))
        #expect(text(renderer, .notFound, blog).contains("/blog/style.css"))
    }

    @Test func feedsAndSitemapAreRenderedToo() throws {
        let blog = try Self.blog()
        let renderer = try blog.renderer()
        #expect(text(renderer, .rss, blog).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\""))
        #expect(text(renderer, .jsonFeed, blog).contains("\"version\" : \"https://jsonfeed.org/version/1.1\""))
        let sitemap = text(renderer, .sitemap, blog)
        #expect(sitemap.contains("<url><loc>https://example.com/2014/03/01/second.html</loc><lastmod>2014-03-01T09:00:00-08:00</lastmod></url>"))
        #expect(sitemap.contains("<url><loc>https://example.com/about.html</loc></url>"))
        #expect(sitemap.contains("<url><loc>https://example.com/2014/03/</loc></url>"))
    }

    @Test func renderingIsDeterministic() throws {
        let one = try Self.blog().rendered()
        let two = try Self.blog().rendered()
        #expect(one.keys.sorted() == two.keys.sorted())
        for (path, file) in one {
            #expect(file.bytes == two[path]?.bytes, "\(path)")
            #expect(file.fingerprint == two[path]?.fingerprint, "\(path)")
        }
    }

    /// Edits a copy of the blog and checks the promise incremental builds rely on: an output
    /// whose fingerprint did not change has the same bytes.
    func expectFingerprintsCoverChanges(_ edit: (inout Blog) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws -> Set<String> {
        var edited = try Self.blog()
        try edit(&edited)
        let before = try Self.blog().rendered()
        let after = try edited.rendered()
        var changed: Set<String> = []
        for (path, new) in after {
            guard let old = before[path] else { continue }
            if old.fingerprint == new.fingerprint {
                #expect(old.bytes == new.bytes, "\(path) changed but its fingerprint did not", sourceLocation: sourceLocation)
            } else {
                changed.insert(path)
            }
        }
        return changed
    }

    @Test func editingOneBodyChangesOnlyWhatShowsIt() throws {
        let changed = try expectFingerprintsCoverChanges { blog in
            blog.posts[0] = try makePost("posts/2014/01/05/first.markdown", date: "2014-01-05 09:00:00", title: "First", body: "One, edited.", settings: blog.settings)
        }
        #expect(changed.contains("2014/01/05/first.html"))
        #expect(!changed.contains("2015/06/01/fourth.html"))
        #expect(!changed.contains("about.html"))
        #expect(!changed.contains("404.html"))
    }

    @Test func retitlingAPostChangesItsNeighbours() throws {
        let changed = try expectFingerprintsCoverChanges { blog in
            blog.posts[1] = try makePost("posts/2014/03/01/second.markdown", date: "2014-03-01 09:00:00", title: "Renamed", body: "Two *words*.",
                                         extraHeader: "@categoryArray Food, Notes\n", settings: blog.settings)
        }
        #expect(changed.isSuperset(of: ["2014/03/01/second.html", "2014/01/05/first.html", "2014/03/20/third.html", "2014/03/index.html"]))
        #expect(!changed.contains("2015/06/01/fourth.html"))
    }

    @Test func addingAPostOrAPage() throws {
        // A post in a new year: the newest year, which every page's footer may show, changes.
        var changed = try expectFingerprintsCoverChanges { blog in
            blog.posts.append(try makePost("posts/2016/01/01/fifth.markdown", date: "2016-01-01 09:00:00", title: "Fifth", settings: blog.settings))
        }
        #expect(changed.isSuperset(of: ["index.html", "archive.html", "2015/06/01/fourth.html", "2015/06/index.html", "xml/rss.xml", "feed.json", "sitemap.xml"]))
        #expect(changed.isSuperset(of: ["404.html", "about.html", "2014/01/05/first.html"]), "the newest year is in every page's context")

        // A post in the newest year: only the pages that list it or link to it change.
        changed = try expectFingerprintsCoverChanges { blog in
            blog.posts.append(try makePost("posts/2015/09/01/fifth.markdown", date: "2015-09-01 09:00:00", title: "Fifth", settings: blog.settings))
        }
        #expect(changed.isSuperset(of: ["index.html", "archive.html", "2015/06/01/fourth.html", "2015/06/index.html", "xml/rss.xml", "feed.json", "sitemap.xml"]))
        for path in ["about.html", "404.html", "2014/01/05/first.html", "2014/03/01/second.html", "2014/03/20/third.html", "2014/01/index.html", "2014/03/index.html"] {
            #expect(!changed.contains(path), "\(path)")
        }

        // A page joins the navigation, which every page's context holds.
        changed = try expectFingerprintsCoverChanges { blog in
            blog.pages.append(try PostParser(settings: blog.settings).parsePage(path: "pages/colophon.markdown", bytes: Array("Made by hand.\n".utf8)))
        }
        #expect(changed.isSuperset(of: ["404.html", "about.html", "index.html", "2014/01/05/first.html", "sitemap.xml"]))

        // Removing the third post: its neighbours, its month and the lists change, nothing else.
        changed = try expectFingerprintsCoverChanges { blog in blog.posts.remove(at: 2) }
        #expect(changed.isSuperset(of: ["index.html", "archive.html", "2014/03/01/second.html", "2015/06/01/fourth.html", "2014/03/index.html", "xml/rss.xml", "feed.json", "sitemap.xml"]))
        for path in ["about.html", "404.html", "2014/01/05/first.html", "2014/01/index.html", "2015/06/index.html"] {
            #expect(!changed.contains(path), "\(path)")
        }

        // Settings are in every page's context.
        changed = try expectFingerprintsCoverChanges { blog in blog.settings = try makeSettings(homePostCount: 3) }
        #expect(changed.isSuperset(of: ["index.html", "about.html", "404.html"]))
    }

    /// A shared link's picture is the first image's own `src`, resolved like any link.
    @Test func theSocialCardImageIsTheFirstImagesSource() throws {
        let settings = try makeSettings()
        let post = try makePost("posts/2014/03/01/pictures.markdown", date: "2014-03-01 09:00:00", title: "Pictures",
                                body: "<IMG class=\"lazy\" data-src=\"lazy.png\" SRC=\"../media/a%20b.png\" alt=\"\">\n\n![second](second.png)", settings: settings)
        let plan = try SitePlan(posts: [post.post], pages: [], settings: settings, now: Timestamp(seconds: 2_000_000_000))
        let templates = try TemplateSet(sources: minimalTemplateSources(replacing: ["post": "{{#social}}{{image}}|{{card}}{{/social}}"]))
        let renderer = SiteRenderer(plan: plan, templates: templates, options: RenderOptions())
        let text = String(decoding: renderer.render(.post(0), bodies: [post.post.sourcePath: post.html]).bytes, as: UTF8.self)
        #expect(text == "https://example.com/2014/03/media/a%20b.png|summary_large_image")
    }
}

