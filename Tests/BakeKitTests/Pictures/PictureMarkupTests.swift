@testable import BakeKit
import Testing

@Suite struct PictureMarkupTests {
    let paths = SitePaths(layout: SiteLayout(), siteURL: "https://example.com", basePath: "")
    let heron = Picture(width: 1000, height: 750, sizes: [.init(width: 480, height: 360), .init(width: 800, height: 600), .init(width: 1000, height: 750)],
                        formats: ["webp", "jpg"], keepsPath: true, identity: 1)
    let drawing = Picture(width: 600, height: 400, sizes: [.init(width: 480, height: 320), .init(width: 600, height: 400)], formats: ["webp"], keepsPath: true, identity: 2)
    var markup: PictureMarkup {
        PictureMarkup(catalog: PictureCatalog(["media/heron.jpg": heron, "2014/03/31/drawing.webp": drawing]), paths: paths, sizes: "(max-width: 40rem) 100vw, 40rem")
    }

    @Test func aPictureGetsItsVariantsItsSizeAndAWebPSource() {
        let html = markup.page(#"<p><img src="/media/heron.jpg" alt="A heron &amp; a fish" title="At dawn"></p>"#, pageFolder: "2014/03/31/", eagerFirst: true)
        #expect(html == #"<p><picture><source type="image/webp" srcset="/media/heron-480.webp 480w, /media/heron-800.webp 800w, /media/heron-1000.webp 1000w" sizes="(max-width: 40rem) 100vw, 40rem">"#
            + #"<img src="/media/heron.jpg" alt="A heron &amp; a fish" title="At dawn" srcset="/media/heron-480.jpg 480w, /media/heron-800.jpg 800w, /media/heron-1000.jpg 1000w" sizes="(max-width: 40rem) 100vw, 40rem" width="1000" height="750"></picture></p>"#)
    }

    @Test func allButTheFirstLoadLazily() {
        let html = markup.page(#"<img src="/media/heron.jpg" alt=""><img src="drawing.webp" alt="">"#, pageFolder: "2014/03/31/", eagerFirst: true)
        let first = html.components(separatedBy: "</picture>")[0]
        #expect(!first.contains("loading") && !first.contains("decoding"))
        // A WebP needs no fallback and no <picture>; its variants keep the src's form.
        #expect(html.hasSuffix(#"<img src="drawing.webp" alt="" srcset="drawing-480.webp 480w, drawing-600.webp 600w" sizes="(max-width: 40rem) 100vw, 40rem" width="600" height="400" loading="lazy" decoding="async">"#))
        let list = markup.page(#"<img src="/media/heron.jpg" alt="">"#, pageFolder: "", eagerFirst: false)
        #expect(list.contains(#"loading="lazy" decoding="async""#))
    }

    @Test func anAuthorsWidthKeepsThePicturesShape() {
        let html = markup.page(#"<img src="/media/heron.jpg" width="400" loading="eager">"#, pageFolder: "", eagerFirst: true)
        #expect(html.contains(#"width="400" height="300""#))
        #expect(!html.contains("eager"))
    }

    @Test func whatIsNotACatalogPictureIsLeftAsItIs() {
        let html = #"<img src="https://elsewhere.example/heron.jpg"><img src="/media/animated.gif"><img src="/media/heron.jpg" srcset="/a.jpg 2x"><code>&lt;img src="/media/heron.jpg"&gt;</code>"#
        #expect(markup.page(html, pageFolder: "", eagerFirst: true) == html)
    }

    /// Found by fuzz-pictures: a width of 18 digits overflowed the height worked out from it.
    @Test func anAbsurdWidthIsNotTaken() {
        let html = markup.page(#"<figure><img src="/media/heron.jpg" alt="" width=444444444444444444></figure>"#, pageFolder: "", eagerFirst: true)
        #expect(html.contains(#"width="1000" height="750""#))
        #expect(markup.page(#"<img src="/media/heron.jpg" width="-5" height="0">"#, pageFolder: "", eagerFirst: true).contains(#"width="1000" height="750""#))
    }

    @Test func aGIFGetsOnlyItsSize() {
        let gif = Picture(width: 600, height: 400, sizes: [], formats: [], keepsPath: true, identity: 3)
        let markup = PictureMarkup(catalog: PictureCatalog(["media/animated.gif": gif]), paths: paths, sizes: "100vw")
        #expect(markup.page(#"<img src="/media/animated.gif" alt="">"#, pageFolder: "", eagerFirst: false)
            == #"<img src="/media/animated.gif" alt="" width="600" height="400" loading="lazy" decoding="async">"#)
        #expect(markup.feed(#"<img src="/media/animated.gif">"#, pageFolder: "", maxWidth: 100) == #"<img src="/media/animated.gif" width="600" height="400">"#)
    }

    @Test func feedsGetOneVariantAtMostTheFeedsWidth() {
        let html = markup.feed(#"<img src="https://example.com/media/heron.jpg" alt="A heron">"#, pageFolder: "", maxWidth: 900)
        #expect(html == #"<img src="https://example.com/media/heron-800.jpg" alt="A heron" width="800" height="600">"#)
        #expect(PictureMarkup.size(of: heron, atMost: 100) == Picture.Size(width: 480, height: 360))
    }
}
