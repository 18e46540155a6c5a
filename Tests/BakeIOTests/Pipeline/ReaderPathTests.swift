import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// The sample blog, read as a reader moves through it: following the links the pages show,
/// parsed with libxml2, never guessing a URL.
@Suite struct ReaderPathTests {
    /// Every post's permalink path, e.g. `/2019/03/22/plain-text-lasts.html`, with its categories.
    static func samplePosts() throws -> [String: Set<String>] {
        var posts: [String: Set<String>] = [:]
        for file in allFiles(in: repositoryRoot + "/posts-sample/posts") {
            let text = try String(contentsOfFile: repositoryRoot + "/posts-sample/posts/" + file, encoding: .utf8)
            let stem = file.split(separator: ".").first.map(String.init) ?? file
            let header = text.split(separator: "\n").first { $0.hasPrefix("@categoryArray ") } ?? ""
            let categories = header.dropFirst("@categoryArray ".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            posts["/" + stem + ".html"] = Set(categories.filter { !$0.isEmpty })
        }
        return posts
    }

    @Test func fromTheHomePageThroughEveryOlderPageEveryPostOnce() async throws {
        try await withBakedSample { site in
            let expected = try Self.samplePosts()
            var seen: [String] = []
            var url: String? = "/"
            var previous: String?
            var pages = 0
            while let current = url {
                let page = try Self.page(current, in: site)
                pages += 1
                #expect(Self.head(page, rel: "prev") == previous, "\(current)")
                #expect(Self.pager(page, rel: "prev") == previous, "\(current)")
                seen += Self.articlePermalinks(page)
                previous = current
                url = Self.head(page, rel: "next")
                #expect(Self.pager(page, rel: "next") == url, "\(current)")
                if let url { #expect(Self.pager(page, text: "Older posts") == url) }
                if pages > 1 { #expect(Self.pager(page, text: "Newer posts") != nil, "\(current)") }
                try #require(pages <= expected.count, "the pages never end")
            }
            #expect(pages == 4, "31 posts, 8 a page")
            #expect(seen.count == expected.count, "every post exactly once: \(seen)")
            #expect(Set(seen) == Set(expected.keys))
            #expect(!FileManager.default.fileExists(atPath: site + "/page/1/index.html"), "no duplicate of the home page")
        }
    }

    /// From the categories page to the tag cloud: every category, each linked to its own
    /// page, the most written about the largest and the least the smallest.
    @Test func fromCategoriesToTheTagCloudAndEachCategory() async throws {
        try await withBakedSample { site in
            let posts = try Self.samplePosts()
            var counts: [String: Int] = [:]
            for categories in posts.values { for name in categories { counts[name, default: 0] += 1 } }
            let index = try Self.page("/categories/", in: site)
            let cloudURL = try #require(index.descendants.first { $0.name == "a" && $0.text.contains("cloud") }?.attributes["href"])
            #expect(cloudURL == "/categories/cloud.html")
            let cloud = try Self.page(cloudURL, in: site)
            #expect(Self.head(cloud, rel: "canonical") == "https://smallbatch.example.com/categories/cloud.html")
            let links = cloud.descendants.filter { $0.name == "a" && $0.classes.contains { $0.hasPrefix("tag-size-") } }
            var sizes: [String: Int] = [:]
            for link in links {
                let size = try #require(link.classes.first { $0.hasPrefix("tag-size-") }.flatMap { Int($0.dropFirst("tag-size-".count)) })
                sizes[link.text] = size
                let category = try Self.page(try #require(link.attributes["href"]), in: site)
                #expect(category.descendants.first { $0.name == "h1" }?.text.contains(link.text) == true, "\(link.text)")
            }
            #expect(Set(sizes.keys) == Set(counts.keys))
            let most = try #require(counts.max { $0.value < $1.value }?.value)
            let least = try #require(counts.min { $0.value < $1.value }?.value)
            for (name, count) in counts {
                if count == most { #expect(sizes[name] == 5, "\(name)") }
                if count == least { #expect(sizes[name] == 1, "\(name)") }
            }
        }
    }

    @Test func fromCategoriesToEachCategoryItsPostsAndFeeds() async throws {
        try await withBakedSample { site in
            let posts = try Self.samplePosts()
            let names = Set(posts.values.flatMap { $0 })
            let index = try Self.page("/categories/", in: site)
            let items = index.descendants.filter { $0.name == "ul" && $0.classes.contains("category-list") }.flatMap(\.descendants).filter { $0.name == "li" }
            var found: Set<String> = []
            for item in items {
                let link = try #require(item.descendants.first { $0.name == "a" })
                let name = link.text
                found.insert(name)
                let expected = Set(posts.filter { $0.value.contains(name) }.keys)
                #expect(item.text.contains("(\(expected.count))"), "\(name)")
                var seen: [String] = []
                var url = link.attributes["href"]
                #expect(url != nil, "\(name)")
                var first: CheckedElement?
                while let current = url {
                    let page = try Self.page(current, in: site)
                    if first == nil { first = page }
                    let heading = page.descendants.first { $0.name == "h1" }
                    #expect(heading?.text == name || heading?.text.hasPrefix(name + ", page") == true, "\(current)")
                    seen += Self.articlePermalinks(page)
                    url = Self.head(page, rel: "next")
                    try #require(seen.count <= posts.count)
                }
                #expect(seen.count == expected.count && Set(seen) == expected, "\(name): \(seen)")
                let alternates = try #require(first).descendants.filter { $0.name == "link" && $0.attributes["rel"] == "alternate" }
                let rss = try #require(alternates.first { ($0.attributes["href"] ?? "").hasSuffix("/rss.xml") && $0.attributes["href"] != "/xml/rss.xml" })
                let json = try #require(alternates.first { ($0.attributes["href"] ?? "").hasSuffix("/feed.json") && $0.attributes["href"] != "/feed.json" })
                let feed = try #require(SiteCheck.document(xml: Array(try Data(contentsOf: URL(fileURLWithPath: site + rss.attributes["href"]!)))))
                let guids = feed.descendants.filter { $0.name == "guid" }.map { String($0.text.dropFirst("https://smallbatch.example.com".count)) }
                #expect(Set(guids) == expected && guids.count == expected.count, "\(name) RSS")
                let jsonFeed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + json.attributes["href"]!))) as? [String: Any]
                let ids = ((jsonFeed?["items"] as? [[String: Any]]) ?? []).compactMap { ($0["id"] as? String)?.dropFirst("https://smallbatch.example.com".count) }.map(String.init)
                #expect(Set(ids) == expected && ids.count == expected.count, "\(name) JSON Feed")
            }
            #expect(found == names)
            #expect(items.map(\.text) == items.map(\.text).sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
        }
    }

    @Test func postPagesLinkToTheirCategoriesAndCarryASocialCard() async throws {
        try await withBakedSample { site in
            let page = try Self.page("/2019/03/22/plain-text-lasts.html", in: site)
            let tags = page.descendants.filter { $0.name == "a" && $0.attributes["rel"] == "tag" }
            #expect(tags.map(\.text) == ["Writing", "Tools"])
            #expect(tags.map { $0.attributes["href"] } == ["/categories/writing/", "/categories/tools/"])
            let meta = Dictionary(page.descendants.filter { $0.name == "meta" }.compactMap { element in
                (element.attributes["property"] ?? element.attributes["name"]).map { ($0, element.attributes["content"] ?? "") }
            }, uniquingKeysWith: { first, _ in first })
            #expect(meta["og:type"] == "article")
            #expect(meta["og:url"] == "https://smallbatch.example.com/2019/03/22/plain-text-lasts.html")
            #expect(meta["og:title"] == "Plain text lasts")
            #expect(meta["og:description"] == "Why every post here starts life as a plain text file.")
            #expect(meta["og:site_name"] == "Small Batch")
            #expect(meta["twitter:card"] == "summary")
            let canonical = page.descendants.first { $0.name == "link" && $0.attributes["rel"] == "canonical" }
            #expect(canonical?.attributes["href"] == "https://smallbatch.example.com/2019/03/22/plain-text-lasts.html")
            let withImage = try Self.page("/2021/09/15/the-slow-web.html", in: site)
            let image = withImage.descendants.first { $0.name == "meta" && $0.attributes["property"] == "og:image" }
            #expect(image?.attributes["content"] == "https://smallbatch.example.com/media/loaf.svg")
        }
    }

    @Test func excerptsAreCutOnListsOnly() async throws {
        try await withBakedSample { site in
            let after = "A reply on your own site is a reply you own."
            let home = try read("index.html", in: site)
            #expect(home.contains("linked back here."))
            #expect(!home.contains(after), "the home page stops at <!--more-->")
            #expect(home.contains("Continue reading"))
            let category = try read("categories/blogging/index.html", in: site)
            #expect(category.contains("linked back here.") && !category.contains(after))
            let permalink = try read("2025/09/09/comments-or-not.html", in: site)
            #expect(permalink.contains(after) && !permalink.contains("Continue reading"))
            #expect(try read("xml/rss.xml", in: site).contains(after))
            #expect(try read("feed.json", in: site).contains(after))
            #expect(try read("categories/blogging/rss.xml", in: site).contains(after))
        }
    }

    @Test func theArchiveListsEveryPostAndYearPagesTheirOwn() async throws {
        try await withBakedSample { site in
            let posts = try Self.samplePosts()
            let archive = try Self.page("/archive.html", in: site)
            let linked = archive.descendants.filter { $0.name == "a" }.compactMap { $0.attributes["href"] }.filter { $0.hasSuffix(".html") && $0.split(separator: "/").count == 4 }
            #expect(linked.count == posts.count && Set(linked) == Set(posts.keys))
            // Each year heading leads to that year's page, which lists exactly its posts.
            let yearLinks = Self.headingLinks(archive, level: "h2")
            let years = Set(posts.keys.map { String($0.split(separator: "/")[0]) })
            #expect(Set(yearLinks.map(\.text)) == years)
            for link in yearLinks {
                let href = try #require(link.attributes["href"])
                let year = try Self.page(href, in: site)
                #expect(year.descendants.first { $0.name == "h1" }?.text == link.text, "\(href)")
                let inYear = year.descendants.filter { $0.name == "a" }.compactMap { $0.attributes["href"] }.filter { $0.split(separator: "/").count == 4 && $0.hasSuffix(".html") }
                #expect(Set(inYear) == Set(posts.keys.filter { $0.hasPrefix("/\(link.text)/") }), "\(href)")
            }
            // Each month heading leads to that month's page.
            let monthLinks = Self.headingLinks(archive, level: "h3")
            #expect(Set(monthLinks.compactMap { $0.attributes["href"] }) == Set(posts.keys.map { "/" + $0.split(separator: "/").prefix(2).joined(separator: "/") + "/" }))
            for link in monthLinks {
                let month = try Self.page(try #require(link.attributes["href"]), in: site)
                #expect(month.descendants.first { $0.name == "h1" }?.text == link.text)
            }
        }
    }

    /// The sitemap lists every page a search engine should know, and only pages that exist:
    /// every page but the 404, redirects and the pages of older posts.
    @Test func theSitemapListsEveryPage() async throws {
        try await withBakedSample { site in
            let sitemap = try #require(SiteCheck.document(xml: Array(try Data(contentsOf: URL(fileURLWithPath: site + "/sitemap.xml")))))
            let listed = sitemap.descendants.filter { $0.name == "loc" }.map(\.text)
            #expect(Set(listed).count == listed.count, "no page twice")
            var expected = Set<String>()
            for file in allFiles(in: site) where file.hasSuffix(".html") && file != "404.html" && !file.contains("page/") {
                let text = try String(contentsOfFile: site + "/" + file, encoding: .utf8)
                if text.contains(#"<meta name="robots" content="noindex">"#) { continue }
                let path = file.hasSuffix("index.html") ? String(file.dropLast("index.html".count)) : file
                expected.insert("https://smallbatch.example.com/" + path)
            }
            #expect(Set(listed) == expected, "missing: \(expected.subtracting(listed).sorted()); extra: \(Set(listed).subtracting(expected).sorted())")
        }
    }
}

extension ReaderPathTests {
    func withBakedSample(_ body: (String) throws -> Void) async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try copySample(to: blog)
            _ = try await bake(blog, into: root + "/site").summary()
            try body(root + "/site")
        }
    }

    /// The links inside the page's headings of `level`, e.g. `h2`.
    static func headingLinks(_ page: CheckedElement, level: String) -> [CheckedElement] {
        page.descendants.filter { heading in heading.name == level }.compactMap { heading in
            heading.descendants.first { element in element.name == "a" }
        }
    }

    /// The page at a root-relative URL of the sample site.
    static func page(_ url: String, in site: String) throws -> CheckedElement {
        let file = site + url + (url.hasSuffix("/") ? "index.html" : "")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        return try #require(SiteCheck.document(html: bytes), "\(url)")
    }

    /// The `href` of the head's `<link rel>`.
    static func head(_ page: CheckedElement, rel: String) -> String? {
        page.descendants.first { $0.name == "link" && $0.attributes["rel"] == rel }?.attributes["href"]
    }

    /// The `href` of the pager's link with `rel`.
    static func pager(_ page: CheckedElement, rel: String) -> String? {
        pagerLinks(page).first { $0.attributes["rel"] == rel }?.attributes["href"]
    }

    /// The `href` of the pager's link whose text contains `text`.
    static func pager(_ page: CheckedElement, text: String) -> String? {
        pagerLinks(page).first { $0.text.contains(text) }?.attributes["href"]
    }

    static func pagerLinks(_ page: CheckedElement) -> [CheckedElement] {
        page.descendants.filter { $0.name == "nav" && $0.classes.contains("pager") }.flatMap(\.descendants).filter { $0.name == "a" }
    }

    /// The permalink of each post shown on a list page: the link of its date.
    static func articlePermalinks(_ page: CheckedElement) -> [String] {
        page.descendants.filter { $0.name == "article" }.compactMap { article in
            article.descendants.first { $0.name == "p" && $0.classes.contains("post-date") }?
                .descendants.first { $0.name == "a" }?.attributes["href"]
        }
    }
}
