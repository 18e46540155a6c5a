import BakeIO
import BakeLinks
import BakeKit
import BakeTestSupport
import Foundation
import LinkCheck
import Testing

/// `LinkChecker` on sites `SiteBuilder` built: where a broken link is traced to when the blog
/// lives in a folder of the site, writes `.htm` files and shows posts on list pages.
@Suite struct LinkCheckerTests {
    static let blog: [String: String] = [
        "site.settings": """
        @site_name Folder Blog
        @site_url https://example.com/site
        @blog_relative_path journal
        @output_file_suffix .htm
        @time_zone UTC
        """,
        "posts/2024/05/01/first.markdown": """
        @title First
        @pubDate 2024-05-01 10:00:00 +0000
        @categoryArray Notes

        A [sibling](../02/second.htm), [the second](/journal/2024/05/02/second.htm) and [about](/about.htm).
        """,
        "posts/2024/05/02/second.markdown": """
        @title Second
        @pubDate 2024-05-02 10:00:00 +0000

        [Back](/journal/2024/05/01/first.htm#nowhere), ![x](/images/gone.png).
        """,
        "pages/about.markdown": "@title About\n\nMe, and [my old page](/about-me.htm).\n",
    ]

    func check(_ files: [String: String]) async throws -> LinkReport {
        try await withTemporaryFolder { root in
            try makeBlog(files, in: root + "/blog")
            let options = BuildOptions(blog: BlogFolder(root: root + "/blog"), output: root + "/out", now: testNow)
            let built = try await SiteBuilder(options: options, memory: BuildMemory()).buildSite()
            return try await LinkChecker(options: options, site: built.site).check()
        }
    }

    @Test func brokenLinksAreTracedToTheirPostsFromEveryPageThatShowsThem() async throws {
        let report = try await check(Self.blog)
        #expect(report.problems.map(\.description) == [
            // Relative: fine on the first post's own page, broken where the home page and the
            // category's page show the post.
            "pages/about.markdown:3: /about-me.htm: no such page",
            "posts/2024/05/01/first.markdown:5: ../02/second.htm: no such page",
            "posts/2024/05/02/second.markdown:4: /images/gone.png: no such file",
            "posts/2024/05/02/second.markdown:4: /journal/2024/05/01/first.htm#nowhere: no id or name \"nowhere\" on that page",
        ])
        #expect(report.warnings.isEmpty)
        #expect(report.unchecked == 0)
    }

    /// A build that finds nothing changed writes nothing, but still hands the checker the
    /// plan it made, so the broken links are traced as after a build that wrote the site.
    @Test func aBuildThatChangedNothingStillTracesThroughItsPlan() async throws {
        let (first, again, summary) = try await withTemporaryFolder { root in
            try makeBlog(Self.blog, in: root + "/blog")
            let options = BuildOptions(blog: BlogFolder(root: root + "/blog"), output: root + "/out", now: testNow)
            let first = try await SiteBuilder(options: options, memory: BuildMemory()).buildSite()
            let report = try await LinkChecker(options: options, site: first.site).check()
            let again = try await SiteBuilder(options: options, memory: BuildMemory()).buildSite()
            return (report, try await LinkChecker(options: options, site: again.site).check(), again.summary)
        }
        #expect(summary.written.isEmpty)
        #expect(summary.rendered == 0)
        #expect(again.problems.map(\.description) == first.problems.map(\.description))
        #expect(again.problems.count == 4)
        #expect(again.checked == first.checked)
    }

    @Test func aCleanSiteHasNoProblems() async throws {
        var files = Self.blog
        files["posts/2024/05/01/first.markdown"] = "@title First\n@pubDate 2024-05-01 10:00:00 +0000\n\n[The second](/journal/2024/05/02/second.htm), [mail](mailto:a@example.com).\n"
        files["posts/2024/05/02/second.markdown"] = "@title Second\n@pubDate 2024-05-02 10:00:00 +0000\n\n<p id=\"end\">[Back](/journal/2024/05/01/first.htm), [end](#end).</p>\n"
        files["pages/about.markdown"] = "@title About\n\n[Elsewhere](https://swift.org/).\n"
        let report = try await check(files)
        #expect(report.problems.isEmpty)
        #expect(report.checked > 50)
        #expect(report.unchecked == 1)
    }
}
