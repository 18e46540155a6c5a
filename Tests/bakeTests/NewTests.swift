import BakeTestSupport
import Foundation
import Testing

/// `bake new`, after `bake init`, run as a user runs it.
@Suite struct NewTests {
    @Test func initThenNewThenBake() async throws {
        try await withTemporaryFolder { root in
            let started = try await runBake(["init", "myblog"], in: root)
            #expect(started.status == 0, "\(started.stderr)")
            let settings = try String(contentsOfFile: root + "/myblog/site.settings", encoding: .utf8)
            let zoneName = try #require(settings.split(separator: "\n").first { $0.hasPrefix("@time_zone ") }?.dropFirst("@time_zone ".count))
            let zone = try #require(TimeZone(identifier: String(zoneName)))

            let before = Date()
            let created = try await runBake(["new", "Hello World", "--blog", "myblog"], in: root)
            let after = Date()
            #expect(created.status == 0, "\(created.stderr)")
            // Today in the blog's zone; the run may straddle midnight.
            let days = Set([before, after].map { date -> String in
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                return String(format: "%04d/%02d/%02d", parts.year!, parts.month!, parts.day!)
            })
            // `bake init` already wrote today's hello-world post, so this one is -2.
            let printed = created.stdout.trimmingCharacters(in: .newlines)
            #expect(days.contains { printed == "myblog/posts/\($0)/hello-world-2.markdown" }, "\(printed)")
            let post = try String(contentsOfFile: root + "/" + printed, encoding: .utf8)
            #expect(post.hasPrefix("@title Hello World\n@pubDate "))

            let baked = try await runBake(["myblog"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            let match = try #require(baked.stdout.wholeMatch(of: summaryLine), "\(baked.stdout)")
            #expect(match.output.1 == "2")
            #expect(match.output.6 == "myblog/site")
            let day = String(printed.dropFirst("myblog/posts/".count).prefix(10))
            #expect(FileManager.default.fileExists(atPath: root + "/myblog/site/\(day)/hello-world-2.html"))
        }
    }

    @Test func newPageWritesAPageThatBakes() async throws {
        try await withTemporaryFolder { root in
            #expect(try await runBake(["init", "myblog"], in: root).status == 0)
            let created = try await runBake(["new", "page", "About Me", "--blog", "myblog", "--no-edit"], in: root)
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.stdout == "myblog/pages/about-me.markdown\n")
            #expect(try String(contentsOfFile: root + "/myblog/pages/about-me.markdown", encoding: .utf8).hasPrefix("@title About Me\n"))
            let again = try await runBake(["new", "page", "About Me", "--blog", "myblog", "--no-edit"], in: root)
            #expect(again.stdout == "myblog/pages/about-me-2.markdown\n", "never over an existing page")
            let baked = try await runBake(["myblog"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            #expect(FileManager.default.fileExists(atPath: root + "/myblog/site/about-me.html"))
            let odd = try await runBake(["new", "Two", "Titles", "--blog", "myblog", "--no-edit"], in: root)
            #expect(odd.status != 0)
        }
    }

    @Test func newReportsABadSettingsFileAsPathLine() async throws {
        try await withTemporaryFolder { root in
            try FileManager.default.createDirectory(atPath: root + "/blog", withIntermediateDirectories: true)
            try Data(Array("@site_name Caf".utf8) + [0xE9] + Array("\n@site_url https://x.example.com\n".utf8))
                .write(to: URL(fileURLWithPath: root + "/blog/site.settings"))
            let result = try await runBake(["new", "Hello", "--blog", "blog"], in: root)
            #expect(result.status != 0)
            #expect(result.stderr.contains("site.settings:1: the file is not valid UTF-8 at byte 15 of the line; expected UTF-8 text"), "\(result.stderr)")
            #expect(!result.stderr.contains("MetadataError("))
            #expect(!FileManager.default.fileExists(atPath: root + "/blog/posts"))
            // Shown from the current folder, as `bake build` shows it, and not as a usage error.
            #expect(result.stderr.contains("blog/site.settings:1: "), "\(result.stderr)")
            #expect(result.stderr.contains("bake: 1 problem; no post was written."), "\(result.stderr)")
            #expect(!result.stderr.contains("Usage:"), "\(result.stderr)")
        }
    }

    @Test func draftGoesToDraftsAndAnEmptyPostInPostsIsWarnedAbout() async throws {
        try await withTemporaryFolder { root in
            #expect(try await runBake(["init", "blog", "--author", "Mira Okafor"], in: root).status == 0)
            let settings = try String(contentsOfFile: root + "/blog/site.settings", encoding: .utf8)
            #expect(settings.contains("@author Mira Okafor\n"))

            let draft = try await runBake(["new", "Not yet", "--blog", "blog", "--draft"], in: root)
            #expect(draft.status == 0, "\(draft.stderr)")
            #expect(draft.stdout.hasPrefix("blog/drafts/"), "\(draft.stdout)")
            #expect(draft.stderr == "", "a draft is not published, so nothing to warn about")

            let live = try await runBake(["new", "Right now", "--blog", "blog"], in: root)
            #expect(live.status == 0)
            #expect(live.stdout.hasPrefix("blog/posts/"))
            #expect(live.stderr.hasPrefix("warning: posts/"), "\(live.stderr)")
            #expect(live.stderr.contains("has no text yet"), "\(live.stderr)")
        }
    }

    @Test func helpShowsEachDefaultOnce() async throws {
        try await withTemporaryFolder { root in
            let help = try await runBake(["new", "--help"], in: root)
            #expect(help.stdout.components(separatedBy: "(default: ").count - 1 <= 1, "\(help.stdout)")
            let preview = try await runBake(["preview", "--help"], in: root)
            #expect(!preview.stdout.contains("BLOG_DIR/site)"), "preview never bakes into site/: \(preview.stdout)")
        }
    }
}
