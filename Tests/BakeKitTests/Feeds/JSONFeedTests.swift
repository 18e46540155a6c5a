import BakeKit
import Foundation
import Testing

/// The JSON Feed, read back by Python's `json` with lxml for the HTML inside it.
@Suite struct JSONFeedTests {
    static let reader = #"""
    import json, re, sys
    from datetime import datetime
    from lxml import html

    feed = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    absolute = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
    rfc3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$")
    items = []
    for item in feed["items"]:
        relative = []
        # lxml refuses control characters, which JSON may carry escaped.
        for node in html.fromstring("<div>" + re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "", item["content_html"]) + "</div>").iter():
            for attribute in ("href", "src"):
                value = node.get(attribute)
                if value is not None and not absolute.match(value):
                    relative.append(value)
        items.append({
            "keys": sorted(item.keys()),
            "id": item["id"],
            "url": item.get("url"),
            "external_url": item.get("external_url"),
            "title": item.get("title"),
            "published": int(datetime.fromisoformat(item["date_published"]).timestamp()),
            "rfc3339": bool(rfc3339.match(item["date_published"])),
            "modified": int(datetime.fromisoformat(item["date_modified"]).timestamp()) if "date_modified" in item else None,
            "tags": item.get("tags"),
            "relative": relative,
        })
    print(json.dumps({
        "keys": sorted(feed.keys()),
        "version": feed["version"],
        "title": feed["title"],
        "home_page_url": feed.get("home_page_url"),
        "feed_url": feed.get("feed_url"),
        "authors": feed.get("authors"),
        "hubs": feed.get("hubs"),
        "items": items,
    }))
    """#

    let fixtures: FeedFixtures
    let json: String

    init() throws {
        fixtures = try FeedFixtures()
        json = JSONFeed(settings: fixtures.settings).render(fixtures.items)
    }

    @Test func topLevel() async throws {
        let feed = try await runPython(Self.reader, input: Array(json.utf8))
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["title"] as? String == "Test & Co")
        #expect(feed["home_page_url"] as? String == "https://example.com/blog/")
        #expect(feed["feed_url"] as? String == "https://example.com/blog/feed.json")
        #expect((feed["authors"] as? [[String: String]]) == [["name": "Ada Tester"]])
        #expect((feed["keys"] as? [String]) == ["authors", "description", "feed_url", "home_page_url", "items", "language", "title", "version"])
    }

    /// With `@websub_hub`, `hubs` names it, as JSON Feed 1.1 says.
    @Test func namesTheWebSubHubWhenTheBlogHasOne() async throws {
        let settings = try makeSettings(url: "https://example.com/blog/", extra: "@websub_hub https://hub.example/\n")
        let feed = try await runPython(Self.reader, input: Array(JSONFeed(settings: settings).render(fixtures.items).utf8))
        #expect((feed["hubs"] as? [[String: String]]) == [["type": "WebSub", "url": "https://hub.example/"]])
        #expect((feed["keys"] as? [String])?.contains("hubs") == true)
    }

    @Test func items() async throws {
        let feed = try await runPython(Self.reader, input: Array(json.utf8))
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == fixtures.items.count)
        guard items.count == fixtures.items.count else { return }
        for (index, (post, _)) in fixtures.items.enumerated() {
            let item = items[index]
            #expect(item["id"] as? String == fixtures.permalinks[index])
            #expect(item["url"] as? String == fixtures.permalinks[index])
            #expect(item["published"] as? Int == Int(post.pubDate.seconds))
            #expect(item["rfc3339"] as? Bool == true)
            #expect((item["relative"] as? [String]) == [], "relative links left in item \(index)")
        }
        #expect(items[0]["modified"] as? Int == 1_396_450_800)
        #expect((items[0]["tags"] as? [String]) == ["Feeds", "The Web"])
        #expect(items[3]["title"] as? String == "Fish & <chips> “quoted” 'too'")
    }

    @Test func linkPostsHaveAnExternalURL() async throws {
        let items = try #require(try await runPython(Self.reader, input: Array(json.utf8))["items"] as? [[String: Any]])
        try #require(items.count > 2, "the link post is the third item")
        #expect(items[2]["external_url"] as? String == "https://www.jsonfeed.org/version/1.1/")
        #expect(items[2]["url"] as? String == "https://example.com/blog/2021/07/04/link-post.html")
        #expect(items.enumerated().filter { $0.offset != 2 }.allSatisfy { !(($0.element["keys"] as? [String]) ?? []).contains("external_url") })
    }

    @Test func untitledPostsHaveNoTitleKey() async throws {
        let items = try #require(try await runPython(Self.reader, input: Array(json.utf8))["items"] as? [[String: Any]])
        try #require(items.count > 1, "the untitled post is the second item")
        let keys = try #require(items[1]["keys"] as? [String])
        #expect(!keys.contains("title"))
        #expect(keys.contains("content_html"))
        #expect(items.enumerated().filter { $0.offset != 1 }.allSatisfy { (($0.element["keys"] as? [String]) ?? []).contains("title") })
    }

    /// From `@favicon_url` and `@icon_url`, made absolute: feed readers fetch them from elsewhere.
    @Test func iconsFromTheSettings() throws {
        let settings = try makeSettings(url: "https://example.com/blog", extra: "@favicon_url /blog/favicon.png\n@icon_url https://cdn.example.com/icon.png")
        let feed = try #require(try JSONSerialization.jsonObject(with: Data(JSONFeed(settings: settings).render([FeedItem]()).utf8)) as? [String: Any])
        #expect(feed["favicon"] as? String == "https://example.com/blog/favicon.png")
        let underPath = try makeSettings(url: "https://example.com/blog", extra: "@favicon_url /favicon.ico\n@icon_url /touch.png")
        let second = try JSONSerialization.jsonObject(with: Data(JSONFeed(settings: underPath).render([FeedItem]()).utf8)) as? [String: Any]
        #expect(second?["favicon"] as? String == "https://example.com/blog/favicon.ico")
        #expect(second?["icon"] as? String == "https://example.com/blog/touch.png")
        #expect(feed["icon"] as? String == "https://cdn.example.com/icon.png")
    }

    @Test func deterministicBytes() throws {
        let again = JSONFeed(settings: fixtures.settings).render(try FeedFixtures().items)
        #expect(again == json)
        #expect(json.hasSuffix("}\n"))
        #expect(!json.contains("\\/"))
    }
}
