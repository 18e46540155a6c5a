import BakeKit
import LinkCheck
import Testing

@Suite struct LinkReportTests {
    func report(_ broken: [BrokenLink], moved: [BrokenLink] = [], unchecked: Int = 0) -> LinkReport {
        let site = SiteAddress(url: "https://example.com")
        let texts = [
            "posts/a.markdown": SourceText(path: "posts/a.markdown", text: "@title A\n\n[x](/gone.html)\n"),
            "posts/b.markdown": SourceText(path: "posts/b.markdown", text: "@title B\n\n[x](/gone.html) [y](https://old.example.com/)\n"),
        ]
        // What OutputSources would say: each post's page, and a home page showing both.
        let tracer = LinkTracer(
            sources: OutputSources(["a.html": ["posts/a.markdown"], "b.html": ["posts/b.markdown"], "index.html": ["posts/b.markdown", "posts/a.markdown"]]),
            texts: texts,
            locator: SourceLocator(site: site, templates: [SourceText(path: "templates/layout.mustache", text: "<a href=\"/tags/\">")]),
            output: "/blog/site"
        )
        return LinkReport(broken: broken, moved: moved, checked: 12_345, unchecked: unchecked, tracer: tracer)
    }

    @Test func eachBrokenLinkIsReportedOnceForEachFileThatHoldsIt() {
        let gone = BrokenLink.Problem.noSuchPage
        let result = report([
            BrokenLink(page: "index.html", url: "/tags/", problem: gone),
            BrokenLink(page: "a.html", url: "/tags/", problem: gone),
            BrokenLink(page: "a.html", url: "/gone.html", problem: gone),
            BrokenLink(page: "b.html", url: "/gone.html", problem: gone),
            BrokenLink(page: "index.html", url: "/gone.html", problem: gone),
            BrokenLink(page: "404.html", url: "/nowhere.html", problem: gone),
        ])
        #expect(result.problems.map(\.description) == [
            "/blog/site/404.html: /nowhere.html: no such page",
            "posts/a.markdown:3: /gone.html: no such page",
            "posts/b.markdown:3: /gone.html: no such page",
            "templates/layout.mustache:1: /tags/: no such page",
        ])
        #expect(result.summary(seconds: 0.4) == "4 broken links in 2 posts, 1 template and 1 file; 12,345 links checked in 0.40 s")
    }

    @Test func redirectsAreWarningsAndTheSummarySaysWhatWasNotChecked() {
        let result = report([], moved: [BrokenLink(page: "b.html", url: "https://old.example.com/", problem: .external("redirects to https://new.example.com/ (301)"))], unchecked: 0)
        #expect(result.problems.isEmpty)
        #expect(result.warnings.map(\.description) == ["posts/b.markdown:3: warning: https://old.example.com/: redirects to https://new.example.com/ (301)"])
        #expect(report([], unchecked: 1).summary(seconds: 0.004) == "No broken links; 12,345 links checked in 0.00 s (1 link to other sites not checked; --external checks them)")
    }

    @Test func numbersAreGroupedByThousands() {
        #expect(LinkReport.grouped(0) == "0")
        #expect(LinkReport.grouped(999) == "999")
        #expect(LinkReport.grouped(1_000) == "1,000")
        #expect(LinkReport.grouped(1_234_567) == "1,234,567")
    }
}
