import BakeKit
import Testing

@Suite struct URLRewriterTests {
    let rewriter = URLRewriter(origin: "https://example.com")
    let page = "https://example.com/blog/2014/03/31/hello.html"

    @Test(arguments: [
        ("https://example.org/x", "https://example.org/x"),
        ("mailto:mira@example.com", "mailto:mira@example.com"),
        ("data:image/png;base64,AAAA", "data:image/png;base64,AAAA"),
        ("//cdn.example.net/a.js", "https://cdn.example.net/a.js"),
        ("/media/loaf.svg", "https://example.com/media/loaf.svg"),
        ("#fn-1", "https://example.com/blog/2014/03/31/hello.html#fn-1"),
        ("?page=2", "https://example.com/blog/2014/03/31/hello.html?page=2"),
        ("other.html", "https://example.com/blog/2014/03/31/other.html"),
        ("./other.html", "https://example.com/blog/2014/03/31/other.html"),
        ("../index.html", "https://example.com/blog/2014/03/index.html"),
        ("../../../../../../up.html", "https://example.com/up.html"),
        ("..", "https://example.com/blog/2014/03/"),
        ("search.html?q=../x", "https://example.com/blog/2014/03/31/search.html?q=../x"),
        ("img/a b.png", "https://example.com/blog/2014/03/31/img/a b.png"),
        ("", "https://example.com/blog/2014/03/31/hello.html"),
    ])
    func resolve(_ example: (reference: String, resolved: String)) {
        #expect(rewriter.resolve(example.reference, pageURL: page) == example.resolved)
    }

    @Test func fragmentOnAPageThatHasOne() {
        #expect(rewriter.resolve("#b", pageURL: "https://example.com/a.html#a") == "https://example.com/a.html#b")
    }

    @Test func absolutizesHrefAndSrcInEitherQuotes() {
        let html = """
        <p><a href="/about.html">About</a> <img src='pic.png' alt="x"> <a
        href="#fn-1">1</a> <a class="x"\thref="../">up</a></p>
        """
        #expect(rewriter.absolutize(html, pageURL: page) == """
        <p><a href="https://example.com/about.html">About</a> <img src='https://example.com/blog/2014/03/31/pic.png' alt="x"> <a
        href="https://example.com/blog/2014/03/31/hello.html#fn-1">1</a> <a class="x"\thref="https://example.com/blog/2014/03/">up</a></p>
        """)
    }

    @Test func leavesOtherAttributesAlone() {
        let html = "<p data-href=\"x.html\" data-src=\"y.png\" srcset=\"z.png 2x\">Text.</p>"
        #expect(rewriter.absolutize(html, pageURL: page) == html)
    }

    /// An HTML post that shows markup escapes `<` but may leave quotes alone; the example
    /// in its text must reach the feed as written.
    @Test func markupShownAsTextIsLeftAlone() {
        let html = "<pre><code>&lt;a href=\"/about.html\"&gt;About&lt;/a&gt; &lt;img src='pic.png'&gt;</code></pre>"
        #expect(rewriter.absolutize(html, pageURL: page) == html)
    }

    @Test func htmlWithNoLinksIsReturnedAsIs() {
        #expect(rewriter.absolutize("<p>No links.</p>", pageURL: page) == "<p>No links.</p>")
        #expect(rewriter.absolutize("", pageURL: page) == "")
    }

    @Test func anUnclosedAttributeIsLeftAlone() {
        let html = "<a href=\"/unclosed>text"
        #expect(rewriter.absolutize(html, pageURL: page) == html)
    }

    /// HTML attribute names are case-blind; a post written with `<A HREF=…>` is still fixed.
    @Test func upperCaseAttributesAreRewrittenToo() {
        let html = "<A HREF=\"other.html\">x</A> <IMG SRC='/a.png'>"
        #expect(rewriter.absolutize(html, pageURL: page)
            == "<A HREF=\"https://example.com/blog/2014/03/31/other.html\">x</A> <IMG SRC='https://example.com/a.png'>")
        #expect(URLRewriter.prefixRootRelative(html, base: "/blog") == "<A HREF=\"other.html\">x</A> <IMG SRC='/blog/a.png'>")
    }
}
