import BakeKit
import Foundation
import Testing

/// The RSS feed, read back by feedparser (as feed readers do) and by lxml's strict XML parser.
@Suite struct RSSFeedTests {
    /// Prints what feedparser and lxml read from the feed on standard input, as JSON.
    static let reader = #"""
    import calendar, json, re, sys
    import feedparser
    from lxml import etree, html

    data = sys.stdin.buffer.read()
    out = {}

    parsed = feedparser.parse(data)
    out["bozo"] = int(parsed.bozo)
    out["bozo_exception"] = str(parsed.get("bozo_exception", ""))
    out["version"] = parsed.version
    out["feed"] = {"title": parsed.feed.get("title"), "link": parsed.feed.get("link"), "language": parsed.feed.get("language")}
    out["entries"] = [{
        "title": entry.get("title"),
        "link": entry.get("link"),
        "id": entry.get("id"),
        "published": calendar.timegm(entry.published_parsed) if entry.get("published_parsed") else None,
        "content": entry.content[0].value if entry.get("content") else None,
        "summary": entry.get("summary"),
        "tags": [tag.term for tag in entry.get("tags", [])],
    } for entry in parsed.entries]

    # Strict: any well-formedness error raises, and the test fails with it.
    root = etree.fromstring(data, etree.XMLParser(recover=False, resolve_entities=False, no_network=True))
    ns = {"atom": "http://www.w3.org/2005/Atom", "content": "http://purl.org/rss/1.0/modules/content/"}
    out["self"] = [(link.get("href"), link.get("type")) for link in root.xpath("/rss/channel/atom:link[@rel='self']", namespaces=ns)]
    out["hubs"] = [link.get("href") for link in root.xpath("/rss/channel/atom:link[@rel='hub']", namespaces=ns)]
    out["lastBuildDate"] = root.findtext("channel/lastBuildDate")
    rfc822 = re.compile(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d [+-]\d{4}$")
    absolute = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
    items = []
    for item in root.xpath("/rss/channel/item"):
        guid = item.find("guid")
        content = item.findtext("content:encoded", namespaces=ns) or ""
        relative = []
        for node in html.fromstring("<div>" + re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "", content) + "</div>").iter():
            for attribute in ("href", "src"):
                value = node.get(attribute)
                if value is not None and not absolute.match(value):
                    relative.append(value)
        items.append({
            "has_title": item.find("title") is not None,
            "link": item.findtext("link"),
            "guid": guid.text if guid is not None else None,
            "is_permalink": guid.get("isPermaLink") if guid is not None else None,
            "pubDate": item.findtext("pubDate"),
            "rfc822": bool(rfc822.match(item.findtext("pubDate") or "")),
            "relative": relative,
        })
    out["items"] = items
    print(json.dumps(out))
    """#

    let fixtures: FeedFixtures
    let xml: String

    init() throws {
        fixtures = try FeedFixtures()
        xml = RSSFeed(settings: fixtures.settings).render(fixtures.items)
    }

    func read() async throws -> [String: Any] {
        try await runPython(Self.reader, input: Array(xml.utf8))
    }

    @Test func feedparserReadsItWithoutComplaint() async throws {
        let result = try await read()
        #expect(result["bozo"] as? Int == 0, "\(result["bozo_exception"] ?? "")")
        #expect(result["version"] as? String == "rss20")
        let feed = try #require(result["feed"] as? [String: Any])
        #expect(feed["title"] as? String == "Test & Co")
        #expect(feed["link"] as? String == "https://example.com/blog/")
        #expect(feed["language"] as? String == "en")
    }

    @Test func entriesHaveTitlesLinksGuidsDatesAndContent() async throws {
        let entries = try #require(try await read()["entries"] as? [[String: Any]])
        #expect(entries.count == fixtures.items.count)
        guard entries.count == fixtures.items.count else { return }
        for (index, (post, _)) in fixtures.items.enumerated() {
            let entry = entries[index]
            let permalink = fixtures.permalinks[index]
            if !post.title.isEmpty {
                #expect(entry["title"] as? String == post.title)
            }
            #expect(entry["id"] as? String == permalink)
            #expect(entry["link"] as? String == post.link ?? permalink)
            #expect(entry["published"] as? Int == Int(post.pubDate.seconds), "\(permalink)")
            #expect((entry["tags"] as? [String]) == post.categories)
        }
        let content = try #require(entries[0]["content"] as? String)
        #expect(content.contains("href=\"https://example.com/blog/archive.html\""))
        #expect(content.contains("href=\"https://example.com/blog/2014/03/31/sibling.html\""))
        #expect(content.contains("href=\"https://example.com/blog/2014/03/index.html\""))
        #expect(content.contains("href=\"https://example.com/blog/2014/03/31/relative-links.html#note\""))
        #expect(content.contains("src=\"https://example.com/blog/media/loaf.svg\""))
        #expect(content.contains("https://example.com/blog/2014/03/31/pic.png"))
        #expect(content.contains("href=\"mailto:mira@example.com\""))
        #expect((entries[3]["content"] as? String)?.contains("Ampersands &amp; angle brackets &lt;3 and ]]&gt; in text.") == true)
    }

    /// With `@websub_hub`, the channel names the hub beside itself, as WebSub's discovery reads it.
    @Test func namesTheWebSubHubWhenTheBlogHasOne() async throws {
        #expect(try await read()["hubs"] as? [String] == [])
        let settings = try makeSettings(url: "https://example.com/blog/", extra: "@websub_hub https://hub.example/?a=1&b=2\n")
        let xml = RSSFeed(settings: settings).render(fixtures.items)
        let result = try await runPython(Self.reader, input: Array(xml.utf8))
        #expect(result["bozo"] as? Int == 0)
        #expect(result["hubs"] as? [String] == ["https://hub.example/?a=1&b=2"])
        #expect(result["self"] as? [[String]] == [["https://example.com/blog/xml/rss.xml", "application/rss+xml"]])
    }

    @Test func strictXMLWithSelfLinkGuidsAndRFC822Dates() async throws {
        let result = try await read()
        let selfLinks = try #require(result["self"] as? [[String]])
        #expect(selfLinks == [["https://example.com/blog/xml/rss.xml", "application/rss+xml"]])
        // The newest change: the first post's @modDate.
        #expect(result["lastBuildDate"] as? String == "Wed, 02 Apr 2014 08:00:00 -0700")
        let items = try #require(result["items"] as? [[String: Any]])
        #expect(items.count == fixtures.items.count)
        for (index, item) in items.enumerated() {
            #expect(item["guid"] as? String == fixtures.permalinks[index])
            #expect(item["is_permalink"] as? String == "true")
            #expect(item["rfc822"] as? Bool == true, "\(item["pubDate"] ?? "")")
            #expect((item["relative"] as? [String]) == [], "relative links left in item \(index)")
            #expect(item["has_title"] as? Bool == !fixtures.items[index].post.title.isEmpty)
        }
        #expect(items.map { $0["pubDate"] as? String } == [
            "Mon, 31 Mar 2014 20:16:46 -0700",
            "Fri, 02 Dec 2022 20:00:00 -0800",
            "Sun, 04 Jul 2021 09:00:00 -0700",
            "Thu, 09 Jan 2020 07:00:00 -0800",
            "Thu, 14 Mar 2019 23:59:59 -0700",
        ])
    }

    @Test func untitledItemsHaveNoTitleElement() throws {
        let items = xml.components(separatedBy: "<item>")
        try #require(items.count > 2, "the untitled post is the second item")
        let untitled = items[2]
        #expect(!untitled.contains("<title>"))
        #expect(untitled.contains("<description>First real rain of the season. The gutters are singing.</description>"))
    }

    @Test func emptyFeed() async throws {
        let empty = RSSFeed(settings: fixtures.settings).render([FeedItem]())
        let result = try await runPython(Self.reader, input: Array(empty.utf8))
        #expect(result["bozo"] as? Int == 0)
        #expect((result["items"] as? [Any])?.isEmpty == true)
        #expect(!empty.contains("lastBuildDate"))
    }
}
