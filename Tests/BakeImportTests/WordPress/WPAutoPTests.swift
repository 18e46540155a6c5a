@testable import BakeImport
import Testing

/// Expected values are what WordPress 6's `wpautop` gives for the same input.
@Suite struct WPAutoPTests {
    @Test func blankLinesMakeParagraphsAndSingleNewlinesBreaks() {
        #expect(WPAutoP.apply("One\ntwo\n\nThree") == "<p>One<br />\ntwo</p>\n<p>Three</p>\n")
    }

    @Test func moreThanOneBlankLineIsOneParagraphBreak() {
        #expect(WPAutoP.apply("One\n\n\n\nTwo\r\n\r\nThree") == "<p>One</p>\n<p>Two</p>\n<p>Three</p>\n")
    }

    @Test func emptyOrWhiteTextGivesNothing() {
        #expect(WPAutoP.apply("") == "")
        #expect(WPAutoP.apply(" \n\t\n") == "")
    }

    @Test func preIsLeftExactlyAsItIs() {
        let text = "Before\n\n<pre>line one\n\nline three\n  indented</pre>\n\nAfter"
        #expect(WPAutoP.apply(text) == "<p>Before</p>\n<pre>line one\n\nline three\n  indented</pre>\n<p>After</p>\n")
    }

    @Test func blockElementsAreNotWrapped() {
        #expect(WPAutoP.apply("<h2>Title</h2>\nText") == "<h2>Title</h2>\n<p>Text</p>\n")
        #expect(WPAutoP.apply("<ul>\n<li>one</li>\n<li>two</li>\n</ul>") == "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n")
        #expect(WPAutoP.apply("<div>Inside</div>") == "<div>Inside</div>\n")
    }

    @Test func aBlockquoteGetsItsParagraphInside() {
        #expect(WPAutoP.apply("<blockquote>Quote</blockquote>") == "<blockquote><p>Quote</p></blockquote>\n")
    }

    @Test func newlinesInsideTagsAndCommentsStay() {
        #expect(WPAutoP.apply("<a\nhref=\"/x\">link</a> text") == "<p><a\nhref=\"/x\">link</a> text</p>\n")
        #expect(WPAutoP.apply("Intro\n\n<!--more-->\n\nRest") == "<p>Intro</p>\n<p><!--more--></p>\n<p>Rest</p>\n")
    }

    @Test func scriptsKeepTheirLines() {
        #expect(WPAutoP.apply("<script>\nvar a = 1;\nvar b = 2;\n</script>") == "<p><script>\nvar a = 1;\nvar b = 2;\n</script></p>\n")
    }

    @Test func doubleBreaksBecomeAParagraphBreak() {
        #expect(WPAutoP.apply("One<br><br>Two") == "<p>One</p>\n<p>Two</p>\n")
        #expect(WPAutoP.apply("One<br>\nTwo") == "<p>One<br />\nTwo</p>\n")
    }

    @Test func aNoBreakSpaceIsTextAsInPHP() {
        // PCRE's \s without the u flag does not match U+00A0, so WordPress keeps this paragraph.
        #expect(WPAutoP.apply("A\n\n\u{A0}\n\nB") == "<p>A</p>\n<p>\u{A0}</p>\n<p>B</p>\n")
    }
}
