import BakeKit
import Foundation
import Testing

/// A podcast's feed, checked with feedparser and lxml against the rules the W3C feed validator
/// applies to enclosures and the `itunes:` and `media:` namespaces, and against what Apple
/// Podcasts requires of a show.
@Suite struct PodcastFeedTests {
    /// Tests/Scripts/podcast_feed_check.py, which bakeTests also runs on a baked podcast.
    static let checker = try! String(contentsOfFile: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/podcast_feed_check.py").path, encoding: .utf8)

    static func settings(extra: String = "") throws -> SiteSettings {
        try makeSettings(url: "https://example.com/show", extra: """
            @itunes_owner_email ada@example.com
            @itunes_image /show/art.jpg
            @itunes_category Technology
            @itunes_subcategory Tech News
            @feed_media_thumbnail /show/thumb.png
            \(extra)
            """)
    }

    static func episode(_ settings: SiteSettings) throws -> Post {
        try makePost("posts/2024/05/01/episode-1.markdown", date: "2024-05-01 09:00:00", title: "Episode 1: Bread & butter",
                     body: "Show notes.", extraHeader: """
                     @enclosure /show/media/episode-1.mp3
                     @enclosureLength 12345678
                     @itunesDuration 1:02:03
                     @itunesItemSubtitle Loaves <and> fishes
                     @itunesItemSummary What we baked.
                     @itunesExplicit no
                     @mediaThumbnail /show/media/episode-1.jpg

                     """, settings: settings).post
    }

    @Test func theFeedPassesTheChecks() async throws {
        let settings = try Self.settings()
        let plain = try makePost("posts/2024/04/01/news.markdown", date: "2024-04-01 09:00:00", title: "News", settings: settings).post
        let xml = RSSFeed(settings: settings).render([(try Self.episode(settings), "<p>Show notes.</p>"), (plain, "<p>News.</p>")])
        let result = try await runPython(Self.checker, input: Array(xml.utf8))
        #expect(result["errors"] as? [String] == [], "\(xml)")
        let entries = try #require(result["entries"] as? [[String: Any]])
        let enclosures = try #require(entries.first?["enclosures"] as? [[String: Any]])
        #expect(enclosures.first?["href"] as? String == "https://example.com/show/media/episode-1.mp3")
        #expect(enclosures.first?["length"] as? String == "12345678")
        #expect(enclosures.first?["type"] as? String == "audio/mpeg")
        #expect(entries.first?["duration"] as? String == "1:02:03")
        #expect(entries.first?["thumbnail"] as? String == "https://example.com/show/media/episode-1.jpg")
        #expect(entries.last?["thumbnail"] as? String == "https://example.com/show/thumb.png")
        #expect(xml.contains(#"<itunes:category text="Technology">"#))
    }

    @Test func jsonFeedItemsGetAttachments() throws {
        let settings = try Self.settings()
        let json = JSONFeed(settings: settings).render([(try Self.episode(settings), "<p>Show notes.</p>")])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let item = try #require((object["items"] as? [[String: Any]])?.first)
        let attachment = try #require((item["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["url"] as? String == "https://example.com/show/media/episode-1.mp3")
        #expect(attachment["mime_type"] as? String == "audio/mpeg")
        #expect(attachment["size_in_bytes"] as? Int == 12_345_678)
        #expect(attachment["duration_in_seconds"] as? Int == 3723)
    }

    @Test func anOwnerWithoutAnEmailIsLeftOutAndTheFeedPassesTheChecks() async throws {
        let settings = try makeSettings(url: "https://example.com/show", extra: """
            @itunes_image /show/art.jpg
            @itunes_category Technology
            """)
        let xml = RSSFeed(settings: settings).render([(try Self.episode(settings), "<p>Show notes.</p>")])
        #expect(!xml.contains("itunes:owner"))
        #expect(!xml.contains("itunes:name"))
        let result = try await runPython(Self.checker, input: Array(xml.utf8))
        #expect(result["errors"] as? [String] == [], "\(xml)")
    }

    @Test func anOwnerWithAnEmailHasItsNameAndEmail() throws {
        let xml = RSSFeed(settings: try Self.settings()).render([(try Self.episode(try Self.settings()), "<p>Show notes.</p>")])
        #expect(xml.contains("<itunes:owner>\n<itunes:name>Ada Tester</itunes:name>\n<itunes:email>ada@example.com</itunes:email>\n</itunes:owner>"))
    }

    @Test func aShowMissingWhatApplePodcastsRequiresGetsAWarningForEachSettingOnce() throws {
        let settings = try SiteSettings(metadata: MetadataParser().parse(text: """
            @site_name Show
            @site_url https://example.com
            """).metadata)
        let warnings = PodcastShow.warnings(for: settings)
        #expect(warnings.count == 4)
        #expect(warnings.allSatisfy { $0.path == "site.settings" && $0.line == nil && $0.message.hasPrefix("warning: ") })
        for (setting, tag) in [("@itunes_image", "itunes:image"), ("@itunes_category", "itunes:category"), ("@language", "language"), ("@itunes_explicit", "itunes:explicit")] {
            #expect(warnings.filter { $0.message.contains("`\(setting) ") && $0.message.contains("(<\(tag)>)") }.count == 1, "\(setting)")
        }
    }

    @Test func aShowWithEverySettingGetsNoWarning() throws {
        let settings = try Self.settings(extra: "@itunes_explicit false\n")
        #expect(PodcastShow.warnings(for: settings) == [])
        // The feed thumbnail stands in for the artwork.
        let thumbnail = try makeSettings(extra: "@feed_media_thumbnail /art.png\n@itunes_category Technology\n@itunes_explicit true\n")
        #expect(PodcastShow.warnings(for: thumbnail) == [])
    }

    @Test func aFeedWithoutEpisodesHasNoPodcastElements() throws {
        let settings = try makeSettings()
        let plain = try makePost("posts/2024/04/01/news.markdown", date: "2024-04-01 09:00:00", title: "News", settings: settings).post
        let xml = RSSFeed(settings: settings).render([(plain, "<p>News.</p>")])
        #expect(!xml.contains("itunes"))
        #expect(!xml.contains("media:"))
    }

    @Test(arguments: ["99999999999999999:00:00", "999999999999999999:00", "99999999999999999999"])
    func anAbsurdDurationIsAnErrorAtItsLine(_ duration: String) throws {
        let settings = try makeSettings()
        let failure = buildFailure {
            try makePost("posts/2024/04/01/show.markdown", date: "2024-04-01 09:00:00", title: "Show",
                         extraHeader: "@enclosure /media/show.mp3\n@itunesDuration \(duration)\n", settings: settings)
        }
        let messages = failure.map(lines) ?? []
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("posts/2024/04/01/show.markdown:4: ") == true, "\(messages)")
        #expect(messages.first?.contains("itunesDuration") == true, "\(messages)")
    }
}

