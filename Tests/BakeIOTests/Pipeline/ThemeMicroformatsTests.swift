import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// The default theme's microformats2, read by mf2py (`Tests/Scripts/microformats.py`), the
/// parser IndieWeb readers use, from a blog baked into real files: a titled post, a note, a
/// reply with a Micropub photo, a like in the shim's older JSON form, the home page and a
/// category.
@Suite struct ThemeMicroformatsTests {
    static let siteURL = "https://mf.example.com"

    static let blog: [String: String] = [
        "site.settings": """
        @site_name Microformats
        @site_url \(siteURL)
        @author Ada Tester
        @time_zone America/Los_Angeles
        @feed_author_avatar_url /media/ada.jpg
        @me https://mastodon.example/@ada, https://github.com/ada

        """,
        "posts/2014/03/31/hello.markdown": """
        @title Hello
        @pubDate 2014-03-31 20:16:46 -0700
        @modDate 2014-04-05 10:00:00 -0700
        @categoryArray Swift, Blogging

        The *first* post.
        """,
        "posts/2014/04/01/note.markdown": "@pubDate 2014-04-01 09:00:00 -0700\n@categoryArray Swift\n\nJust a note.\n",
        "posts/2014/04/02/reply.markdown": """
        @pubDate 2014-04-02 09:00:00 -0700
        @in_reply_to https://other.example/2014/04/01/their-post.html
        @micropub_photo [{"value": "\(siteURL)/media/2014/04/cat.jpg", "alt": "A cat"}]

        I agree.
        """,
        "posts/2014/04/03/liked.markdown": "@pubDate 2014-04-03 09:00:00 -0700\n@micropub_like_of [\"https://other.example/liked\"]\n\nLiked it.\n",
    ]

    static let pages = [
        "2014/03/31/hello.html", "2014/04/01/note.html", "2014/04/02/reply.html", "2014/04/03/liked.html",
        "index.html", "categories/swift/index.html",
    ]

    @Test func postsAreEntriesListsAreFeedsAndTheAuthorIsACard() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(Self.blog, in: root + "/blog")
            let site = root + "/site"
            _ = try await bake(root + "/blog", into: site).summary()
            let parsed = try await Self.parse(Self.pages, in: site)

            let hello = try Self.entry(on: "2014/03/31/hello.html", in: parsed)
            #expect(hello.values("name") == ["Hello"])
            Self.expectSameTime(hello.values("published"), "2014-03-31T20:16:46-07:00")
            Self.expectSameTime(hello.values("updated"), "2014-04-05T10:00:00-07:00")
            #expect(hello.values("url") == [Self.siteURL + "/2014/03/31/hello.html"])
            #expect(hello.values("uid") == [Self.siteURL + "/2014/03/31/hello.html"])
            #expect(hello.values("category") == ["Swift", "Blogging"])
            let content = try #require(hello.objects("content").first)
            #expect(content["html"] as? String == "<p>The <em>first</em> post.</p>")
            #expect(content["value"] as? String == "The first post.")
            Self.expectAuthor(hello)
            // Machine-readable as written, not only as mf2py normalizes it.
            #expect(try read("site/2014/03/31/hello.html", in: root).contains(#"<time class="dt-published" datetime="2014-03-31T20:16:46-07:00">"#))

            let note = try Self.entry(on: "2014/04/01/note.html", in: parsed)
            #expect(note.values("name").isEmpty, "a note has no name; its text is its content")
            #expect(note.objects("content").first?["value"] as? String == "Just a note.")
            #expect(note.values("url") == [Self.siteURL + "/2014/04/01/note.html"])
            Self.expectSameTime(note.values("published"), "2014-04-01T09:00:00-07:00")
            #expect(note.values("updated").isEmpty)
            Self.expectAuthor(note)

            let reply = try Self.entry(on: "2014/04/02/reply.html", in: parsed)
            #expect(reply.values("in-reply-to") == ["https://other.example/2014/04/01/their-post.html"])
            #expect(reply.values("photo") == [Self.siteURL + "/media/2014/04/cat.jpg"])
            #expect(reply.values("like-of").isEmpty)
            Self.expectAuthor(reply)

            let liked = try Self.entry(on: "2014/04/03/liked.html", in: parsed)
            #expect(liked.values("like-of") == ["https://other.example/liked"])

            // Each page's footer is the author's card, and its head links their profiles.
            for path in Self.pages {
                let page = try #require(parsed[path])
                let cards = page.items.filter { $0.types == ["h-card"] }
                #expect(cards.count == 1, "\(path): one h-card at the top level, the footer's")
                if let card = cards.first {
                    #expect(card.values("name") == ["Ada Tester"])
                    #expect(card.values("url") == [Self.siteURL + "/", "https://mastodon.example/@ada", "https://github.com/ada"])
                    #expect(card.values("photo") == [Self.siteURL + "/media/ada.jpg"])
                }
                #expect(page.rels["me"] == ["https://mastodon.example/@ada", "https://github.com/ada"], "\(path)")
            }

            let home = try Self.feed(on: "index.html", in: parsed)
            #expect(home.children.map { $0.values("url") } == [
                "2014/04/03/liked.html", "2014/04/02/reply.html", "2014/04/01/note.html", "2014/03/31/hello.html",
            ].map { [Self.siteURL + "/" + $0] })
            #expect(home.children.allSatisfy { $0.types == ["h-entry"] && $0.values("published").count == 1 && !$0.objects("author").isEmpty })
            #expect(home.children.last?.values("name") == ["Hello"])
            #expect(home.children.last?.values("category") == ["Swift", "Blogging"])
            #expect(home.children[1].values("in-reply-to") == ["https://other.example/2014/04/01/their-post.html"])

            let swift = try Self.feed(on: "categories/swift/index.html", in: parsed)
            #expect(swift.values("name") == ["Swift"])
            #expect(swift.children.map { $0.values("url") } == [
                [Self.siteURL + "/2014/04/01/note.html"], [Self.siteURL + "/2014/03/31/hello.html"],
            ])
            #expect(swift.children.first?.objects("content").first?["value"] as? String == "Just a note.")
        }
    }
}

private extension ThemeMicroformatsTests {
    /// One microformat as mf2py gives it.
    struct Item {
        let json: [String: Any]

        var types: [String] { json["type"] as? [String] ?? [] }
        var properties: [String: [Any]] { json["properties"] as? [String: [Any]] ?? [:] }
        var children: [Item] { (json["children"] as? [[String: Any]] ?? []).map(Item.init) }
        /// The text values of a property (URLs, names, dates).
        func values(_ name: String) -> [String] { (properties[name] ?? []).compactMap { $0 as? String } }
        /// The object values of a property (content, an embedded h-card).
        func objects(_ name: String) -> [[String: Any]] { (properties[name] ?? []).compactMap { $0 as? [String: Any] } }
    }

    /// One page as mf2py reads it.
    struct Page {
        let items: [Item]
        let rels: [String: [String]]
    }

    /// Reads the baked pages at `paths` of `site` with mf2py, in one run.
    static func parse(_ paths: [String], in site: String) async throws -> [String: Page] {
        let script = repositoryRoot + "/Tests/Scripts/microformats.py"
        let run = try await Program(executable: "/usr/bin/env").run(["python3", script, site, siteURL] + paths)
        guard run.succeeded else {
            throw TestFailure(description: "microformats.py failed (script/setup installs mf2py): \(run.errors)")
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: [String: Any]])
        return object.mapValues { page in
            Page(items: (page["items"] as? [[String: Any]] ?? []).map(Item.init), rels: page["rels"] as? [String: [String]] ?? [:])
        }
    }

    /// The one h-entry at the top level of a post's page.
    static func entry(on path: String, in parsed: [String: Page]) throws -> Item {
        let entries = try #require(parsed[path]).items.filter { $0.types == ["h-entry"] }
        try #require(entries.count == 1, "\(path) has \(entries.count) h-entries at the top level")
        return entries[0]
    }

    /// The one h-feed at the top level of a list's page.
    static func feed(on path: String, in parsed: [String: Page]) throws -> Item {
        let feeds = try #require(parsed[path]).items.filter { $0.types == ["h-feed"] }
        try #require(feeds.count == 1, "\(path) has \(feeds.count) h-feeds at the top level")
        return feeds[0]
    }

    /// The entry's author is the site's author as an h-card with a name, a URL and a photo.
    static func expectAuthor(_ entry: Item, sourceLocation: SourceLocation = #_sourceLocation) {
        let authors = entry.objects("author")
        #expect(authors.count == 1, sourceLocation: sourceLocation)
        guard let author = authors.first.map(Item.init) else { return }
        #expect(author.types == ["h-card"], sourceLocation: sourceLocation)
        #expect(author.values("name") == ["Ada Tester"], sourceLocation: sourceLocation)
        #expect(author.values("url") == [siteURL + "/"], sourceLocation: sourceLocation)
        #expect(author.values("photo") == [siteURL + "/media/ada.jpg"], sourceLocation: sourceLocation)
    }

    /// A date of a property is the instant `expected` (RFC 3339); mf2py writes the offset
    /// without its colon (`-0700`).
    static func expectSameTime(_ values: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(values.map { $0.filter { $0 != ":" } } == [expected.filter { $0 != ":" }], "\(values) is not \(expected)", sourceLocation: sourceLocation)
    }
}
