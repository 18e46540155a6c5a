import BakeKit
import Testing

@Suite struct MarkdownRendererTests {
    let renderer = MarkdownRenderer()

    @Test func emphasis() {
        #expect(renderer.render("Hello *world*") == "<p>Hello <em>world</em></p>\n")
        #expect(renderer.render("") == "")
    }

    @Test func table() {
        let html = renderer.render("| Name | Count |\n|:-----|------:|\n| rye  | 2 |\n")
        #expect(html == """
        <table>
        <thead>
        <tr>
        <th style="text-align: left">Name</th>
        <th style="text-align: right">Count</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td style="text-align: left">rye</td>
        <td style="text-align: right">2</td>
        </tr>
        </tbody>
        </table>

        """)
    }

    @Test func strikethroughNeedsTwoTildes() {
        #expect(renderer.render("~~never use them~~ ~not this~") == "<p><del>never use them</del> ~not this~</p>\n")
    }

    @Test func autolinks() {
        let html = renderer.render("See www.example.com and https://example.org/a?b=1.")
        #expect(html == "<p>See <a href=\"http://www.example.com\">www.example.com</a> and <a href=\"https://example.org/a?b=1\">https://example.org/a?b=1</a>.</p>\n")
    }

    @Test func taskList() {
        let html = renderer.render("- [ ] proof\n- [x] bake\n")
        #expect(html.contains("<li><input type=\"checkbox\" disabled=\"\" /> proof</li>"))
        #expect(html.contains("<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> bake</li>"))
    }

    @Test func footnotesWithoutPrefix() {
        let html = renderer.render("Note.[^1]\n\n[^1]: The aside.\n")
        #expect(html.contains("<a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref>1</a>"))
        #expect(html.contains("<li id=\"fn-1\">"))
        #expect(html.contains("href=\"#fnref-1\""))
    }

    @Test func footnoteAnchorsArePrefixed() {
        let html = renderer.render("One.[^1] Two.[^aside]\n\n[^1]: First.\n[^aside]: Named.\n", anchorPrefix: "footnotes-post")
        for anchor in ["fn-1", "fnref-1", "fn-aside", "fnref-aside"] {
            #expect(html.contains("id=\"footnotes-post-\(anchor)\""), "id \(anchor)")
            #expect(html.contains("href=\"#footnotes-post-\(anchor)\""), "href \(anchor)")
            #expect(!html.contains("id=\"\(anchor)\""), "unprefixed id \(anchor)")
            #expect(!html.contains("href=\"#\(anchor)\""), "unprefixed href \(anchor)")
        }
    }

    /// Two posts on the home page must not share footnote ids.
    @Test func twoPostsOnOnePageHaveDistinctFootnoteIDs() {
        let a = renderer.render("A.[^1]\n\n[^1]: a\n", anchorPrefix: "first")
        let b = renderer.render("B.[^1]\n\n[^1]: b\n", anchorPrefix: "second")
        let ids = { (html: String) in Set(html.matches(of: /id="([^"]+)"/).map { String($0.output.1) }) }
        #expect(!ids(a).isEmpty)
        #expect(ids(a).isDisjoint(with: ids(b)))
    }

    @Test func rawHTMLIsKept() {
        #expect(renderer.render("<div class=\"raw\">\nkept\n</div>\n") == "<div class=\"raw\">\nkept\n</div>\n")
        #expect(renderer.render("Inline <span class=\"x\">html</span>.") == "<p>Inline <span class=\"x\">html</span>.</p>\n")
        #expect(renderer.render("<script>track()</script>\n") == "<script>track()</script>\n")
        #expect(renderer.render("<iframe src=\"https://example.com/v\"></iframe>\n").contains("<iframe src="))
    }

    /// As a class on `<code>`, the hook highlighters use; `<pre lang>` would claim a human language.
    @Test func fencedCodeKeepsItsLanguage() {
        #expect(renderer.render("```swift\nlet x = 1 < 2\n```\n") == "<pre><code class=\"language-swift\">let x = 1 &lt; 2\n</code></pre>\n")
    }

    @Test func nonASCII() {
        #expect(renderer.render("Crème brûlée 🍮 — “quoted”") == "<p>Crème brûlée 🍮 — “quoted”</p>\n")
    }

    @Test func rendersTheSameInParallel() async {
        let source = "| a |\n|---|\n| b |\n\n~~x~~ www.example.com [^1]\n\n[^1]: n\n"
        let expected = renderer.render(source, anchorPrefix: "p")
        #expect(expected == """
        <table>
        <thead>
        <tr>
        <th>a</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>b</td>
        </tr>
        </tbody>
        </table>
        <p><del>x</del> <a href="http://www.example.com">www.example.com</a> <sup class="footnote-ref"><a href="#p-fn-1" id="p-fnref-1" data-footnote-ref>1</a></sup></p>
        <section class="footnotes" data-footnotes>
        <ol>
        <li id="p-fn-1">
        <p>n <a href="#p-fnref-1" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a></p>
        </li>
        </ol>
        </section>

        """)
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { MarkdownRenderer().render(source, anchorPrefix: "p") } }
            var all: [String] = []
            for await html in group { all.append(html) }
            return all
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
