import BakeTestSupport
import Testing

/// `SiteCheck` finds each defect it knows, and nothing in a clean page.
@Suite struct SiteCheckTests {
    func defects(_ html: String) -> Set<SiteCheck.Defect> {
        Set(SiteCheck.findings(inPage: Array(html.utf8), named: "page.html").map(\.defect))
    }

    @Test func aCleanPageHasNoFindings() {
        let html = """
        <!doctype html><html><head><title>Caf&eacute; &amp; Cr&egrave;me</title></head><body>
        <article><h1><a href="/?a=1&amp;b=2">AT&amp;T</a></h1><div class="content">
        <p>It&#8217;s <a href="https://example.com/a&#8203;b">fine</a>.</p>
        </div><footer><a class="post-date" href="/"><time datetime="2025-03-01T09:00:00-08:00">March 1</time></a>
        <span class="updated">Updated <time datetime="2025-03-01T18:00:01Z">March 1</time></span></footer></article>
        </body></html>
        """
        #expect(defects(html).isEmpty)
    }

    @Test func findsCharacterReferencesShownAsText() {
        #expect(defects("<title>D&amp;eacute;tente</title>") == [.characterReferenceText])
        #expect(defects("<p><a href=\"/?a=1&amp;#38;b=2\">x</a></p>") == [.characterReferenceText])
    }

    @Test func findsAnAnchorInsideAnAnchor() {
        #expect(defects("<p><a href=\"https://x.com/\"><a href=\"https://x.com/\">https://x.com/</a></a></p>") == [.nestedAnchor])
    }

    @Test func findsTextDirectlyInTheContent() {
        #expect(defects("<div class=\"content\">\nIt was a dark night.</p>\n<p>Then.</p></div>") == [.textInContent])
    }

    @Test func findsUpdatedAtTheSameInstant() {
        let html = """
        <article><a class="post-date" href="/"><time datetime="2025-03-01T09:00:00-08:00">March 1</time></a>
        <span class="updated">Updated <time datetime="2025-03-01T17:00:00Z">March 1</time></span></article>
        """
        #expect(defects(html) == [.updatedNotLater])
    }
}
