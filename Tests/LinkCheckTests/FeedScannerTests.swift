import LinkCheck
import Testing

@Suite struct FeedScannerTests {
    @Test func readsTheLinksOfAnRSSChannelAndItsItems() {
        let rss = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/">
            <channel>
            <title>T</title><link>https://example.com/</link>
            <atom:link href="https://example.com/xml/rss.xml" rel="self" type="application/rss+xml"/>
            <itunes:image href="https://example.com/art.jpg"/>
            <item>
            <link>https://example.com/a.html</link>
            <guid isPermaLink="false">tag:example.com,2024:a</guid>
            <enclosure url="https://example.com/a.mp3?x=1&amp;y=2" length="1" type="audio/mpeg"/>
            <content:encoded><![CDATA[<a href="/inside.html">x</a>]]></content:encoded>
            </item>
            </channel>
            </rss>
            """
        #expect(FeedScanner.scanRSS(Array(rss.utf8)).links == [
            .init(url: "https://example.com/", kind: .page), .init(url: "https://example.com/xml/rss.xml", kind: .page),
            .init(url: "https://example.com/art.jpg", kind: .file), .init(url: "https://example.com/a.html", kind: .page),
            .init(url: "https://example.com/a.mp3?x=1&y=2", kind: .file),
        ])
    }

    @Test func readsTheURLsOfAJSONFeed() {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "T", "home_page_url": "https://example.com/",
             "feed_url": "https://example.com/feed.json", "favicon": "https://example.com/favicon.svg",
             "items": [{"id": "1", "url": "https://example.com/a.html", "external_url": "https://swift.org/",
                        "content_html": "<a href=\\"/inside.html\\">x</a>",
                        "attachments": [{"url": "https://example.com/a.mp3", "mime_type": "audio/mpeg"}]}]}
            """
        #expect(FeedScanner.scanJSONFeed(Array(json.utf8)).links == [
            .init(url: "https://example.com/", kind: .page), .init(url: "https://example.com/feed.json", kind: .page),
            .init(url: "https://example.com/favicon.svg", kind: .file), .init(url: "https://example.com/a.html", kind: .page),
            .init(url: "https://swift.org/", kind: .page), .init(url: "https://example.com/a.mp3", kind: .file),
        ])
    }

    @Test func anUnreadableFeedHasNoLinks() {
        #expect(FeedScanner.scanRSS(Array("<rss><channel>".utf8)).links.isEmpty)
        #expect(FeedScanner.scanJSONFeed(Array("{".utf8)).links.isEmpty)
    }
}
