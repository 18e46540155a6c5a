import BakeIO
import BakeLinks
import BakeKit
import Testing

@Suite struct WebmentionPlanTests {
    typealias Post = SentWebmentions.Post
    typealias Send = WebmentionPlan.Send

    @Test func theFirstRunRecordsThePostsAndSendsNothing() {
        let plan = WebmentionPlan(sent: nil, posts: ["p": Post(hash: "1", targets: ["https://a.example/"])])
        #expect(plan.isFirstRun)
        #expect(plan.sends.isEmpty)
        #expect(plan.record.posts["p"] == Post(hash: "1", targets: ["https://a.example/"]))
    }

    @Test func newChangedRemovedAndFailedPostsSendWhatTheSpecSays() {
        let sent = SentWebmentions(posts: [
            "changed": Post(hash: "1", targets: ["https://old.example/", "https://kept.example/"]),
            "same": Post(hash: "2", targets: ["https://x.example/"]),
            "retry": Post(hash: "3", targets: ["https://y.example/"], unsent: ["https://y.example/"]),
            "removed": Post(hash: "4", targets: ["https://z.example/"]),
        ])
        let plan = WebmentionPlan(sent: sent, posts: [
            "changed": Post(hash: "9", targets: ["https://kept.example/", "https://new.example/"]),
            "same": Post(hash: "2", targets: []),
            "retry": Post(hash: "3", targets: []),
            "new": Post(hash: "5", targets: ["https://n.example/"]),
        ])
        #expect(plan.sends == [
            Send(source: "changed", target: "https://kept.example/"), Send(source: "changed", target: "https://new.example/"),
            Send(source: "changed", target: "https://old.example/"),
            Send(source: "new", target: "https://n.example/"),
            Send(source: "removed", target: "https://z.example/"),
            Send(source: "retry", target: "https://y.example/"),
        ])
        #expect(plan.record.posts["changed"] == Post(hash: "9", targets: ["https://kept.example/", "https://new.example/"]))
        #expect(plan.record.posts["same"] == Post(hash: "2", targets: ["https://x.example/"]))
        #expect(plan.record.posts["retry"] == Post(hash: "3", targets: ["https://y.example/"]))
        // Kept until its sends went through (a failure is added to its unsent), then dropped.
        #expect(plan.record.posts["removed"] == Post(hash: "", targets: []))
        let after = WebmentionPlan(sent: plan.record, posts: plan.record.posts.filter { $0.key != "removed" })
        #expect(after.sends.isEmpty)
        #expect(after.record.posts["removed"] == nil)
    }

    @Test func targetsAreOtherSitesPagesEachOnceWithoutFragments() throws {
        let settings = try SiteSettings(metadata: MetadataParser().parse(text: "@site_name S\n@site_url https://me.example\n").metadata)
        let parsed = try PostParser(settings: settings).parsePost(
            path: "posts/2024/06/01/a.markdown",
            bytes: Array("@title A\n@pubDate 2024-06-01 10:00:00 +0000\n@link https://linked.example/post\n@in_reply_to https://reply.example/note\n\n".utf8)
                + Array("[x](https://b.example/x#top) [x again](https://b.example/x) [home](https://me.example/) [mail](mailto:a@b.example) [rel](/about.html) ![i](https://img.example/i.png)\n".utf8),
            status: .published, now: Timestamp(seconds: 1_800_000_000)
        )
        #expect(WebmentionTargets.of(post: parsed.post, html: parsed.html, siteURL: settings.url) == [
            "https://reply.example/note", "https://linked.example/post", "https://b.example/x",
        ])
    }

    @Test func anotherOriginOrAnotherUsersPathOnTheSameHostIsAnotherSite() throws {
        let settings = try SiteSettings(metadata: MetadataParser().parse(text: "@site_name S\n@site_url https://host.example/~alice\n").metadata)
        let parsed = try PostParser(settings: settings).parsePost(
            path: "posts/2024/06/01/a.markdown",
            bytes: Array("@title A\n@pubDate 2024-06-01 10:00:00 +0000\n\n".utf8)
                + Array(("[own](https://host.example/~alice/2024/01/01/x.html) [own home](https://host.example/~alice) "
                    + "[bob](https://host.example/~bob/note) [port](https://host.example:8443/~alice/x) [http](http://host.example/~alice/x) "
                    + "[alicex](https://host.example/~alicex/y)\n").utf8),
            status: .published, now: Timestamp(seconds: 1_800_000_000)
        )
        #expect(WebmentionTargets.of(post: parsed.post, html: parsed.html, siteURL: settings.url) == [
            "https://host.example/~bob/note", "https://host.example:8443/~alice/x", "http://host.example/~alice/x", "https://host.example/~alicex/y",
        ])
    }

    @Test func findsTheEndpointAsTheSpecOrdersIt() {
        func page(_ body: String, link: String = "", type: String = "text/html", url: String = "https://t.example/a/page") -> Curl.Page {
            Curl.Page(status: 200, url: url, contentType: type, link: link, body: Array(body.utf8))
        }
        // The header first, then the first <link> or <a> in the document, read against the page.
        #expect(WebmentionEndpoint.of(page(#"<link rel="webmention" href="/doc">"#, link: #"<../hdr>; rel="webmention""#)) == "https://t.example/hdr")
        #expect(WebmentionEndpoint.of(page(#"<a rel="webmention" href="first">x</a><link rel="webmention" href="/second">"#)) == "https://t.example/a/first")
        #expect(WebmentionEndpoint.of(page(#"<link rel="webmention" href="">"#)) == "https://t.example/a/page")
        #expect(WebmentionEndpoint.of(page(#"<link rel="webmention" href="/e?v=1">"#, url: "https://t.example/moved")) == "https://t.example/e?v=1")
        #expect(WebmentionEndpoint.of(page("<p>none</p>")) == nil)
        #expect(WebmentionEndpoint.of(page(#"<link rel="webmention" href="javascript:alert(1)">"#)) == nil)
        // Not HTML: only the header counts.
        #expect(WebmentionEndpoint.of(page(#"<link rel="webmention" href="/doc">"#, type: "text/plain")) == nil)
    }
}
