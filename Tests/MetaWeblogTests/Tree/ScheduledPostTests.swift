import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
@testable import MetaWeblog
import Testing
import XMLRPC

/// Posts dated in the future go live on their own while the shim runs: when the clock (a
/// test's, moved by hand) reaches a post's time, the site is re-baked with no request made.
@Suite(.timeLimit(.minutes(10)))
struct ScheduledPostTests {
    /// 2030-01-01 12:00:00 UTC.
    static let start = Timestamp(seconds: 1_893_499_200)

    static func page(of postID: String) -> String {
        "site/" + postID.replacingOccurrences(of: ".markdown", with: ".html")
    }

    /// Waits until the shim's writer waits on the clock for `time`.
    static func waitsFor(_ time: Timestamp, on clock: ManualWallClock) async throws {
        try await eventually("the shim waits for \(time.seconds)") { clock.waitingFor.contains(time) }
    }

    @Test func aPostDatedAnHourAheadThroughMetaWeblogGoesLiveAtItsTime() async throws {
        let clock = ManualWallClock(now: Self.start)
        let blog = try TestBlog()
        defer { blog.delete() }
        let shim = try await ShimHarness(blog: blog, clock: clock)
        try await shim.whileRunning {
            let post: XMLRPCValue = [
                "title": "Later", "description": "Written now, read in an hour.",
                "dateCreated": .dateTime(XMLRPCDateTime(iso8601: "2030-01-01T13:00:00Z")!),
            ]
            let postID = try #require(try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [post, true]).stringValue)
            #expect(blog.exists("posts/" + postID))
            #expect(!blog.exists(Self.page(of: postID)))
            try await Self.waitsFor(Timestamp(seconds: Self.start.seconds + 3600), on: clock)

            clock.advance(seconds: 3599)
            // A second early: nothing happens (the shim still waits for its time).
            try await Self.waitsFor(Timestamp(seconds: Self.start.seconds + 3600), on: clock)
            #expect(!blog.exists(Self.page(of: postID)))

            clock.advance(seconds: 1)
            try await eventually("the post's page is baked") { blog.exists(Self.page(of: postID)) }
            #expect(try blog.read(Self.page(of: postID)).contains("Written now, read in an hour."))
            #expect(try blog.read("site/index.html").contains("Later"))
            try await eventually("the scheduled bake is reported") {
                shim.log.events.contains { if case .scheduledBake(let written, _) = $0 { written > 0 } else { false } }
            }
        }
    }

    /// Micropub's `published` in the future schedules the post too; a second, later post
    /// waits for its own time after the first went live.
    @Test func postsPublishedInTheFutureThroughMicropubGoLiveOneAfterTheOther() async throws {
        let clock = ManualWallClock(now: Self.start)
        let blog = try TestBlog()
        defer { blog.delete() }
        let token = try TokenStore(blog: blog.folder).add(name: "Tests", scopes: [.create], now: Date()).token
        let shim = try await ShimHarness(blog: blog, clock: clock)
        try await shim.whileRunning {
            var locations: [String] = []
            for (published, text) in [("2030-01-01T12:30:00Z", "Half past."), ("2030-01-01T14:00:00Z", "Two o'clock.")] {
                let body = Array("h=entry&content=\(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&published=\(published)".utf8)
                let reply = try await TestHTTP.request("POST", "/micropub", port: shim.port, headers: [
                    "Authorization": "Bearer \(token)", "Content-Type": "application/x-www-form-urlencoded",
                ], body: body)
                #expect(reply.status == 201)
                locations.append(try #require(reply.headers["location"]))
            }
            let pages = locations.map { "site" + URLComponents(string: $0)!.path }
            #expect(pages.allSatisfy { !blog.exists($0) })

            try await Self.waitsFor(Timestamp(seconds: Self.start.seconds + 1800), on: clock)
            clock.advance(seconds: 1800)
            try await eventually("the first post's page is baked") { blog.exists(pages[0]) }
            #expect(!blog.exists(pages[1]))

            try await Self.waitsFor(Timestamp(seconds: Self.start.seconds + 7200), on: clock)
            clock.advance(seconds: 5400)
            try await eventually("the second post's page is baked") { blog.exists(pages[1]) }
        }
    }

    /// A post that came due while the shim was stopped is baked when it starts.
    @Test func aPostThatCameDueWhileTheShimWasStoppedIsBakedAtStart() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        try blog.write("@title Due\n@pubDate 2030-01-01 12:10:00 +0000\n\nDue while stopped.\n", to: "posts/2030/01/01/due.markdown")
        let options = BuildOptions(configuration: .load(blog.folder), now: Self.start)
        let first = try await SiteBuilder(options: options).build()
        #expect(first.nextScheduled == Timestamp(seconds: Self.start.seconds + 600))
        #expect(!blog.exists("site/2030/01/01/due.html"))

        let clock = ManualWallClock(now: Timestamp(seconds: Self.start.seconds + 3600))
        let shim = try await ShimHarness(blog: blog, clock: clock)
        try await shim.whileRunning {
            try await eventually("the due post is baked") { blog.exists("site/2030/01/01/due.html") }
        }
    }
}
