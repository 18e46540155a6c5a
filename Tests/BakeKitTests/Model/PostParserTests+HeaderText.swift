import BakeKit
import Testing

/// Header values as text, `@smart_punctuation`, and when a post counts as updated.
@Suite struct PostParserHeaderTextTests {
    @Test func headerValuesAreDecodedOnce() throws {
        let post = try parsePost("""
        @title D&eacute;tente &amp;amp; AT&T
        @pubDate 2014-03-31 20:16:46 -0700
        @link https://example.com/?a=1&#38;b=2&amp;c=3
        @categoryArray Caf&eacute;s, Q&amp;A, One&#44; two

        Body.
        """).post
        #expect(post.title == "Détente &amp; AT&T")
        #expect(post.link == "https://example.com/?a=1&b=2&c=3")
        #expect(post.categories == ["Cafés", "Q&A", "One, two"])
    }

    @Test func siteTextIsDecodedOnce() throws {
        let settings = try makeSettings(extra: "@site_name Caf&eacute; &amp; Cr&egrave;me")
        #expect(settings.name == "Café & Crème")
        #expect(settings.smartPunctuation)
    }

    @Test func excerptsDecodeNamedReferences() throws {
        let post = try parsePost("@pubDate 2014-03-31 20:16:46 -0700\n\n<p>Un caf&eacute; &laquo;cr&egrave;me&raquo;&nbsp;!</p>\n",
                                 path: "posts/2014/03/31/cafe.html").post
        #expect(post.excerpt == "Un café «crème» !")
        #expect(post.displayTitle == "Un café «crème» !")
    }

    @Test func smartPunctuationIsOnUnlessTurnedOff() throws {
        let source = "@pubDate 2014-03-31 20:16:46 -0700\n\n\"Hi\" -- there...\n"
        #expect(try parsePost(source).html == "<p>“Hi” – there…</p>\n")
        let off = try makeSettings(extra: "@smart_punctuation false")
        #expect(try parsePost(source, settings: off).html == "<p>&quot;Hi&quot; -- there...</p>\n")
        #expect(try parsePost("@smart_punctuation no\n" + source).html == "<p>&quot;Hi&quot; -- there...</p>\n")
        #expect(try parsePost("@smart_punctuation true\n" + source, settings: off).html == "<p>“Hi” – there…</p>\n")
        let parser = PostParser(settings: try makeSettings())
        let page = try parser.parsePage(path: "pages/about.markdown", bytes: Array("@title Caf&eacute;\n@smart_punctuation off\n\n\"Hi\"\n".utf8))
        #expect(page.html == "<p>&quot;Hi&quot;</p>\n")
        #expect(page.page.title == "Café")
        let html = "@pubDate 2014-03-31 20:16:46 -0700\n\n<p>\"Hi\" -- there...</p>\n"
        #expect(try parsePost(html, path: "posts/2014/03/31/hello.html").html == "<p>\"Hi\" -- there...</p>\n")
    }

    @Test func aBadSmartPunctuationValueNamesItsLine() throws {
        let failure = buildFailure { try parsePost("@pubDate 2014-03-31 20:16:46 -0700\n@smart_punctuation maybe\n\nx\n") }
        #expect(failure.map(lines) == ["posts/2014/03/31/hello.markdown:2: @smart_punctuation has the value `maybe`; expected true or false"])
    }

    @Test func aBadShowTitleValueNamesItsLine() throws {
        let parser = PostParser(settings: try makeSettings())
        let failure = buildFailure { try parser.parsePage(path: "pages/about.markdown", bytes: Array("@title About\n@show_title maybe\n\nMe.\n".utf8)) }
        #expect(failure.map(lines) == ["pages/about.markdown:2: @show_title has the value `maybe`; expected true or false"])
        let hidden = try parser.parsePage(path: "pages/about.markdown", bytes: Array("@title About\n@show_title no\n\nMe.\n".utf8))
        #expect(hidden.page.showsTitle == false)
        #expect(try parser.parsePage(path: "pages/about.markdown", bytes: Array("@title About\n\nMe.\n".utf8)).page.showsTitle)
    }

    @Test func updatedOnlyWhenModifiedAtALaterInstant() throws {
        func updated(_ modDate: String) throws -> Timestamp? {
            try parsePost("@pubDate 2014-03-31 20:16:46 -0700\n@modDate \(modDate)\n\nx\n").post.updated
        }
        #expect(try updated("2014-03-31 20:16:46 -0700") == nil)
        #expect(try updated("2014-04-01T03:16:46Z") == nil)
        #expect(try updated("2014-03-31 20:00:00 -0700") == nil)
        #expect(try updated("2014-03-31 20:16:47 -0700") == Timestamp(seconds: 1_396_322_207))
    }
}
