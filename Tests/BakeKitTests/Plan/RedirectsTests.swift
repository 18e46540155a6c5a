@testable import BakeKit
import Testing

/// `@aliases`: a redirect page at each old URL, and collisions as errors naming both files.
@Suite struct RedirectsTests {
    @Test(arguments: [
        ("/2009/03/old-slug/", "2009/03/old-slug/index.html"),
        ("/old/path.html", "old/path.html"),
        ("/old/slug", "old/slug/index.html"),
        ("/caf%C3%A9/?p=1#top", "café/index.html"),
        ("/", "index.html"),
    ])
    func anOldURLBecomesTheFileAHostServesItFrom(alias: String, path: String) {
        #expect(Redirects.outputPath(of: alias) == path)
    }

    @Test(arguments: ["old/relative", "/../escape.html", "//cdn.example.com/x", "https://example.com/x"])
    func anythingElseIsNotAnAlias(alias: String) {
        #expect(Redirects.outputPath(of: alias) == nil)
    }

    @Test func aPlanWritesRedirectsToThePermalink() throws {
        let settings = try makeSettings(url: "https://example.com/blog")
        let post = try makePost("posts/2014/03/31/hello.markdown", date: "2014-03-31 12:00:00", title: "Hello & welcome",
                                extraHeader: "@aliases /2014/03/hello/, /hello.php\n", settings: settings).post
        let plan = try SitePlan(posts: [post], pages: [], settings: settings, now: Timestamp(seconds: 2_000_000_000))
        #expect(plan.redirects.map(\.path) == ["2014/03/hello/index.html", "hello.php"])
        let renderer = SiteRenderer(plan: plan, templates: try TemplateSet(sources: minimalTemplateSources(replacing: [:])), options: RenderOptions(marksUnpublished: false, stylesheetVersion: ""))
        let html = String(decoding: renderer.render(.redirect(0), bodies: [String: String]()).bytes, as: UTF8.self)
        #expect(html.contains(#"<link rel="canonical" href="https://example.com/blog/2014/03/31/hello.html">"#))
        #expect(html.contains(#"<meta http-equiv="refresh" content="0; url=https://example.com/blog/2014/03/31/hello.html">"#))
        #expect(html.contains(#"<meta name="robots" content="noindex">"#))
        #expect(html.contains(#">Hello &amp; welcome</a>"#))
    }

    @Test func collisionsNameBothFiles() throws {
        let settings = try makeSettings()
        let a = try makePost("posts/2014/03/31/a.markdown", date: "2014-03-31 12:00:00", extraHeader: "@aliases /old/\n", settings: settings).post
        let b = try makePost("posts/2014/04/01/b.markdown", date: "2014-04-01 12:00:00", extraHeader: "@aliases /old/, /archive.html, /2014/03/31/a.html\n", settings: settings).post
        let failure = try #require(buildFailure { try SitePlan(posts: [a, b], pages: [], settings: settings, now: Timestamp(seconds: 2_000_000_000)) })
        // Newest first: b claims /old/ before a.
        #expect(lines(of: failure) == [
            "posts/2014/03/31/a.markdown:3: @aliases `/old/` would write old/index.html, as an alias of posts/2014/04/01/b.markdown (line 3) does; expected each old URL to belong to one post or page",
            "posts/2014/04/01/b.markdown:3: @aliases `/2014/03/31/a.html` would write 2014/03/31/a.html, which posts/2014/03/31/a.markdown writes; expected an old URL no other page uses",
            "posts/2014/04/01/b.markdown:3: @aliases `/archive.html` would write archive.html, which bake writes itself; expected an old URL no other page uses",
        ])
    }
}
