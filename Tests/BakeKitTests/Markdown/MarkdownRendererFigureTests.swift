import BakeKit
import Testing

/// An image with a title, alone in its paragraph, becomes a figure captioned with the title.
@Suite struct MarkdownRendererFigureTests {
    let renderer = MarkdownRenderer()

    @Test func aTitledImageAloneIsAFigure() {
        #expect(renderer.render("![A heron](/media/heron.jpg \"A heron at dawn\")\n") == """
        <figure>
        <img src="/media/heron.jpg" alt="A heron" />
        <figcaption>A heron at dawn</figcaption>
        </figure>

        """)
    }

    @Test func theCaptionIsEscaped() {
        #expect(renderer.render("![Chips](/c.jpg 'Fish & <chips>, \"hot\"')").contains("<figcaption>Fish &amp; &lt;chips&gt;, &quot;hot&quot;</figcaption>"))
        #expect(renderer.render("![Tea](/t.jpg \"It's &amp; tea\")").contains("<figcaption>It&#39;s &amp; tea</figcaption>"))
    }

    @Test func theAltIsPlainTextAndTheTitleLeavesTheImage() {
        let html = renderer.render("![A *grey* heron](/h.jpg \"Dawn\")")
        #expect(html.contains("<img src=\"/h.jpg\" alt=\"A grey heron\" />"))
        #expect(!html.contains("title="))
    }

    @Test func anImageWithoutATitleStaysInItsParagraph() {
        #expect(renderer.render("![A heron](/media/heron.jpg)") == "<p><img src=\"/media/heron.jpg\" alt=\"A heron\" /></p>\n")
        #expect(renderer.render("![A heron](/media/heron.jpg \" \")") == "<p><img src=\"/media/heron.jpg\" alt=\"A heron\" title=\" \" /></p>\n")
    }

    @Test func anImageWithCompanyStaysInItsParagraph() {
        #expect(renderer.render("Look: ![A heron](/h.jpg \"Dawn\")") == "<p>Look: <img src=\"/h.jpg\" alt=\"A heron\" title=\"Dawn\" /></p>\n")
        #expect(renderer.render("![One](/1.jpg \"1\")![Two](/2.jpg \"2\")")
            == "<p><img src=\"/1.jpg\" alt=\"One\" title=\"1\" /><img src=\"/2.jpg\" alt=\"Two\" title=\"2\" /></p>\n")
        #expect(renderer.render("[![A heron](/h.jpg \"Dawn\")](/big.jpg)") == "<p><a href=\"/big.jpg\"><img src=\"/h.jpg\" alt=\"A heron\" title=\"Dawn\" /></a></p>\n")
    }

    @Test func figuresInQuotesAndReferenceImages() {
        #expect(renderer.render("> ![A heron](/h.jpg \"Dawn\")\n") == "<blockquote>\n<figure>\n<img src=\"/h.jpg\" alt=\"A heron\" />\n<figcaption>Dawn</figcaption>\n</figure>\n</blockquote>\n")
        #expect(renderer.render("Before.\n\n![A heron][h]\n\nAfter.\n\n[h]: /h.jpg \"Dawn\"\n")
            == "<p>Before.</p>\n<figure>\n<img src=\"/h.jpg\" alt=\"A heron\" />\n<figcaption>Dawn</figcaption>\n</figure>\n<p>After.</p>\n")
    }
}
