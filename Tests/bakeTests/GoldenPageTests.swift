import BakeTestSupport
import Foundation
import Testing

/// Representative pages of the old archive compared byte for byte with `Goldens/old-archive/`,
/// so a change in what readers see is a reviewed diff.
///
/// After an intended change (the theme, say), record them again and review the diff:
///
/// ```sh
/// BAKE_RECORD_GOLDENS=1 swift test --filter GoldenPageTests
/// git diff Tests/bakeTests/Goldens
/// ```
@Suite struct GoldenPageTests {
    static let pages = [
        "2025/03/01/detente.html",          // a post with categories and references in its title
        "2025/03/04/link-post.html",        // a link post
        "2025/02/14/untitled-cafe.html",    // an untitled post
        "2025/02/10/dark-night.html",       // an HTML post, updated later
        "index.html",                       // home
        "2025/03/index.html",               // a month
        "page/2/index.html",                // a page of older posts, with links both ways
        "2025/index.html",                  // a year
        "archive.html",                     // every post by year and month
        "categories/index.html",            // the categories
        "categories/cloud.html",            // the tag cloud
        "categories/politics-and-power/index.html",  // a category named with references
        "categories/politics-and-power/rss.xml",
        "links/index.html",                 // the link posts
        "links/rss.xml",
        "about.html",                       // a page
        "404.html",
        "sitemap.xml",
        "xml/rss.xml",
        "feed.json",
    ]
    static let goldens = repositoryRoot + "/Tests/bakeTests/Goldens/old-archive"
    static let recording = ProcessInfo.processInfo.environment["BAKE_RECORD_GOLDENS"] == "1"

    @Test(arguments: pages) func pageMatchesItsGolden(_ path: String) async throws {
        try await withTemporaryFolder { root in
            let site = try await bakeOldArchive(in: root)
            let baked = try Data(contentsOf: URL(fileURLWithPath: site + "/" + path))
            let golden = URL(fileURLWithPath: Self.goldens + "/" + path)
            if Self.recording {
                try write(Array(baked), to: path, in: Self.goldens)
                // A recording run is never a passing one, so a stray variable cannot hide a change.
                Issue.record("recorded \(path); review the diff and run again without BAKE_RECORD_GOLDENS")
                return
            }
            let expected = try #require(try? Data(contentsOf: golden), "no golden for \(path); record with BAKE_RECORD_GOLDENS=1")
            #expect(baked == expected, "\(path) differs from its golden:\n\(Self.firstDifference(baked, expected))")
        }
    }
}

private extension GoldenPageTests {
    /// The first line that differs, to read in the test log.
    static func firstDifference(_ baked: Data, _ golden: Data) -> String {
        let new = String(decoding: baked, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let old = String(decoding: golden, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(new.count, old.count) where new[safe: index] != old[safe: index] {
            return "line \(index + 1)\n- \(old[safe: index] ?? "(end)")\n+ \(new[safe: index] ?? "(end)")"
        }
        return "(same lines)"
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
