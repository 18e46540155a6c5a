import BakeTestSupport
import Foundation
import Testing

/// What `bake deploy` tells the web once the site is up, run as a user runs it: webmentions to
/// the pages new, changed and removed posts link to, and WebSub pings for the feeds that
/// changed. Three other sites and a hub stand in on loopback (`Tests/Scripts/webmention_sites.py`).
@Suite(.timeLimit(.minutes(10)))
struct WebmentionTests {
    static let site = "https://smallbatch.example.com"

    /// One request the stand-ins received.
    struct Received: Hashable, CustomStringConvertible {
        let path: String
        let form: [String: String]
        var description: String { "\(path) \(form.sorted { $0.key < $1.key })" }
    }

    /// A copy of the sample blog that names the stand-in hub, its target folder, and the stand-ins.
    struct Fixture {
        let root: String
        let sites: LinkServer

        func url(_ path: String) -> String { sites.url(path) }

        func deploy(_ extra: [String] = []) async throws -> CommandResult {
            let result = try await runBake(["deploy", "blog", "--to", root + "/target"] + extra, in: root)
            #expect(result.status == 0, "\(result.stderr)")
            return result
        }

        func post(_ path: String, title: String, body: String) throws {
            try write("@title \(title)\n@pubDate 2026-11-01 10:00:00 -0800\n\n\(body)\n", to: "blog/posts/" + path, in: root)
        }

        /// What the stand-ins received so far.
        func received() async throws -> [Received] {
            let reply = try await TestHTTP.request("GET", "/received", port: sites.port)
            let list = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [[String: Any]])
            return list.map { Received(path: $0["path"] as? String ?? "", form: $0["form"] as? [String: String] ?? [:]) }
        }

        /// What they received since `count` requests.
        func received(after count: Int) async throws -> [Received] {
            Array(try await received().dropFirst(count))
        }
    }

    static func with(_ body: (Fixture) async throws -> Void) async throws {
        let sites = try await LinkServer.start(script: "webmention_sites.py")
        defer { sites.stop() }
        try await withTemporaryFolder(prefix: "bake-webmention-test-") { root in
            try copySample(to: root + "/blog")
            let settings = root + "/blog/site.settings"
            try (try String(contentsOfFile: settings, encoding: .utf8) + "@websub_hub \(sites.url("/hub"))\n").write(toFile: settings, atomically: false, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: root + "/target", withIntermediateDirectories: true)
            try await body(Fixture(root: root, sites: sites))
        }
    }

    static func mention(_ endpoint: String, _ source: String, _ target: String) -> Received {
        Received(path: endpoint, form: ["source": source, "target": target])
    }

    @Test func newChangedAndRemovedPostsSendTheirWebmentionsOnce() async throws {
        try await Self.with { fixture in
            // The first publish records the posts as they are, and sends none.
            let first = try await fixture.deploy()
            #expect(first.stdout.contains("Webmentions: recorded the "))
            let pings = try await fixture.received()
            #expect(!pings.isEmpty && pings.allSatisfy { $0.path == "/hub" && $0.form["hub.mode"] == "publish" })
            #expect(Set(pings.compactMap { $0.form["hub.url"] }).isSuperset(of: [Self.site + "/xml/rss.xml", Self.site + "/feed.json"]))
            #expect(pings.count == Set(pings).count)

            // Two new posts: links to a page with its endpoint in a header, one in a <link>,
            // one with none, the site itself, and a fragment of a page already linked.
            let (a, b, c) = (fixture.url("/a/page"), fixture.url("/b/page"), fixture.url("/c/page"))
            try fixture.post("2026/11/01/replying.markdown", title: "Replying", body: "See [A](\(a)), [B](\(b)), [C](\(c)), [home](\(Self.site)/) and [A again](\(a)#top).")
            try fixture.post("2026/11/01/also.markdown", title: "Also", body: "Also [A](\(a)).")
            let replying = Self.site + "/2026/11/01/replying.html"
            let also = Self.site + "/2026/11/01/also.html"
            var seen = try await fixture.received().count
            let second = try await fixture.deploy()
            let sent = try await fixture.received(after: seen)
            let mentions = sent.filter { $0.path != "/hub" }
            #expect(Set(mentions) == [
                Self.mention("/a/endpoint", replying, a), Self.mention("/b/endpoint", replying, b), Self.mention("/a/endpoint", also, a),
            ])
            #expect(mentions.count == 3)
            #expect(second.stdout.contains("Webmention sent: \(replying) → \(b) (202)"))
            // The feeds changed, and the hub heard of each once.
            #expect(sent.filter { $0.path == "/hub" }.compactMap { $0.form["hub.url"] }.contains(Self.site + "/xml/rss.xml"))

            // Nothing changed: nothing is sent.
            seen = try await fixture.received().count
            _ = try await fixture.deploy()
            #expect(try await fixture.received(after: seen).isEmpty)

            // An edit sends again for that post only.
            try fixture.post("2026/11/01/replying.markdown", title: "Replying", body: "See [A](\(a)) and [B](\(b)), edited.")
            seen = try await fixture.received().count
            _ = try await fixture.deploy()
            #expect(Set(try await fixture.received(after: seen).filter { $0.path != "/hub" }) == [
                Self.mention("/a/endpoint", replying, a), Self.mention("/b/endpoint", replying, b),
            ])

            // A removed post sends again, so the page it linked to finds it gone.
            try FileManager.default.removeItem(atPath: fixture.root + "/blog/posts/2026/11/01/also.markdown")
            seen = try await fixture.received().count
            _ = try await fixture.deploy()
            #expect(try await fixture.received(after: seen).filter { $0.path != "/hub" } == [Self.mention("/a/endpoint", also, a)])
        }
    }

    /// `bake webmention --dry-run` says what a publish would send, and sends nothing; `bake
    /// webmention` sends it.
    @Test func webmentionByHandSaysWhatItWouldSendThenSendsIt() async throws {
        try await Self.with { fixture in
            _ = try await fixture.deploy()
            try fixture.post("2026/11/01/by-hand.markdown", title: "By hand", body: "[A](\(fixture.url("/a/page")))")
            let source = Self.site + "/2026/11/01/by-hand.html"
            let seen = try await fixture.received().count
            let dry = try await runBake(["webmention", "blog", "--dry-run"], in: fixture.root)
            #expect(dry.status == 0, "\(dry.stderr)")
            #expect(dry.stdout.contains("would send \(source) → \(fixture.url("/a/page"))"))
            #expect(try await fixture.received(after: seen).isEmpty)
            let real = try await runBake(["webmention", "blog"], in: fixture.root)
            #expect(real.status == 0, "\(real.stderr)")
            #expect(try await fixture.received(after: seen) == [Self.mention("/a/endpoint", source, fixture.url("/a/page"))])
        }
    }

    /// A page that does not answer is a warning naming it; the publish goes through, and the
    /// webmention is sent again by the next publish.
    @Test func aFailedSendIsAWarningAndIsSentAgainNextTime() async throws {
        try await Self.with { fixture in
            _ = try await fixture.deploy()
            let gone = "http://127.0.0.1:\(fixture.sites.port)/missing"
            try fixture.post("2026/11/01/to-nowhere.markdown", title: "To nowhere", body: "[gone](\(gone))")
            let result = try await fixture.deploy()
            #expect(result.stdout.contains("Published "))
            #expect(result.stderr.contains("warning: \(gone): answered 404"))
            let again = try await fixture.deploy()
            #expect(again.stderr.contains("warning: \(gone): answered 404"))
        }
    }
}
