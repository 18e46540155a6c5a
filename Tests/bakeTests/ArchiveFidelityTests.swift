import BakeTestSupport
import Foundation
import Testing

/// The old archive, baked by the real `bake`, reads as its author wrote it: every page and
/// feed is read with libxml2's parsers and must show none of the defects `SiteCheck` knows.
@Suite struct ArchiveFidelityTests {
    @Test func noPageShowsWhatTheAuthorNeverWrote() async throws {
        try await withTemporaryFolder { root in
            let check = try await SiteCheck(site: try bakeOldArchive(in: root))
            // Every page and feed, the categories' feeds among them, where the old archive's
            // references in category names would show.
            #expect(check.checked.count > 40, "\(check.checked)")
            #expect(check.checked.contains("categories/politics-and-power/rss.xml") && check.checked.contains("categories/q-and-a/feed.json"))
            for defect in SiteCheck.Defect.allCases {
                #expect(check.pages(with: defect).isEmpty, "\(defect.rawValue)\n\(check.summary)")
            }
        }
    }

    @Test func headerTextIsDecodedOnceAndEscapedOnce() async throws {
        try await withTemporaryFolder { root in
            let site = try await bakeOldArchive(in: root)
            let detente = try page("2025/03/01/detente.html", in: site)
            #expect(detente.contains("<title>Détente — Café &amp; Crème</title>"))
            #expect(detente.contains("<li class=\"p-category\"><a href=\"/categories/politics-and-power/\" rel=\"tag\">Politics &amp; Power</a></li><li class=\"p-category\"><a href=\"/categories/cafes/\" rel=\"tag\">Cafés</a></li>"))
            let plan = try page("2025/03/02/apples-plan.html", in: site)
            #expect(plan.contains(">Apple’s plan — It’s Hyphen\u{AD}ation at AT&amp;T</a>"))
            #expect(plan.contains("rel=\"tag\">Q&amp;A</a></li>"))
            let link = try page("2025/03/04/link-post.html", in: site)
            #expect(link.contains("<a href=\"https://example.com/?a=1&amp;b=2\"><span class=\"p-name\">Link: Café “news”</span>&nbsp;<span class=\"off-site\""))
            let untitledLink = try page("2025/03/05/untitled-link.html", in: site)
            #expect(untitledLink.contains("<a href=\"https://example.com/?q=caf&amp;lang=fr&amp;x=1\">https://example.com/?q=caf&amp;lang=fr&amp;x=1</a>"))
            let rss = try page("xml/rss.xml", in: site)
            #expect(rss.contains("<title>Détente</title>"))
            #expect(rss.contains("<link>https://example.com/?a=1&amp;b=2</link>"))
            let untitled = try page("2025/02/14/untitled-cafe.html", in: site)
            #expect(untitled.contains("<meta name=\"description\" content=\"Un café «crème», s&#39;il vous plaît — et l’addition.\">"))
        }
    }

    @Test func rawHTMLIsKeptByteForByteAndNeverAutolinkedInside() async throws {
        try await withTemporaryFolder { root in
            let site = try await bakeOldArchive(in: root)
            let anchors = try page("2025/03/03/own-anchors.html", in: site)
            #expect(anchors.contains("<a href=\"https://example.com/a/b\">https://example.com/a/b</a> and <a href=\"https://example.com/x\">see www.example.com/x</a>."))
            #expect(anchors.contains("<a href=\"https://example.com/very&#8203;/long&#8203;/path\">https://example.com/very&#8203;/long&#8203;/path</a>."))
            // Outside an anchor, GFM autolinks as before.
            #expect(anchors.contains("<a href=\"https://example.org/plain\">https://example.org/plain</a>"))
            #expect(anchors.contains("<a href=\"http://www.example.org\">www.example.org</a>"))
            let html = try page("2025/03/07/html-as-written.html", in: site)
            #expect(html.contains("<p>\"Quotes\" -- and <a href=\"https://example.com/?a=1&amp;b=2\">a&#8203;link</a>.</p>"))
        }
    }

    @Test func htmlBodiesStartingWithBareTextGetTheirFirstParagraph() async throws {
        try await withTemporaryFolder { root in
            let site = try await bakeOldArchive(in: root)
            #expect(try page("2025/02/10/dark-night.html", in: site).contains("<div class=\"content e-content\">\n<p>It was a dark night.</p>\n\n<p>Then&hellip; the rain."))
            #expect(try page("2025/02/11/leading-inline.html", in: site).contains("<div class=\"content e-content\">\n<p>Leading <em>inline</em> text with a <a href=\"https://example.com/\">link</a></p>\n\n<p>Second paragraph.</p>"))
            #expect(try page("2025/02/12/before-a-list.html", in: site).contains("<div class=\"content e-content\">\n<p>Three things:</p>\n<ul>"))
            #expect(try page("2025/02/13/starts-with-a-block.html", in: site).contains("<div class=\"content e-content\">\n<!-- imported from the old engine -->\n<blockquote><p>Quoted first.</p></blockquote>\n<p>Then a paragraph.</p>\n\n</div>"))
            #expect(try page("about.html", in: site).contains("<div class=\"content\">\n<p>Written by hand since 2001.</p>"))
        }
    }

    @Test func updatedOnlyWhenModifiedLater() async throws {
        try await withTemporaryFolder { root in
            let site = try await bakeOldArchive(in: root)
            for later in ["2025/02/10/dark-night.html", "2025/03/07/html-as-written.html"] {
                #expect(try page(later, in: site).contains("<span class=\"updated\">"), "\(later)")
            }
            for notLater in ["2025/03/01/detente.html", "2025/02/15/same-instant.html", "2024/12/31/new-year.html"] {
                #expect(!(try page(notLater, in: site).contains("Updated")), "\(notLater)")
            }
            let feed = try page("feed.json", in: site)
            #expect(feed.components(separatedBy: "\"date_modified\"").count == 3)
        }
    }

    @Test func markdownGetsSmartPunctuationOutsideCode() async throws {
        try await withTemporaryFolder { root in
            let site = try await bakeOldArchive(in: root)
            let detente = try page("2025/03/01/detente.html", in: site)
            #expect(detente.contains("<p>“Quotes,” she said – ‘apostrophes’ too — and then… nothing. It’s 1999.</p>"))
            #expect(detente.contains("<code>&quot;raw&quot; -- 'as is'...</code>"))
            #expect(detente.contains("print(&quot;no 'smart' -- here...&quot;)"))
            let straight = try page("2025/03/06/straight-quotes.html", in: site)
            #expect(straight.contains("<p>&quot;Straight&quot; -- as typed...</p>"))
        }
    }
}
