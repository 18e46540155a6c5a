import LinkCheck
import Testing

@Suite struct HTMLScannerTests {
    func scan(_ html: String) -> PageScan {
        HTMLScanner.scan(Array(html.utf8))
    }

    @Test func readsTheURLOfEveryKindOfLink() {
        let page = scan("""
            <!doctype html>
            <html><head>
            <link rel="stylesheet" href="/style.css?v=1">
            <link rel="canonical" href="https://example.com/a.html">
            <link rel="micropub" href="http://127.0.0.1:9344/micropub">
            <meta property="og:image" content="https://example.com/card.png">
            <meta http-equiv="refresh" content="0; url='/moved.html'">
            <script src="/app.js"></script>
            </head><body>
            <a href="/one.html">one</a> <area href="/map.html">
            <img src="/a.png" srcset="/a-2x.png 2x, /a-3x.png 3x">
            <video src="/v.mp4" poster="/v.jpg"><track src="/v.vtt"></video>
            <audio src="/a.mp3"></audio><iframe src="/frame.html"></iframe>
            <object data="/doc.pdf"></object>
            </body></html>
            """)
        #expect(page.links == [
            .init(url: "/style.css?v=1", kind: .file), .init(url: "https://example.com/a.html", kind: .page),
            .init(url: "https://example.com/card.png", kind: .file), .init(url: "/moved.html", kind: .redirect),
            .init(url: "/app.js", kind: .file), .init(url: "/one.html", kind: .page), .init(url: "/map.html", kind: .page),
            .init(url: "/a.png", kind: .file), .init(url: "/a-2x.png", kind: .file), .init(url: "/a-3x.png", kind: .file),
            .init(url: "/v.mp4", kind: .file), .init(url: "/v.jpg", kind: .file), .init(url: "/v.vtt", kind: .file),
            .init(url: "/a.mp3", kind: .file), .init(url: "/frame.html", kind: .page), .init(url: "/doc.pdf", kind: .file),
        ])
    }

    @Test func anchorsAreIDsAndTheNamesOfAnchors() {
        let page = scan(#"<h2 id="setup">Setup</h2><a name="contact"></a><input name="q"><p id="fn-1">"#)
        #expect(page.anchors == ["setup", "contact", "fn-1"])
    }

    @Test func characterReferencesInAttributesAreDecoded() {
        let page = scan(#"<p><a href="/search?a=1&amp;b=2&#38;c=%20">x</a></p>"#)
        #expect(page.links.map(\.url) == ["/search?a=1&b=2&c=%20"])
    }

    @Test func brokenMarkupIsReadAsABrowserWouldAndTextIsNotALink() {
        let page = scan(#"<div><p>Write <code>&lt;a href="/not-a-link"&gt;</code> <a href="/real.html">here<p><a href=/unquoted.html>x"#)
        #expect(page.links.map(\.url) == ["/real.html", "/unquoted.html"])
    }

    /// Every `<link>` and `<a>` with a `rel` is a relation, endpoints included, with its
    /// words lowercased, in document order.
    @Test func linkRelationsAreKeptForProgramsThatReadThem() {
        let page = scan(#"<link rel="Redirect_URI other" href="http://localhost/cb"><link rel=micropub href="/micropub"><link href="/x.css"><a rel="me" href="/me"><a href="/plain">x</a><a rel=webmention>no href</a>"#)
        #expect(page.relations == [
            PageScan.Relation(words: ["redirect_uri", "other"], url: "http://localhost/cb"),
            PageScan.Relation(words: ["micropub"], url: "/micropub"),
            PageScan.Relation(words: ["me"], url: "/me"),
        ])
        #expect(!page.links.map(\.url).contains("/micropub"))
    }

    @Test func nothingToReadGivesNothing() {
        #expect(scan("").links.isEmpty)
        #expect(scan("just text").links.isEmpty)
    }
}
