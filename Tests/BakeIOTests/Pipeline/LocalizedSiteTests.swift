import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// `@language`, `@month_names` and `@date_format` on every page; page options.
@Suite struct LocalizedSiteTests {
    static let french = """
    @language fr
    @month_names janvier, février, mars, avril, mai, juin, juillet, août, septembre, octobre, novembre, décembre
    @date_format %e %B %Y

    """

    @Test func datesAndMonthHeadingsFollowTheSettingsAndFeedsKeepTheirFormats() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try copySample(to: blog)
            let settings = try read("site.settings", in: blog).replacingOccurrences(of: "@language en\n", with: "")
            try write(settings + Self.french, to: "site.settings", in: blog)
            let site = root + "/site"
            _ = try await bake(blog, into: site).summary()
            let post = try read("2020/04/18/dates-are-hard.html", in: site)
            #expect(post.contains("<html lang=\"fr\">"))
            #expect(post.contains(">18 avril 2020</time>"))
            #expect(try read("2020/04/index.html", in: site).contains("<h1 class=\"page-title\">avril 2020</h1>"))
            let archive = try read("archive.html", in: site)
            #expect(archive.contains(">avril 2020</a>") && archive.contains(">18 avril 2020</time>"))
            #expect(try read("2020/index.html", in: site).contains(">décembre 2020</a>"))
            #expect(try read("index.html", in: site).contains(">30 octobre 2026</time>"))
            #expect(try read("categories/tools/index.html", in: site).contains(">18 avril 2020</time>"))
            let rss = try read("xml/rss.xml", in: site)
            #expect(rss.contains("<language>fr</language>"))
            #expect(rss.contains("<pubDate>Fri, 30 Oct 2026 19:30:00 -0700</pubDate>"))
            #expect(try read("categories/tools/rss.xml", in: site).contains("<language>fr</language>"))
            #expect(try read("feed.json", in: site).contains("\"date_published\" : \"2026-10-30T19:30:00-07:00\""))
        }
    }

    @Test func badMonthNamesAndDateFormatsAreErrorsNamingTheLine() throws {
        for (line, text) in [("@month_names janvier, février", "month_names"), ("@date_format %Q %Y", "date_format"), ("@feed_excerpts maybe", "feed_excerpts")] {
            let metadata = MetadataParser().parse(text: "@site_name A\n@site_url https://example.com\n\(line)\n").metadata
            #expect(throws: MetadataErrors.self, "\(text)") { try SiteSettings(metadata: metadata) }
        }
    }

    @Test func pagesHonourTemplateShowTitleAndDescription() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try copySample(to: blog)
            try write("@title Now\n@template wide\n@show_title false\n@description What I am doing now.\n\nReading, mostly.\n", to: "pages/now.markdown", in: blog)
            try write("{{<layout}}{{$content}}<div class=\"wide\">{{#page}}{{#show_title}}<h1>{{title}}</h1>{{/show_title}}{{{content}}}{{/page}}</div>{{/content}}{{/layout}}\n",
                      to: "templates/wide.mustache", in: blog)
            let site = root + "/site"
            _ = try await bake(blog, into: site).summary()
            let now = try read("now.html", in: site)
            #expect(now.contains("<div class=\"wide\"><p>Reading, mostly.</p>"))
            #expect(!now.contains("<h1>Now</h1>"))
            #expect(now.contains("<meta name=\"description\" content=\"What I am doing now.\">"))
            #expect(now.contains("<meta property=\"og:description\" content=\"What I am doing now.\">"))
            #expect(now.contains("<meta property=\"og:type\" content=\"website\">"))
            #expect(now.contains("<link rel=\"canonical\" href=\"https://smallbatch.example.com/now.html\">"))
            let colophon = try read("colophon.html", in: site)
            #expect(colophon.contains("<h1 class=\"page-title\">Colophon</h1>"))
            #expect(colophon.contains("content=\"How this site is made: text files, one stylesheet, no JavaScript.\""))

            try write("@title Gone\n@template missing\n\nText.\n", to: "pages/gone.markdown", in: blog)
            let failure = await bake(blog, into: site)
            guard case .failure(let error) = failure else {
                Issue.record("a page asking for a template the theme lacks must fail the build")
                return
            }
            #expect("\(error)".contains("pages/gone.markdown:2"), "\(error)")
            #expect("\(error)".contains("@template missing"), "\(error)")
        }
    }
}
