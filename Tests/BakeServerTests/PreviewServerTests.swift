import BakeIO
import BakeKit
@testable import BakeServer
import BakeTestSupport
import Foundation
import Testing

/// Preview end to end: a copy of the sample blog, a server on 127.0.0.1 port 0, changes on
/// disk, and checks over real HTTP and the real live-reload stream.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct PreviewServerTests {
    static let post = "posts/2019/03/22/plain-text-lasts.markdown"
    static let page = "/2019/03/22/plain-text-lasts.html"
    static let newPost = "posts/2018/07/04/a-new-month.markdown"
    static let newPage = "/2018/07/04/a-new-month.html"

    @Test(arguments: [WatchMethod.inotify, .polling(interval: .milliseconds(100))])
    func editAddDeleteThenBreakAndFixAHeader(watching: WatchMethod) async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let preview = try await PreviewHarness(blog: blog, watching: watching)
        try await preview.whileRunning {
            let first = try await preview.get(Self.page)
            #expect(first.status == 200)
            #expect(first.text.contains("Plain text lasts"))
            let events = try preview.listen()
            defer { events.close() }
            try await events.next("hello")

            // Edit a post.
            let original = try blog.read(Self.post)
            try blog.write(original.replacingOccurrences(of: "I have word processor files", with: "EDITED: I have word processor files"), to: Self.post)
            try await events.next("reload")
            try await expectPage(preview, Self.page, status: 200, containing: "EDITED: I have word processor files")

            // Add a post in a month, and a year, that have no folder yet.
            try blog.write(postText(title: "A new month", date: "2018-07-04 10:00:00 -0700", body: "The first post of July."), to: Self.newPost)
            try await events.next("reload")
            try await expectPage(preview, Self.newPage, status: 200, containing: "A new month")
            try await expectPage(preview, "/2018/07/", status: 200, containing: "A new month")

            // Delete a post: its page goes, and the site's 404 page answers.
            try blog.remove(Self.post)
            try await events.next("reload")
            try await expectPage(preview, Self.page, status: 404, containing: "Page not found")

            // Break a header: the pages get the problems, and the last good site stays.
            try blog.replace("@title A new month\n@pubDate not a date\n\nThe first post of July.\n", at: Self.newPost)
            let problems = try await events.next("problems")
            let lines = try JSONDecoder().decode([String].self, from: Data(problems.data.utf8))
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix(Self.newPost + ":2: ") == true)
            let failure = try #require(preview.builds.last.flatMap { if case .failure(let failure) = $0.result { failure } else { nil } })
            #expect(lines == failure.diagnostics.map(\.description))
            try await expectPage(preview, Self.newPage, status: 200, containing: "The first post of July.")

            // A page loaded while the build is broken shows the overlay at once.
            let late = try preview.listen()
            defer { late.close() }
            try await late.next("hello")
            #expect(try await late.next("problems").data == problems.data)

            // Fixing the file clears the overlay by itself.
            try blog.write(postText(title: "A new month, fixed", date: "2018-07-04 10:00:00 -0700", body: "The first post of July."), to: Self.newPost)
            try await events.next("ok")
            try await events.next("reload")
            try await late.next("ok")
            try await expectPage(preview, Self.newPage, status: 200, containing: "A new month, fixed")
            // A page connecting now gets no problems: the stream sends them right after
            // `hello` if it has any, so once the next build's `reload` has come, nothing
            // can come between.
            let fresh = try preview.listen()
            defer { fresh.close() }
            try await fresh.next("hello")
            try blog.write(postText(title: "A new month, fixed again", date: "2018-07-04 10:00:00 -0700", body: "The first post of July."), to: Self.newPost)
            try await fresh.next("reload")
            #expect(fresh.all.map(\.name) == ["hello", "reload"])
        }
        #expect(preview.builds.count >= 6)
        #expect(!FileIO.exists(blog.path("site")), "preview never bakes into the blog's site/")
    }

    /// A page served before a rebuild whose stream opens after it: the page would stay stale
    /// unless its script knows the version it was served at.
    @Test func aPageWhoseStreamOpensAfterARebuildHearsANewerVersion() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let preview = try await PreviewHarness(blog: blog)
        try await preview.whileRunning {
            let page = try await preview.get(Self.page)
            let served = try #require(ReloadScript.version(in: page.text))
            // Nothing was built since: the stream names the page's version, and the page stays.
            let onTime = try preview.listen()
            defer { onTime.close() }
            #expect(try await onTime.next("hello").data == served)

            // A rebuild finishes before the page's own stream opens.
            let original = try blog.read(Self.post)
            try blog.write(original.replacingOccurrences(of: "I have word processor files", with: "EDITED: I have word processor files"), to: Self.post)
            try await onTime.next("reload")
            let late = try preview.listen()
            defer { late.close() }
            let hello = try await late.next("hello")
            #expect(hello.data != served, "the page's script compares the two and reloads")

            // The reloaded page is the new one, at the version its stream names.
            let reloaded = try await preview.get(Self.page)
            #expect(reloaded.text.contains("EDITED: I have word processor files"))
            #expect(ReloadScript.version(in: reloaded.text) == hello.data)
        }
    }

    /// As a `git checkout` would: 200 posts over many new day folders, as fast as possible.
    /// On a clock that stands still until every change has been seen, then passes the quiet
    /// period: one rebuild, however slowly the machine wrote the files.
    @Test func savingTwoHundredFilesAtOnceRebuildsOnce() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let clock = ManualClock()
        let preview = try await PreviewHarness(blog: blog, clock: clock)
        try await preview.whileRunning {
            let events = try preview.listen()
            defer { events.close() }
            try await events.next("hello")
            let before = preview.builds.count
            func day(_ number: Int) -> String {
                let day = 1 + number % 28
                return "2017/\(number < 100 ? "05" : "06")/\(day < 10 ? "0" : "")\(day)"
            }
            let paths = (0..<200).map { "posts/\(day($0))/burst-\($0).markdown" }
            for (number, path) in paths.enumerated() {
                try blog.write(postText(title: "Burst \(number)", date: "2017-05-01 09:00:00 -0700", body: "Post \(number) of a burst."), to: path)
            }
            try await eventually("the watcher to see all 200 posts") { preview.noticed.isSuperset(of: paths) }
            #expect(preview.builds.count == before, "nothing builds while the clock stands still")
            clock.advance(by: .milliseconds(80))
            try await events.next("reload")
            #expect(preview.builds.count - before == 1)
            let changed = Set(preview.builds.dropFirst(before).flatMap(\.changes))
            #expect(changed.isSuperset(of: paths))
            try await expectPage(preview, "/\(day(199))/burst-199.html", status: 200, containing: "Burst 199")
            try await expectPage(preview, "/\(day(0))/burst-0.html", status: 200, containing: "Burst 0")
            // Wakes a batch that a late event of the burst may have started, so that preview stops.
            clock.advance(by: .seconds(1))
        }
    }

    @Test func draftsAndFuturePostsShowMarkedOnlyInPreview() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        try blog.write(postText(title: "Not yet", date: "2025-02-03 10:00:00 -0800", body: "A draft."), to: "drafts/not-yet.markdown")
        try blog.write(postText(title: "Someday", date: "2099-01-02 10:00:00 -0800", body: "A future post."), to: "posts/2099/01/02/someday.markdown")
        let preview = try await PreviewHarness(blog: blog, drafts: true, future: true)
        try await preview.whileRunning {
            let draft = try await preview.get("/2025/02/03/not-yet.html")
            #expect(draft.status == 200)
            #expect(draft.text.contains(#"<p class="status">Draft</p>"#))
            let future = try await preview.get("/2099/01/02/someday.html")
            #expect(future.status == 200)
            #expect(future.text.contains(#"<p class="status">Scheduled</p>"#))

            // drafts/ is watched with --drafts.
            let events = try preview.listen()
            defer { events.close() }
            try await events.next("hello")
            try blog.write(postText(title: "Not yet, edited", date: "2025-02-03 10:00:00 -0800", body: "A draft."), to: "drafts/not-yet.markdown")
            try await events.next("reload")
            try await expectPage(preview, "/2025/02/03/not-yet.html", status: 200, containing: "Not yet, edited")
        }
        #expect(!FileIO.exists(blog.path("site")))
        let plain = try await PreviewHarness(blog: blog)
        try await plain.whileRunning {
            let draft = try await plain.get("/2025/02/03/not-yet.html")
            let future = try await plain.get("/2099/01/02/someday.html")
            #expect(draft.status == 404)
            #expect(future.status == 404)
        }
    }

    /// A post dated in the future appears when its time comes, with no change saved: preview
    /// waits for it on the wall clock (a test's, moved by hand) and rebuilds, and open pages reload.
    @Test func aScheduledPostAppearsWhenItsTimeComes() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        try blog.write(postText(title: "At ten past", date: "2030-01-01 12:10:00 +0000", body: "Right on time."), to: "posts/2030/01/01/at-ten-past.markdown")
        let start = Timestamp(seconds: 1_893_499_200)  // 2030-01-01 12:00:00 UTC
        let due = Timestamp(seconds: start.seconds + 600)
        let clock = ManualWallClock(now: start)
        let preview = try await PreviewHarness(blog: blog, wallClock: clock)
        try await preview.whileRunning {
            #expect(try await preview.get("/2030/01/01/at-ten-past.html").status == 404)
            let events = try preview.listen()
            defer { events.close() }
            try await events.next("hello")
            try await eventually("preview waits for the post's time") { clock.waitingFor.contains(due) }
            clock.advance(seconds: 600)
            try await events.next("reload")
            try await expectPage(preview, "/2030/01/01/at-ten-past.html", status: 200, containing: "Right on time.")
            #expect(try await preview.get("/").text.contains("At ten past"))
        }
    }

    /// With `@search true`, the first build indexes the preview's site; a save indexes again
    /// only the bundle of the post's year, as `bake build` does, before the page reloads.
    @Test func aSaveIndexesThePostAsARecentChange() async throws {
        let blog = try TestBlog(prefix: "bake-server-test-", settings: ["@search true"])
        defer { blog.delete() }
        let preview = try await PreviewHarness(blog: blog)
        try await preview.whileRunning {
            try await expectPage(preview, "/search/", status: 200, containing: "data-base-url=\"/\"")
            try await expectPage(preview, "/pagefind/pagefind-ui.js", status: 200, containing: "PagefindUI")
            try await expectPage(preview, "/pagefind/bundles.json", status: 200, containing: "\"2025\"")
            let year = try await preview.get("/pagefind/2025/pagefind-entry.json").text
            let pages = try await preview.get("/pagefind/pages/pagefind-entry.json").text

            let events = try preview.listen()
            defer { events.close() }
            try await events.next("hello")
            try blog.write(postText(title: "Written in preview", date: "2025-02-03 10:00:00 -0800", body: "A new post."), to: "posts/2025/02/03/written-in-preview.markdown")
            try await events.next("reload")
            try await expectPage(preview, "/2025/02/03/written-in-preview.html", status: 200, containing: "Written in preview")
            // The bundle of recent changes has the new post; the years' bundles stay.
            let recent = try await preview.get("/pagefind/recent/pagefind-entry.json")
            #expect(recent.status == 200)
            try await expectPage(preview, "/pagefind/bundles.json", status: 200, containing: "\"recent\":\"recent\"")
            #expect(try await preview.get("/pagefind/2025/pagefind-entry.json").text == year)
            #expect(try await preview.get("/pagefind/pages/pagefind-entry.json").text == pages)
        }
    }

    @Test func stylesheetOnlyChangesSwapTheStylesheet() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let preview = try await PreviewHarness(blog: blog)
        try await preview.whileRunning {
            let events = try preview.listen()
            defer { events.close() }
            try await events.next("hello")
            try blog.write("body { color: rebeccapurple; }\n", to: "static/extra.css")
            try await events.next("css")
            try await expectPage(preview, "/extra.css", status: 200, containing: "rebeccapurple")
            #expect(!events.all.contains { $0.name == "reload" })
        }
    }

    @Test func shutdownEndsStreamsAndKeepsThePreviewFolderForNextTime() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let preview = try await PreviewHarness(blog: blog)
        let output = preview.server.output
        #expect(FileIO.isFolder(output))
        #expect(preview.servingURL == "http://127.0.0.1:\(preview.port)/")
        let events = try preview.listen()
        defer { events.close() }
        try await events.next("hello")
        try await preview.stop()
        try await eventually("the stream to end") { events.ended }
        // Kept, inside the blog's cache and never in site/, so the next preview is incremental.
        #expect(output == blog.root + "/.bake-cache/preview")
        #expect(FileIO.isFolder(output))
        #expect(!FileIO.exists(blog.root + "/site"))
    }

    /// Preview reads the blog as `bake build` does: the settings' theme, with no flags; and
    /// it bakes into its own folder, never the blog's `@output`.
    @Test func usesTheSettingsThemeAndNeverTheirOutput() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        try copyDefaultTheme(to: blog.path("themes/mine"), marking: "my own theme")
        try blog.write(try blog.read("site.settings") + "@theme themes/mine\n@output public\n", to: "site.settings")
        let preview = try await PreviewHarness(blog: blog)
        try await preview.whileRunning {
            try await expectPage(preview, Self.page, status: 200, containing: "<meta name=\"theme\" content=\"my own theme\">")
        }
        #expect(preview.server.output == blog.root + "/.bake-cache/preview")
        #expect(!FileIO.exists(blog.root + "/public"))
        #expect(!FileIO.exists(blog.root + "/site"))
    }

    /// Under a base path preview answers as the real server would: only there.
    @Test func underABasePathAnswersOnlyThere() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        try blog.write(try blog.read("site.settings").replacingOccurrences(of: "@site_url https://smallbatch.example.com", with: "@site_url https://smallbatch.example.com/blog"), to: "site.settings")
        let preview = try await PreviewHarness(blog: blog)
        try await preview.whileRunning {
            #expect(preview.servingURL == "http://127.0.0.1:\(preview.port)/blog/")
            try await expectPage(preview, "/blog" + Self.page, status: 200, containing: "Plain text lasts")
            try await expectPage(preview, Self.page, status: 404, containing: "Page not found")
            let root = try await preview.get("/")
            #expect(root.status == 301)
            #expect(root.headers["location"] == "/blog/")
        }
    }

    @Test func aFirstBuildThatFailsStillServesTheProblems() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        try blog.write("@title Broken\n@pubDate yesterday-ish\n\nBody.\n", to: "posts/2020/05/05/broken.markdown")
        let preview = try await PreviewHarness(blog: blog)
        try await preview.whileRunning {
            let home = try await preview.get("/")
            #expect(home.status == 404)
            #expect(home.text.contains(ReloadScript.eventsPath))
            let events = try preview.listen()
            defer { events.close() }
            try await events.next("hello")
            let problems = try await events.next("problems")
            let lines = try JSONDecoder().decode([String].self, from: Data(problems.data.utf8))
            #expect(lines.first?.hasPrefix("posts/2020/05/05/broken.markdown:2: ") == true)
            try blog.remove("posts/2020/05/05/broken.markdown")
            try await events.next("ok")
            try await events.next("reload")
            try await expectPage(preview, "/", status: 200, containing: "Small Batch")
        }
    }
}

/// Checks, over HTTP, that `target` answers `status` with `text` in the page, allowing a
/// moment for a rebuild that a second event of the same change caused.
func expectPage(_ preview: PreviewHarness, _ target: String, status: Int, containing text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    var last: HTTPReply?
    do {
        try await eventually("\(target) to answer \(status) with \(text)") {
            last = try await preview.get(target)
            return last?.status == status && last?.text.contains(text) == true
        }
    } catch {
        Issue.record("\(target): \(last?.status ?? 0), expected \(status) with “\(text)”", sourceLocation: sourceLocation)
        return
    }
    if last?.headers["content-type"]?.hasPrefix("text/html") == true {
        #expect(last?.text.contains(ReloadScript.eventsPath) == true, "every HTML page has the reload script", sourceLocation: sourceLocation)
    }
}
