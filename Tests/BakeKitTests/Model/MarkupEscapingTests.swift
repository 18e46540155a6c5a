@testable import BakeKit
import Testing

@Suite struct MarkupEscapingTests {
    @Test func htmlAndXMLDifferOnlyInTheApostropheAndForbiddenCharacters() {
        let text = "Fish & \"chips\" <b>'s\ttab\nline\r"
        #expect(MarkupEscaping.html(text) == "Fish &amp; &quot;chips&quot; &lt;b&gt;&#39;s\ttab\nline\r")
        #expect(MarkupEscaping.xml(text) == "Fish &amp; &quot;chips&quot; &lt;b&gt;&apos;s\ttab\nline\r")
    }

    @Test func xmlDropsWhatXML10Forbids() {
        // Nothing else to escape: the check that text needs work must still see these.
        #expect(MarkupEscaping.xml("a\u{FFFE}b\u{FFFF}c\u{1}d") == "abcd")
        #expect(MarkupEscaping.xml("a\u{FFFD}\u{F8FF}🍞é") == "a\u{FFFD}\u{F8FF}🍞é")
        #expect(MarkupEscaping.html("a\u{1}b") == "a\u{1}b")
    }

    @Test func textWithNothingToEscapeIsReturnedAsIs() {
        for text in ["", "plain", "tab\tand\nnewline", "non-ASCII ✓ 🍞 \u{EFFF}"] {
            #expect(MarkupEscaping.html(text) == text)
            #expect(MarkupEscaping.xml(text) == text)
        }
    }
}
