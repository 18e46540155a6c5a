extension MarkdownRenderer {
    /// `html` from `render(_:anchorPrefix:)` with what cmark-gfm leaves out for people who
    /// use a keyboard or a screen reader:
    ///
    /// - code blocks (`<pre><code`) and tables get `tabindex="0"`: themes let both scroll
    ///   sideways on a phone rather than widen the page, and this lets a keyboard scroll them;
    /// - task-list checkboxes get an accessible name;
    /// - the footnotes section gets a heading, `<h2 class="footnotes-heading">`, which a
    ///   theme may hide visually.
    ///
    /// Only the exact forms cmark-gfm writes are matched: a code block's `<pre><code` at the
    /// start of a line, its `<table>` line, its checkbox `<input>`, its footnotes `<section>`. Raw HTML that an
    /// author wrote in exactly those forms gets the same additions.
    ///
    /// ```swift
    /// MarkdownRenderer.accessible(renderer.render("    let x = 1\n"))   // "<pre tabindex=\"0\"><code>let x = 1\n</code></pre>\n"
    /// ```
    public static func accessible(_ html: String) -> String {
        var result = html
        if result.utf8.containsBytes(of: "<pre><code") {
            if result.hasPrefix("<pre><code") { result = focusablePre + result.dropFirst("<pre>".count) }
            result = result.replacingBytes(of: "\n<pre><code", with: "\n" + focusablePre + "<code")
        }
        if result.utf8.containsBytes(of: "<table>\n") {
            if result.hasPrefix("<table>\n") { result = focusableTable + result.dropFirst("<table>".count) }
            result = result.replacingBytes(of: "\n<table>\n", with: "\n" + focusableTable + "\n")
        }
        if result.utf8.containsBytes(of: "<input type=\"checkbox\"") {
            result = result.replacingBytes(of: checkbox, with: labelled(checkbox)).replacingBytes(of: checkedBox, with: labelled(checkedBox))
        }
        if result.utf8.containsBytes(of: footnotes) {
            result = result.replacingBytes(of: footnotes, with: footnotes + "<h2 class=\"footnotes-heading\">Footnotes</h2>\n")
        }
        return result
    }
}

private extension MarkdownRenderer {
    static let focusablePre = "<pre tabindex=\"0\">"
    static let focusableTable = "<table tabindex=\"0\">"
    static let checkbox = "<input type=\"checkbox\" disabled=\"\" />"
    static let checkedBox = "<input type=\"checkbox\" checked=\"\" disabled=\"\" />"
    static let footnotes = "<section class=\"footnotes\" data-footnotes>\n"

    /// A checkbox named for what it is; its checked state says whether the task is done.
    static func labelled(_ box: String) -> String {
        box.replacingBytes(of: " />", with: " aria-label=\"Task\" />")
    }
}
