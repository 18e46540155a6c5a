import BakeKit
import Testing

/// Autolinking next to the author's own anchors, and smart punctuation.
@Suite struct MarkdownRendererAnchorTests {
    let renderer = MarkdownRenderer()

    @Test func noAutolinkInsideAnAuthorsAnchor() {
        #expect(renderer.render("<a href=\"https://example.com/a/b\">https://example.com/a/b</a>")
            == "<p><a href=\"https://example.com/a/b\">https://example.com/a/b</a></p>\n")
        #expect(renderer.render("<a href=\"https://example.com/x\">see www.example.com/x</a>")
            == "<p><a href=\"https://example.com/x\">see www.example.com/x</a></p>\n")
        #expect(renderer.render("<A HREF=\"mailto:me@example.com\">me@example.com</A>")
            == "<p><A HREF=\"mailto:me@example.com\">me@example.com</A></p>\n")
    }

    @Test func keepsReferencesInsideAnAuthorsAnchorAsWritten() {
        let source = "<a href=\"https://example.com/a&#8203;/b\">https://example.com/a&#8203;/b</a>"
        #expect(renderer.render(source) == "<p>\(source)</p>\n")
    }

    @Test func aMarkdownLinkInsideAnAnchorLeavesItsText() {
        #expect(renderer.render("<a href=\"/c\">**Bold** and [a link](/d)</a>") == "<p><a href=\"/c\"><strong>Bold</strong> and a link</a></p>\n")
    }

    @Test func autolinksStillWorkAroundAnchors() {
        // An anchor left open ends with its paragraph.
        #expect(renderer.render("<a href=\"/a\">a</a> https://example.org/b\n\nText <a href=\"/c\">open\n\nwww.example.org")
            == "<p><a href=\"/a\">a</a> <a href=\"https://example.org/b\">https://example.org/b</a></p>\n<p>Text <a href=\"/c\">open</p>\n<p><a href=\"http://www.example.org\">www.example.org</a></p>\n")
    }

    @Test func smartPunctuationOutsideCode() {
        let html = renderer.render("\"Quotes\" -- 'single' --- done... `\"code\" --`\n\n    \"block\" ...\n", smartPunctuation: true)
        #expect(html == "<p>“Quotes” – ‘single’ — done… <code>&quot;code&quot; --</code></p>\n<pre><code>&quot;block&quot; ...\n</code></pre>\n")
        #expect(renderer.render("\"Straight\" -- ...") == "<p>&quot;Straight&quot; -- ...</p>\n")
    }
}
