@testable import BakeKit
import Testing

@Suite struct ImageTagTests {
    @Test func readsEachImageTagWithItsAttributesAsABrowserDoes() {
        let html = #"<p>A <IMG SRC="/a.jpg" alt='It&#39;s "here"' width=40 ismap/> and <img src=/b.png alt="">.</p>"#
        let tags = ImageTag.all(in: html)
        #expect(tags.count == 2)
        #expect(tags[0]["src"] == "/a.jpg")
        #expect(tags[0]["alt"] == #"It's "here""#)
        #expect(tags[0]["width"] == "40")
        #expect(tags[0].has("ismap") && tags[0]["ismap"] == nil)
        #expect(tags[1]["src"] == "/b.png")
        #expect(tags[1]["alt"] == "")
        let bytes = Array(html.utf8)
        #expect(String(decoding: bytes[tags[1].range], as: UTF8.self) == #"<img src=/b.png alt="">"#)
    }

    @Test func markupShownAsTextIsNotATag() {
        let html = #"<pre><code>&lt;img src="/code.jpg"&gt;</code></pre><!-- <img src="/comment.jpg"> --><a title="<img src='/attr.jpg'>">x</a><imgur src="/other.jpg">"#
        #expect(ImageTag.sources(in: html) == [])
    }

    @Test func anUnfinishedTagIsNotOne() {
        #expect(ImageTag.all(in: #"<img src="/a.jpg""#).isEmpty)
        #expect(ImageTag.all(in: #"<img src="/a.jpg"#).isEmpty)
        #expect(ImageTag.all(in: "<img").isEmpty)
    }

    @Test func readsInLinearTime() {
        // Many tags, attributes and stray `<`: one pass, no quadratic rescans.
        let html = String(repeating: #"<img src="/a.jpg" a b c d=e>< <"#, count: 20_000)
        #expect(ImageTag.all(in: html).count == 20_000)
    }
}
