import LinkCheck
import Testing

@Suite struct SiteLinksTests {
    let links = SiteLinks(
        site: SiteAddress(url: "https://example.com"),
        files: SiteFiles(["index.html", "a.html", "about/index.html", "style.css", "feed.json"])
    )

    @Test func foldersAreServedFromTheirIndex() {
        #expect(links.files.file(serving: "") == "index.html")
        #expect(links.files.file(serving: "about/") == "about/index.html")
        #expect(links.files.file(serving: "about") == "about/index.html")
        #expect(links.files.file(serving: "a.html") == "a.html")
        #expect(links.files.file(serving: "gone/") == nil)
    }

    @Test func aMissingPageAndAMissingFileAreNamedApart() {
        let scan = PageScan(links: [
            .init(url: "/gone.html", kind: .page), .init(url: "/gone.png", kind: .file), .init(url: "/style.css", kind: .file),
            .init(url: "mailto:a@example.com", kind: .page), .init(url: "https://swift.org/", kind: .page),
        ])
        let result = links.check(scan, on: "index.html")
        #expect(result.broken == [
            BrokenLink(page: "index.html", url: "/gone.html", problem: .noSuchPage),
            BrokenLink(page: "index.html", url: "/gone.png", problem: .noSuchFile),
        ])
        #expect(result.checked == 3)
        #expect(result.external.map(\.address) == ["https://swift.org/"])
    }

    @Test func fragmentsAreCheckedOnTheirOwnPageAtOnceAndOnOthersOnceAllAreRead() {
        let index = PageScan(links: [
            .init(url: "#here", kind: .page), .init(url: "#gone", kind: .page), .init(url: "#top", kind: .page), .init(url: "#", kind: .page),
            .init(url: "/a.html#there", kind: .page), .init(url: "/a.html#missing", kind: .page), .init(url: "/feed.json#x", kind: .page),
        ], anchors: ["here"])
        let result = links.check(index, on: "index.html")
        #expect(result.broken == [BrokenLink(page: "index.html", url: "#gone", problem: .noSuchFragment("gone"))])
        let later = links.brokenFragments(result.fragments, anchors: ["a.html": ["there"], "index.html": ["here"]])
        #expect(later == [BrokenLink(page: "index.html", url: "/a.html#missing", problem: .noSuchFragment("missing"))])
    }
}
