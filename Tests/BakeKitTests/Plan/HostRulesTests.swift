@testable import BakeKit
import Testing

@Suite struct HostRulesTests {
    static let now = Timestamp(seconds: 2_000_000_000)

    static func plan(_ host: String, url: String = "https://example.com") throws -> SitePlan {
        let settings = try makeSettings(url: url, extra: "@host_rules \(host)\n")
        let parser = PostParser(settings: settings)
        let post = try parser.parsePost(path: "posts/2014/03/01/old.markdown",
                                        bytes: Array("@title Old\n@pubDate 2014-03-01 09:00:00\n@aliases /old.php, /2009/03/café-au-lait/, /index.php?p=12\n\nOld text.".utf8),
                                        status: .published, now: now).post
        return try SitePlan(posts: [post], pages: [], settings: settings, now: now)
    }

    static func text(_ plan: SitePlan, _ file: String) throws -> String {
        let output = try #require(plan.output(at: file))
        guard case .hostRules(let rules) = output.inputs else {
            Issue.record("\(file) is not a host's rule file")
            return ""
        }
        return rules.text
    }

    @Test func netlifyGetsForcedRedirectsForEveryOldPathAndTheMediaCacheRule() throws {
        let plan = try Self.plan("netlify")
        let redirects = try Self.text(plan, "_redirects").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(redirects == [
            "/old.php  /2014/03/01/old.html  301!",
            "/2009/03/caf%C3%A9-au-lait/  /2014/03/01/old.html  301!",
        ])
        #expect(try Self.text(plan, "_headers").contains("/media/*\n  Cache-Control: public, max-age=2592000\n"))
    }

    @Test func cloudflareRedirectsAreNotForcedAndASitePathLeadsEveryTarget() throws {
        let plan = try Self.plan("Cloudflare", url: "https://example.com/blog/")
        let redirects = try Self.text(plan, "_redirects").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(redirects.first == "/old.php  /blog/2014/03/01/old.html  301")
        #expect(try Self.text(plan, "_headers").contains("/blog/media/*\n"))
    }

    @Test func withoutTheSettingThereAreNoRuleFiles() throws {
        let settings = try makeSettings()
        let plan = try SitePlan(posts: [], pages: [], settings: settings, now: Self.now)
        #expect(plan.output(at: "_redirects") == nil && plan.output(at: "_headers") == nil)
        #expect(throws: (any Error).self) { try makeSettings(extra: "@host_rules vercel\n") }
    }
}
