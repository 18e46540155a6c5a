import BakeKit
import Testing

/// What `MarkdownRenderer.accessible` adds to cmark-gfm's HTML for keyboards and screen readers.
@Suite struct MarkdownRendererAccessibilityTests {
    let renderer = MarkdownRenderer()

    func accessible(_ markdown: String) -> String {
        MarkdownRenderer.accessible(renderer.render(markdown, anchorPrefix: "p"))
    }

    @Test func codeBlocksAndTablesCanBeScrolledFromTheKeyboard() {
        #expect(accessible("    let x = 1\n") == "<pre tabindex=\"0\"><code>let x = 1\n</code></pre>\n")
        #expect(accessible("Text.\n\n```sh\nbake preview\n```\n")
            == "<p>Text.</p>\n<pre tabindex=\"0\"><code class=\"language-sh\">bake preview\n</code></pre>\n")
        let table = accessible("Before.\n\n| a |\n|---|\n| b |\n")
        #expect(table.hasPrefix("<p>Before.</p>\n<table tabindex=\"0\">\n<thead>"))
        #expect(accessible("| a |\n|---|\n| b |\n").hasPrefix("<table tabindex=\"0\">\n"))
    }

    @Test func taskListCheckboxesHaveAName() {
        #expect(accessible("- [x] done\n- [ ] to do\n") == """
        <ul>
        <li><input type="checkbox" checked="" disabled="" aria-label="Task" /> done</li>
        <li><input type="checkbox" disabled="" aria-label="Task" /> to do</li>
        </ul>

        """)
    }

    @Test func footnotesHaveAHeading() {
        let html = accessible("Said.[^1]\n\n[^1]: Where.\n")
        #expect(html.contains("<section class=\"footnotes\" data-footnotes>\n<h2 class=\"footnotes-heading\">Footnotes</h2>\n<ol>\n<li id=\"p-fn-1\">"))
    }

    @Test func otherHTMLIsUnchanged() {
        for markdown in ["Hello *world*", "", "Some `<pre><code>` in a sentence.", "> quoted\n", "<input type=\"checkbox\">\n"] {
            let html = renderer.render(markdown)
            #expect(MarkdownRenderer.accessible(html) == html)
        }
    }
}
