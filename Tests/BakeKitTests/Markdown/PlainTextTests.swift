import BakeKit
import Testing

@Suite struct PlainTextTests {
    // MARK: excerpt

    @Test func excerptDropsTagsAndDecodesEntities() {
        let html = "<p>Fish &amp; chips &lt;3 &quot;yes&quot; &#39;ok&#39; &#x1F35E; &hellip;</p>\n<p>Next&nbsp;paragraph</p>"
        #expect(PlainText.excerpt(fromHTML: html) == "Fish & chips <3 \"yes\" 'ok' 🍞 … Next paragraph")
    }

    @Test func excerptSpacesBlocksAndCollapsesWhitespace() {
        #expect(PlainText.excerpt(fromHTML: "<h2>Title</h2><p>One\n   two</p><ul><li>a</li><li>b</li></ul>") == "Title One two a b")
        #expect(PlainText.excerpt(fromHTML: "<p>in<em>line</em> tags</p>") == "inline tags")
    }

    @Test func excerptSkipsFootnotesScriptsAndStyles() {
        let html = """
        <p>Aside.<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup></p>
        <script>var x = "<p>no</p>";</script><style>p { color: red }</style>
        <p>After.</p>
        <section class="footnotes" data-footnotes>
        <ol><li id="fn-1"><p>The note.</p></li></ol>
        </section>
        """
        #expect(PlainText.excerpt(fromHTML: html) == "Aside. After.")
    }

    @Test func excerptStopsAtTheLimit() {
        let html = "<p>" + String(repeating: "word ", count: 200) + "</p>"
        let excerpt = PlainText.excerpt(fromHTML: html, limit: 300)
        // Within a word of the limit; the space before a last character may add one.
        #expect((295...301).contains(excerpt.count))
        #expect(excerpt.hasPrefix("word word"))
        #expect(PlainText.excerpt(fromHTML: "<p>short</p>", limit: 300) == "short")
    }

    // MARK: truncate (stand-in titles)

    @Test func shortTextIsUnchanged() {
        #expect(PlainText.truncate("Short note.", maxCharacters: 60) == "Short note.")
        #expect(PlainText.truncate(String(repeating: "a", count: 60), maxCharacters: 60) == String(repeating: "a", count: 60))
    }

    @Test func cutsAtAWordBoundaryWithAnEllipsis() {
        let text = "First real rain of the season. The gutters are singing and I have a pot of tea."
        #expect(PlainText.truncate(text, maxCharacters: 60) == "First real rain of the season. The gutters are singing and…")
        #expect(PlainText.truncate("Hello there, world", maxCharacters: 14) == "Hello there…")
    }

    @Test func trailingPunctuationGoesButQuestionAndExclamationMarksStay() {
        #expect(PlainText.truncate("Wait, what? No way at all", maxCharacters: 12) == "Wait, what?…")
        #expect(PlainText.truncate("One; two; three four", maxCharacters: 10) == "One; two…")
    }

    @Test func aLongWordIsCutHard() {
        let word = String(repeating: "x", count: 100)
        #expect(PlainText.truncate(word, maxCharacters: 60) == String(repeating: "x", count: 60) + "…")
    }

    /// The result without its ellipsis is a prefix of the text by grapheme clusters, so no
    /// emoji, flag or accented letter is ever split.
    func expectWholeGraphemes(_ text: String, max: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let cut = PlainText.truncate(text, maxCharacters: max)
        #expect(cut.hasSuffix("…"), sourceLocation: sourceLocation)
        let kept = Array(cut.dropLast())
        #expect(kept.count <= max, sourceLocation: sourceLocation)
        #expect(Array(text.prefix(kept.count)) == kept, sourceLocation: sourceLocation)
        #expect(Array(text.unicodeScalars.prefix(kept.map(\.unicodeScalars.count).reduce(0, +))) == Array(String(kept).unicodeScalars), sourceLocation: sourceLocation)
    }

    @Test func emojiZWJSequencesAreNeverCut() {
        let family = "👨‍👩‍👧‍👦"
        #expect(family.unicodeScalars.count == 7)
        let text = String(repeating: family, count: 80)
        for max in [1, 2, 5, 59, 60, 61] { expectWholeGraphemes(text, max: max) }
        #expect(PlainText.truncate(text, maxCharacters: 3) == family + family + family + "…")
        expectWholeGraphemes("Baking day " + String(repeating: "🧑🏽‍🍳 ", count: 30), max: 60)
    }

    @Test func flagsAndSkinTonesAreNeverCut() {
        let text = String(repeating: "🇳🇿🇯🇵👍🏿", count: 40)
        for max in [1, 3, 10, 60] { expectWholeGraphemes(text, max: max) }
    }

    @Test func combiningMarksAreNeverCut() {
        // "é" as e + U+0301, and a Devanagari cluster, repeated with no spaces.
        let decomposed = String(repeating: "e\u{301}", count: 100)
        #expect(PlainText.truncate(decomposed, maxCharacters: 60) == String(repeating: "e\u{301}", count: 60) + "…")
        expectWholeGraphemes(String(repeating: "क्षि", count: 80), max: 60)
        expectWholeGraphemes(String(repeating: "Z\u{351}\u{36B}\u{343}\u{36A} ", count: 40), max: 60)
    }

    @Test func postsWithoutTitlesGetTheStandIn() throws {
        let post = try makePost("posts/2022/12/02/note.markdown", date: "2022-12-02 20:00:00", title: nil,
                                body: String(repeating: "🍞 bread ", count: 20))
        #expect(post.post.displayTitle.hasSuffix("…"))
        #expect(post.post.displayTitle.count <= 61)
        #expect(post.post.displayTitle.hasPrefix("🍞 bread 🍞 bread"))
    }
}
