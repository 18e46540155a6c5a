import BakeTestSupport
import Foundation
import Testing

/// `bake check` end to end: the `bake` executable on a blog with planted broken links
/// (`Fixtures/broken-links`, see its README), on the sample blog, and with `--external`
/// against a real web server on loopback.
@Suite struct CheckTests {
    /// Each planted broken link, at the line that holds it, as the author wrote it.
    static let planted = [
        "posts/2024/06/02/links.markdown:13: /2003/01/01/gone.html: no such page",
        "posts/2024/06/02/links.markdown:14: /2024/05/01/first.html#installation: no id or name \"installation\" on that page",
        "posts/2024/06/02/links.markdown:16: /images/2003/photo.jpg: no such file",
        "static/old-archive/index.html:6: ../archive/2002.html: no such page",
        "templates/article.mustache:7: /tags/: no such page",
    ]

    /// `N broken links in …; M links checked in T s (…)`.
    nonisolated(unsafe) static let summary = /^(\d+|No) broken links?(?: in ([^;]+))?; ([\d,]+) links? checked in \d+\.\d\d s(?: \((\d+) links? to other sites not checked; --external checks them\))?$/

    /// A copy of the fixture blog in a temp folder; `siteURL` replaces its `@site_url`.
    func fixture(siteURL: String? = nil) throws -> TestBlog {
        let outside = try temporaryFolder(prefix: "bake-check-")
        let root = outside + "/blog"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Tests/bakeTests/Fixtures/broken-links", toPath: root)
        let blog = TestBlog(existing: root)
        if let siteURL {
            let settings = try blog.read("site.settings").replacingOccurrences(of: "@site_url https://links.example.com", with: "@site_url " + siteURL)
            try blog.write(settings, to: "site.settings")
        }
        return blog
    }

    @Test(arguments: [nil, "https://links.example.com/blog/"])
    func reportsEachPlantedBrokenLinkAtItsLineAndNothingElse(siteURL: String?) async throws {
        let blog = try fixture(siteURL: siteURL)
        defer { try? FileManager.default.removeItem(atPath: blog.root + "/..") }
        let result = try await runBake(["check"], in: blog.root)
        #expect(result.status == 1, "\(result.stderr)")
        var lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Baked 2 posts and 1 page: ") == true)
        lines.removeFirst()
        let summary = lines.popLast() ?? ""
        #expect(lines == Self.planted)
        let match = try #require(summary.wholeMatch(of: Self.summary))
        #expect(match.output.1 == "5")
        #expect(match.output.2 == "1 post, 1 template and 1 file")
        // swift.org, from the post's page, the home page and the category's page.
        #expect(Int(match.output.4 ?? "0")! >= 3)
        #expect(result.stderr.isEmpty)
    }

    @Test func aTimeoutMustBeSomeTime() async throws {
        let blog = try fixture()
        defer { try? FileManager.default.removeItem(atPath: blog.root + "/..") }
        let result = try await runBake(["check", "--external", "--timeout", "0"], in: blog.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--timeout 0.0: expected a number of seconds above 0"))
        #expect(!blog.exists("site"))
        // Too short for curl to count, and too long to count at all: refused, not a hang or a trap.
        for timeout in ["0.0001", "1e300"] {
            let result = try await runBake(["check", "--external", "--timeout", timeout], in: blog.root)
            #expect(result.status == 64, "\(timeout): \(result.stderr)")
            #expect(result.stderr.contains("expected a number of seconds above 0 and at most 3600"), "\(timeout)")
            #expect(!result.stderr.contains("Fatal error"))
        }
        #expect(!blog.exists("site"))
    }

    @Test func theSampleBlogChecksClean() async throws {
        let blog = try TestBlog(prefix: "bake-check-sample-")
        defer { blog.delete() }
        let result = try await runBake(["check", blog.root], in: blog.outside)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let summary = try #require(result.stdout.split(separator: "\n").last.map(String.init))
        let match = try #require(summary.wholeMatch(of: Self.summary), "\(result.stdout)")
        #expect(match.output.1 == "No")
        #expect(Int(match.output.3.replacingOccurrences(of: ",", with: ""))! > 1_000)
    }

    /// lxml, reading the same site on its own (`Tests/Scripts/link_check.py`), finds no missing
    /// page that `bake check` did not report.
    @Test func lxmlFindsNoMissingPageThatBakeCheckMisses() async throws {
        let blog = try fixture()
        defer { try? FileManager.default.removeItem(atPath: blog.root + "/..") }
        let result = try await runBake(["check"], in: blog.root)
        let data = try await runPython([repositoryRoot + "/Tests/Scripts/link_check.py", blog.path("site"), "https://links.example.com"])
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // Feeds hold absolute links; the author wrote them root-relative.
        let missing = Set((report["missing"] as? [String] ?? []).map {
            String($0.split(separator: " ").last ?? "").replacingOccurrences(of: "https://links.example.com", with: "")
        })
        #expect(missing == ["/2003/01/01/gone.html", "/tags/"])
        for link in missing {
            #expect(result.stdout.contains(": \(link): no such page"))
        }
    }

    @Test func externalLinksAreCheckedOverHTTPWithExternal() async throws {
        let server = try await LinkServer.start()
        defer { server.stop() }
        let outside = try temporaryFolder(prefix: "bake-check-external-")
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let blog = TestBlog(existing: outside + "/blog")
        try blog.write("@site_name Out\n@site_url https://out.example.com\n", to: "site.settings")
        try blog.write("""
            @title Out
            @pubDate 2024-06-02 10:00:00 +0000

            [fine](\(server.url("/ok")))
            [gone](\(server.url("/missing")))
            [moved](\(server.url("/moved")))
            [slow](\(server.url("/hang")))
            """, to: "posts/2024/06/02/out.markdown")

        let without = try await runBake(["check"], in: blog.root)
        #expect(without.status == 0)
        #expect(try await server.stats().requests.isEmpty)

        // Long enough for a loaded machine to answer /ok, as /hang never does.
        let result = try await runBake(["check", "--external", "--timeout", "5"], in: blog.root)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init).dropFirst()
        #expect(Array(lines.dropLast()) == [
            "posts/2024/06/02/out.markdown:5: \(server.url("/missing")): HTTP 404",
            "posts/2024/06/02/out.markdown:7: \(server.url("/hang")): no answer in 5 s",
            "posts/2024/06/02/out.markdown:6: warning: \(server.url("/moved")): redirects to \(server.url("/ok")) (301)",
        ])
        let match = try #require(lines.last?.wholeMatch(of: Self.summary))
        #expect(match.output.1 == "2")
        #expect(match.output.4 == nil)
        #expect(blog.exists(".bake-cache/links"))
    }
}
