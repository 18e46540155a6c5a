import BakeTestSupport
import Foundation
import Testing

/// Search, end to end: the sample blog plus one post with a word no other post has, at a base
/// path, baked by the real `bake build` with `@search true` (so by the real Pagefind), served
/// by a plain static file server, and searched in headless Chromium (see `SearchBrowserCheck`)
/// and Firefox (`SearchFirefoxCheck`). The post is edited after the first build, which puts it in
/// the bundle of recent changes and names its stale copy in the 2024 bundle to be dropped: the
/// search page finds the word the edit added, not the word it removed, the post's other words
/// once, and a word of a 2019 post from the first build's bundle.
@Suite struct SearchBrowserTests {
    static let word = "glimmerwick"
    /// The word the edit adds.
    static let newWord = "emberquill"
    /// The word the edit removes.
    static let removedWord = "quillfeather"
    /// A word only a post of 2019 has.
    static let olderWord = "archaeology"
    static let postPath = "/blog/2024/05/06/the-lamplighters-almanac.html"
    static let olderPostPath = "/blog/2019/03/22/plain-text-lasts.html"

    @Test func typingAWordFindsItsOnePostAndFollowsIt() async throws {
        let blog = try TestBlog(prefix: "bake-search-browser-test-", settings: ["@search true"])
        defer { blog.delete() }
        let settings = try blog.read("site.settings")
        try blog.write(settings.replacingOccurrences(of: "@site_url https://smallbatch.example.com", with: "@site_url https://smallbatch.example.com/blog"),
                       to: "site.settings")
        try blog.write("""
        @title The lamplighter’s almanac
        @pubDate 2024-05-06 21:00:00 -0700

        Every street had its lamp, and every lamp its \(Self.word): the short wick that
        lamplighters kept for the longest nights.

        Its \(Self.removedWord) was kept in a drawer.

        """, to: "posts/2024/05/06/the-lamplighters-almanac.markdown")
        // The site goes where the host serves /blog/.
        let root = blog.outside + "/root"
        let baked = try await runBake([blog.root, "--output", root + "/blog"], in: blog.outside)
        #expect(baked.status == 0, "\(baked.stderr)")
        #expect(baked.stdout.contains("indexed for search"), "\(baked.stdout)")
        let post = "posts/2024/05/06/the-lamplighters-almanac.markdown"
        let edit = try blog.read(post).replacingOccurrences(of: "Its \(Self.removedWord) was kept in a drawer.", with: "Its \(Self.newWord) was kept in a tin.")
        #expect(!edit.contains(Self.removedWord))
        try blog.write(edit, to: post)
        let edited = try await runBake([blog.root, "--output", root + "/blog"], in: blog.outside)
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.contains("indexed for search (recent) in"), "only the bundle of recent changes is made: \(edited.stdout)")

        // Pagefind's ids are short hashes, and two pages of different bundles may share one: a
        // result whose id is dropped stays unless it is the page named. Here the 2019 post's id
        // is named too, with another page's URL, and it is still found.
        let ledger = try String(contentsOfFile: root + "/blog/pagefind/2019/bake-pages.tsv", encoding: .utf8)
        let olderLine = try #require(ledger.split(separator: "\n").first { $0.hasPrefix(Self.olderPostPath.dropFirst("/blog/".count) + "\t") })
        let olderID = String(try #require(olderLine.split(separator: "\t").last))
        let listPath = root + "/blog/pagefind/bundles.json"
        let list = try String(contentsOfFile: listPath, encoding: .utf8)
        try list.replacingOccurrences(of: "\"drop\":[", with: "\"drop\":[[\"\(olderID)\",\"/2019/elsewhere.html\"],").write(toFile: listPath, atomically: true, encoding: .utf8)

        let moreWords = [Self.newWord, Self.olderWord, Self.removedWord]
        let report = try await SearchBrowserCheck(root: root, searchPath: "/blog/search/", word: Self.word, moreWords: moreWords).run()
        if let problem = report.problem {
            Issue.record("the search browser test cannot run: \(problem)")
            return
        }

        // The page loads the list of bundles, then the first one's script, which loads the others.
        struct Bundles: Decodable { let bundles: [String]; let recent: String?; let drop: [[String]]? }
        let index = try JSONDecoder().decode(Bundles.self, from: Data(list.utf8))
        #expect(index.recent == "recent" && index.drop?.map { $0.last } == [Self.postPath.replacingOccurrences(of: "/blog", with: "")], "the edited post's stale copy is dropped: \(index)")
        let first = index.bundles.first
        let loaded = report.loaded ?? []
        #expect(loaded.contains("/blog/pagefind/bundles.json"), "\(loaded)")
        #expect(loaded.contains("/blog/pagefind/\(first ?? "no bundle")/pagefind.js"), "\(loaded)")
        #expect(report.message == "1 result for “\(Self.word)”")
        #expect(report.results == [Self.postPath], "one result, the post; not the home page that lists it: \(report.message ?? "")")
        #expect(report.landedPath == Self.postPath)
        #expect(report.found?[Self.newWord] == [Self.postPath], "the edited post's new word: \(report.found ?? [:])")
        // Pagefind also finds words that share its stem in other years' posts, ranked below it.
        #expect(report.found?[Self.olderWord]?.first == Self.olderPostPath, "a word of a post of 2019, first: \(report.found ?? [:])")
        #expect(report.found?[Self.removedWord] == [], "the word the edit removed is found nowhere: \(report.found ?? [:])")
        #expect(report.landedHeading == "The lamplighter’s almanac")
        #expect((report.scrollWidth ?? .max) <= (report.phoneWidth ?? 0), "the search page scrolls sideways at \(report.phoneWidth ?? 0) px")
        // The search box takes the theme's background, in light and in dark.
        let light = report.colors?["light"], dark = report.colors?["dark"]
        #expect(light?["box"] == light?["page"], "\(report.colors ?? [:])")
        #expect(dark?["box"] == dark?["page"], "\(report.colors ?? [:])")
        #expect(light?["page"] != dark?["page"], "dark mode changes the background")
        #expect(report.console == [], "the search page and the post logged errors: \(report.console ?? [])")
        for state in ["light", "dark", "light, results", "dark, results"] {
            let violations = report.axe?[state]
            #expect(violations != nil, "axe-core did not run on the search page (\(state))")
            for violation in violations ?? [] where violation.impact == "critical" || violation.impact == "serious" {
                Issue.record("axe-core, search page, \(state): \(violation.impact ?? "") \(violation.id) on \(violation.nodes) element(s), e.g. \(violation.example)")
            }
        }
        #expect(Set((report.nu ?? [:]).keys) == ["search", "post"], "the Nu HTML checker checked the search page and the post")
        for (name, nu) in (report.nu ?? [:]).sorted(by: { $0.key < $1.key }) {
            #expect(nu.errors.isEmpty, "Nu HTML checker errors on the \(name) page:\n\(nu.errors.joined(separator: "\n"))")
            #expect(nu.warnings.isEmpty, "Nu HTML checker warnings on the \(name) page:\n\(nu.warnings.joined(separator: "\n"))")
        }

        // Firefox finds what Chromium found, word for word.
        let firefox = try await SearchFirefoxCheck(root: root, searchPath: "/blog/search/", words: [Self.word] + moreWords).run()
        if let problem = firefox.problem {
            Issue.record("the search check cannot run in Firefox: \(problem)")
            return
        }
        var chromium = report.found ?? [:]
        chromium[Self.word] = report.results
        #expect(firefox.found == chromium, "Firefox's results, then Chromium's")
        #expect(firefox.console == [], "the search page logged errors in Firefox: \(firefox.console ?? [])")
    }
}
