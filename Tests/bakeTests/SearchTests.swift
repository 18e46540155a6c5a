import BakeTestSupport
import Foundation
import Testing

/// `bake build` with `@search true`, run as a user runs it: Pagefind runs when pages changed,
/// the summary says so, and a machine without Pagefind gets one line saying how to install it.
@Suite struct SearchTests {
    /// The summary line of a build that ran Pagefind.
    nonisolated(unsafe) static let indexedLine = /^Baked (\d+) posts? and (\d+) pages?: (\d+) written, (\d+) unchanged, (\d+) removed; (\d+) pages? indexed for search \(([^)]+)\) in \d+\.\d\d s → (.+)\n$/

    @Test func aBuildIndexesThePostsAndPagesAndANoOpBuildDoesNot() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            try write(try String(contentsOfFile: root + "/blog/site.settings", encoding: .utf8) + "@search true\n", to: "blog/site.settings", in: root)
            let arguments = ["blog", "--output", root + "/site", "--future"]

            let first = try await runBake(arguments, in: root)
            #expect(first.status == 0, "\(first.stderr)")
            let match = try #require(first.stdout.wholeMatch(of: Self.indexedLine), "\(first.stdout)")
            // Every post and both pages; no list, archive or 404 page.
            #expect(match.output.6 == "33")
            // One bundle per year of posts, and one for the pages.
            #expect(match.output.7.split(separator: ", ").last == "pages", "\(first.stdout)")
            #expect(match.output.7.split(separator: ", ").contains("2024"), "\(first.stdout)")
            #expect(FileManager.default.fileExists(atPath: root + "/site/search/index.html"))
            #expect(FileManager.default.fileExists(atPath: root + "/site/pagefind/pagefind-ui.js"))

            let again = try await runBake(arguments, in: root)
            #expect(again.status == 0, "\(again.stderr)")
            let unchanged = try #require(again.stdout.wholeMatch(of: summaryLine), "no index on a build with nothing to do: \(again.stdout)")
            #expect(unchanged.output.3 == "0")
        }
    }

    @Test func withoutPagefindTheBuildIsOneLineAndChangesNothing() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            let settings = try String(contentsOfFile: root + "/blog/site.settings", encoding: .utf8)
            try write(settings + "@search true\n", to: "blog/site.settings", in: root)
            let line = settings.split(separator: "\n", omittingEmptySubsequences: false).count

            let result = try await runBake(["blog", "--output", "site"], in: root, environment: ["PATH": root + "/nothing-here"])

            #expect(result.status != 0)
            #expect(result.stdout == "")
            #expect(result.stderr == """
            blog/site.settings:\(line): @search true needs Pagefind, which was not found (no `pagefind` on the PATH, and python3 has no pagefind_bin); expected it installed, e.g. with `python3 -m pip install pagefind-bin`
            bake: 1 problem; the site was not changed.

            """)
            for marker in crashMarkers { #expect(!result.stderr.contains(marker)) }
            #expect(!FileManager.default.fileExists(atPath: root + "/site"))
        }
    }
}
