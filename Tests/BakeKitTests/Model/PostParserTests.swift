import BakeKit
import Foundation
import Testing

@Suite struct PostParserTests {
    @Test func everyField() throws {
        let bytes = try fixture("posts/every-field.markdown")
        let parser = PostParser(settings: try makeSettings())
        let parsed = try parser.parsePost(path: "posts/2014/03/31/every-field.markdown", bytes: bytes, status: .published, now: Timestamp(seconds: 0))
        let post = parsed.post
        #expect(post.sourcePath == "posts/2014/03/31/every-field.markdown")
        #expect(post.permalink == Permalink(year: 2014, month: 3, day: 31, slug: "every-field"))
        #expect(post.format == .markdown)
        #expect(post.status == .published)
        #expect(post.title == "Every field")
        #expect(post.pubDate == Timestamp(seconds: 1_396_322_206))
        #expect(post.modDate?.civil(in: TimeZone(identifier: "America/Los_Angeles")!).rfc3339 == "2014-04-02T08:00:00-07:00")
        #expect(post.link == "https://example.org/elsewhere")
        #expect(post.categories == ["Tools", "Writing", "Feeds"])
        #expect(post.metadata["dbid"] == "1234")
        #expect(post.excerpt == "A link post with every header field bake reads, plus keys it does not know.")
        #expect(post.contentHash == ContentHasher.hash(bytes))
        #expect(parsed.html == "<p>A link post with every header field bake reads, plus keys it does not know.</p>\n")

        // The hash tells files apart: the same bytes hash the same, one changed byte does not.
        let again = try parser.parsePost(path: "posts/2014/03/31/every-field.markdown", bytes: bytes, status: .published, now: Timestamp(seconds: 0))
        #expect(again.post.contentHash == post.contentHash)
        var edited = bytes
        let lastPeriod = try #require(edited.lastIndex(of: UInt8(ascii: ".")))
        edited[lastPeriod] = UInt8(ascii: "!")
        let changed = try parser.parsePost(path: "posts/2014/03/31/every-field.markdown", bytes: edited, status: .published, now: Timestamp(seconds: 0))
        #expect(changed.post.excerpt == "A link post with every header field bake reads, plus keys it does not know!")
        #expect(changed.post.contentHash != post.contentHash)
    }

    @Test func formatsByExtension() throws {
        let markdown = try makePost("posts/2014/03/31/a.md", date: "2014-03-31 10:00:00", body: "*hi* <b>x</b>")
        #expect(markdown.post.format == .markdown)
        #expect(markdown.html == "<p><em>hi</em> <b>x</b></p>\n")
        let html = try makePost("posts/2014/03/31/b.html", date: "2014-03-31 10:00:00", body: "<p>*not markdown*</p>\n")
        #expect(html.post.format == .html)
        #expect(html.html == "<p>*not markdown*</p>\n")
        #expect(html.post.permalink.path == "2014/03/31/b.html")
    }

    @Test func crlfPostParsesCleanly() throws {
        let parser = PostParser(settings: try makeSettings())
        let parsed = try parser.parsePost(path: "posts/2014/03/31/crlf.markdown", bytes: fixture("posts/crlf-line-endings.markdown"), status: .published, now: Timestamp(seconds: 0))
        #expect(parsed.post.title == "Windows line endings")
        #expect(parsed.post.categories == ["Tools", "Editors"])
        #expect(!parsed.html.contains("\r"))
        #expect(parsed.html.contains("<p>Second paragraph.</p>"))
    }

    @Test func untitledPostHasEmptyTitleAndAStandInDisplayTitle() throws {
        let parsed = try makePost("posts/2022/12/02/note.markdown", date: "2022-12-02 20:00:00", title: "",
                                  body: "First real rain of the season. The gutters are singing and I have a pot of tea.")
        #expect(parsed.post.title == "")
        #expect(parsed.post.displayTitle == "First real rain of the season. The gutters are singing and…")
        let noTitleKey = try makePost("posts/2022/12/02/note2.markdown", date: "2022-12-02 20:00:00", title: nil, body: "Short note.")
        #expect(noTitleKey.post.displayTitle == "Short note.")
    }

    @Test func missingPubDate() throws {
        let failure = buildFailure { try parsePost("@title No date\n\nBody\n", path: "posts/2014/03/31/no-date.markdown") }
        #expect(failure.map(lines) == [
            "posts/2014/03/31/no-date.markdown:1: missing @pubDate; expected a line such as `@pubDate 2014-03-31 20:16:46 -0700` in the header",
        ])
    }

    @Test func unreadablePubDateAndModDateAreBothReported() throws {
        let failure = buildFailure {
            try parsePost("@title Bad dates\n@pubDate last Tuesday\n@modDate 2014-02-30 10:00:00\n\nBody\n", path: "posts/2014/03/31/bad.markdown")
        }
        #expect(failure.map(lines) == [
            "posts/2014/03/31/bad.markdown:2: cannot read @pubDate `last Tuesday` as a date; expected e.g. `2014-03-31 20:16:46 -0700`, `Fri Jan 30 09:29:34 -0800 2009` or `2014-03-31T20:16:46-07:00`",
            "posts/2014/03/31/bad.markdown:3: cannot read @modDate `2014-02-30 10:00:00` as a date; expected e.g. `2014-03-31 20:16:46 -0700`, `Fri Jan 30 09:29:34 -0800 2009` or `2014-03-31T20:16:46-07:00`",
        ])
    }

    @Test func emptyModDateIsNoModDate() throws {
        let parsed = try makePost("posts/2014/03/31/a.markdown", date: "2014-03-31 10:00:00", extraHeader: "@modDate (empty-string)\n")
        #expect(parsed.post.modDate == nil)
    }

    @Test func emptyLinkIsNotALinkPost() throws {
        let parsed = try makePost("posts/2014/03/31/a.markdown", date: "2014-03-31 10:00:00", extraHeader: "@link\n")
        #expect(parsed.post.link == nil)
    }

    @Test func invalidUTF8() throws {
        let parser = PostParser(settings: try makeSettings())
        let failure = buildFailure {
            try parser.parsePost(path: "posts/2014/03/31/cafe.markdown", bytes: try fixture("posts/invalid-utf8-latin1.markdown"), status: .published, now: Timestamp(seconds: 0))
        }
        #expect(failure.map(lines) == ["posts/2014/03/31/cafe.markdown:1: the file is not valid UTF-8 at byte 11 of the line; expected UTF-8 text"])
    }

    @Test(arguments: [
        "posts/2014/notes.markdown",
        "posts/2014/03/notes.markdown",
        "posts/2014/3/31/notes.markdown",
        "posts/2014/02/30/notes.markdown",
        "posts/2014/03/31/extra/notes.markdown",
        "posts/notes.markdown",
    ])
    func notInACalendarFolder(_ path: String) {
        let failure = buildFailure { try parsePost("@pubDate 2014-03-31 10:00:00\n\nBody\n", path: path) }
        #expect(failure.map(lines) == ["\(path): the post is not in a calendar folder; expected posts/YYYY/MM/DD/<slug>.markdown, .md or .html"])
    }

    /// A file with several mistakes reports all of them, not only the first.
    @Test func everyMistakeOfOneFileIsReported() {
        let failure = buildFailure { try parsePost("@title Two mistakes\n\nBody\n", path: "posts/2014/notes.markdown") }
        #expect(failure.map(lines) == [
            "posts/2014/notes.markdown: the post is not in a calendar folder; expected posts/YYYY/MM/DD/<slug>.markdown, .md or .html",
            "posts/2014/notes.markdown:1: missing @pubDate; expected a line such as `@pubDate 2014-03-31 20:16:46 -0700` in the header",
        ])
    }

    @Test func draftWithoutPubDateIsDatedNowInTheSiteZone() throws {
        // 2014-04-01 03:16:46 UTC is still March 31 in Los Angeles.
        let now = Timestamp(seconds: 1_396_322_206)
        let parsed = try parsePost("@title Draft\n\nNot yet.\n", path: "drafts/idea.markdown", status: .draft, now: now)
        #expect(parsed.post.status == .draft)
        #expect(parsed.post.pubDate == now)
        #expect(parsed.post.permalink.path == "2014/03/31/idea.html")
    }

    /// The editor was told the permalink of the draft's folder; publishing moves the file
    /// to the same calendar path under posts/, so the permalink holds whatever @pubDate says.
    @Test func draftInACalendarFolderTakesItsPermalinkFromTheFolder() throws {
        let now = Timestamp(seconds: 1_396_322_206)
        let parsed = try parsePost("@title Draft\n@pubDate 2014-05-05 10:00:00 -0700\n\nNot yet.\n", path: "drafts/2014/03/30/idea.markdown", status: .draft, now: now)
        #expect(parsed.post.permalink.path == "2014/03/30/idea.html")
        let undated = try parsePost("@title Draft\n\nNot yet.\n", path: "drafts/2014/03/30/idea.markdown", status: .draft, now: now)
        #expect(undated.post.permalink.path == "2014/03/30/idea.html")
    }

    @Test func footnoteAnchorsArePrefixedWithTheSlug() throws {
        let parsed = try makePost("posts/2020/08/07/footnotes.markdown", date: "2020-08-07 22:31:50 -0700", body: "Aside.[^1]\n\n[^1]: The note.\n")
        #expect(parsed.html.contains("id=\"footnotes-fn-1\""))
        #expect(parsed.html.contains("href=\"#footnotes-fnref-1\""))
        #expect(parsed.post.excerpt == "Aside.")
    }

    @Test func pages() throws {
        let parser = PostParser(settings: try makeSettings())
        let about = try parser.parsePage(path: "pages/about.markdown", bytes: Array("@title About me\n\nHi.\n".utf8))
        #expect(about.page.name == "about")
        #expect(about.page.path == "about.html")
        #expect(about.page.title == "About me")
        #expect(about.html == "<p>Hi.</p>\n")
        let untitled = try parser.parsePage(path: "pages/projects/open_source.md", bytes: Array("No header.\n".utf8))
        #expect(untitled.page.name == "projects/open_source")
        #expect(untitled.page.path == "projects/open_source.html")
        #expect(untitled.page.title == "Open Source")
        let html = try parser.parsePage(path: "pages/colophon.html", bytes: Array("@title\n\n<p>By hand.</p>\n".utf8))
        #expect(html.page.title == "Colophon")
        #expect(html.html == "<p>By hand.</p>\n")
    }

    @Test func pageWithInvalidUTF8() throws {
        let parser = PostParser(settings: try makeSettings())
        let failure = buildFailure { try parser.parsePage(path: "pages/about.markdown", bytes: [0x41, 0x0A, 0xFF]) }
        #expect(failure.map(lines) == ["pages/about.markdown:2: the file is not valid UTF-8 at byte 1 of the line; expected UTF-8 text"])
    }
}
