import CCmarkGFM
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders Markdown to HTML with cmark-gfm and the GFM extensions: tables, strikethrough,
/// autolinks, task lists and footnotes. Raw HTML in the Markdown is kept: these are the
/// author's own posts. An image with a title, alone in its paragraph, becomes a `<figure>`
/// captioned with the title. Autolinking stops at an anchor the author wrote, so that no link
/// lands inside another.
///
/// This is the only file that sees cmark-gfm's C API.
///
/// ```swift
/// let renderer = MarkdownRenderer()
/// renderer.render("Hello *world*")   // "<p>Hello <em>world</em></p>\n"
/// ```
public struct MarkdownRenderer: Sendable {
    public init() {
        Self.registerExtensions
    }

    /// The HTML for `markdown`. Footnote anchors get `anchorPrefix` so that several posts
    /// on one page (the home page) do not share ids. `smartPunctuation` makes straight
    /// quotes curly, `--` and `---` dashes and `...` an ellipsis, outside code.
    public func render(_ markdown: String, anchorPrefix: String = "", smartPunctuation: Bool = false) -> String {
        // Code blocks come out as `<pre><code class="language-swift">`, the hook client-side
        // highlighters look for, and table alignment as `style`, since HTML has no `align`.
        var options = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
        if smartPunctuation { options |= CMARK_OPT_SMART }
        // Strikethrough is only attached to text that has a `~`, and those parses take turns;
        // see `registerExtensions` for why.
        let strikethrough = markdown.utf8.contains(UInt8(ascii: "~"))
        let html: String
        if strikethrough {
            html = Self.strikethroughParses.withLock { _ in Self.render(markdown, options: options, strikethrough: true) }
        } else {
            html = Self.render(markdown, options: options, strikethrough: false)
        }
        guard !anchorPrefix.isEmpty, html.utf8.containsBytes(of: "fnref") else { return html }
        return Self.prefixFootnoteAnchors(html, prefix: anchorPrefix)
    }
}

private extension MarkdownRenderer {
    static let blockExtensionNames = ["table", "autolink", "tasklist"]

    /// Registers the GFM extensions once, and makes parsing safe on many threads.
    ///
    /// cmark-gfm 0.29 keeps the characters that start an extension's inline syntax (`:` and
    /// `w` for autolinks, `~` for strikethrough) in one process-wide table, and every
    /// `cmark_parser_finish` adds its extensions' characters before inline parsing and removes
    /// them after. Two threads parsing at once then race: one removes a character while the
    /// other still needs it, and the output changes from run to run.
    ///
    /// - Autolink's characters are added to the table once, here, and its own list is emptied,
    ///   so every later add and remove of them is a no-op. Nothing else reads that list. The
    ///   list it had (two nodes, 32 bytes) is dropped once per process: cmark-gfm has no call
    ///   that hands it back to be freed. LeakSanitizer reports it; fuzz-post sets up before fuzzing.
    /// - Strikethrough's list can't be emptied: cmark-gfm finds the extension for a `~`
    ///   delimiter through it. So strikethrough is attached only to text containing a `~`
    ///   (it changes nothing elsewhere), and those parses hold `strikethroughParses`, so
    ///   only one thread at a time adds and removes `~`.
    ///
    /// A `static let` runs this exactly once, thread-safely, before the first render.
    static let registerExtensions: Void = {
        cmark_gfm_core_extensions_ensure_registered()
        guard let pin = cmark_parser_new(CMARK_OPT_DEFAULT), let autolink = cmark_find_syntax_extension("autolink") else { return }
        cmark_parser_attach_syntax_extension(pin, autolink)
        cmark_manage_extensions_special_characters(pin, 1)
        cmark_syntax_extension_set_special_inline_chars(autolink, nil)
        cmark_parser_free(pin)
    }()

    /// Held by every parse that attaches strikethrough. This is BakeKit's one lock: it guards
    /// cmark-gfm's process-wide state, not anything of bake's.
    static let strikethroughParses = Mutex(())

    static func render(_ markdown: String, options: Int32, strikethrough: Bool) -> String {
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in strikethrough ? blockExtensionNames + ["strikethrough"] : blockExtensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var source = markdown
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        // Only raw HTML can hold an author's anchor; most posts have none.
        if markdown.utf8.firstOffset(of: "<a", caseInsensitive: true) != nil {
            keepAuthorsAnchors(document)
        }
        // The paragraphs that figures replaced hold their images' text until the HTML is rendered.
        let replaced = markdown.utf8.containsBytes(of: "![") ? makeFigures(document) : []
        defer { replaced.forEach { cmark_node_free($0) } }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Undoes the links cmark-gfm made inside an anchor the author wrote as raw HTML, as in
    /// `<a href="https://example.com/a">https://example.com/a</a>`: an `<a>` in an `<a>` is
    /// invalid, and browsers split it. An autolink goes back to the text as written, byte for
    /// byte (`&#8203;` included); a Markdown link inside the anchor leaves its text.
    static func keepAuthorsAnchors(_ document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        var links: [OpaquePointer] = []
        var openAnchors = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if Int(type.rawValue) & Int(CMARK_NODE_TYPE_MASK) == Int(CMARK_NODE_TYPE_BLOCK) {
                // Raw inline HTML never spans blocks.
                openAnchors = 0
            } else if type == CMARK_NODE_HTML_INLINE, let literal = cmark_node_get_literal(node) {
                openAnchors = max(0, openAnchors + anchorDepthChange(String(cString: literal)))
            } else if type == CMARK_NODE_LINK, openAnchors > 0 {
                links.append(node)
            }
        }
        cmark_iter_free(iterator)
        for link in links {
            if let text = cmark_node_first_child(link), cmark_node_next(text) == nil, cmark_node_get_type(text) == CMARK_NODE_TEXT,
               let literal = cmark_node_get_literal(text).map({ String(cString: $0) }),
               let url = cmark_node_get_url(link).map({ String(cString: $0) }), isAutolink(url: url, text: literal),
               let raw = cmark_node_new(CMARK_NODE_HTML_INLINE) {
                cmark_node_set_literal(raw, literal)
                cmark_node_insert_before(link, raw)
            } else {
                while let child = cmark_node_first_child(link) {
                    cmark_node_insert_before(link, child)
                }
            }
            cmark_node_free(link)
        }
    }

    /// Makes each paragraph that holds nothing but an image with a title a figure, with the
    /// title as its caption: `![A heron](/media/heron.jpg "A heron at dawn")` becomes
    ///
    /// ```html
    /// <figure>
    /// <img src="/media/heron.jpg" alt="A heron" />
    /// <figcaption>A heron at dawn</figcaption>
    /// </figure>
    /// ```
    ///
    /// The title leaves the `<img>`: the caption already shows it, and a screen reader would
    /// read it twice. An image without a title, or with text or another image beside it, stays
    /// in its paragraph.
    ///
    /// Returns the paragraphs taken out of the tree, to be freed after rendering: the text of
    /// an image's alt points into its paragraph's buffer.
    static func makeFigures(_ document: OpaquePointer) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        var images: [(paragraph: OpaquePointer, image: OpaquePointer, caption: String)] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH,
                  let image = cmark_node_first_child(node), cmark_node_next(image) == nil, cmark_node_get_type(image) == CMARK_NODE_IMAGE,
                  let title = cmark_node_get_title(image).map({ String(cString: $0) }),
                  title.contains(where: { !$0.isWhitespace })
            else { continue }
            images.append((node, image, title))
        }
        cmark_iter_free(iterator)
        var replaced: [OpaquePointer] = []
        for (paragraph, image, caption) in images {
            guard let figure = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            cmark_node_set_on_enter(figure, "<figure>")
            cmark_node_set_on_exit(figure, "<figcaption>\(MarkupEscaping.html(caption))</figcaption>\n</figure>")
            guard cmark_node_insert_before(paragraph, figure) == 1 else {
                cmark_node_free(figure)
                continue
            }
            cmark_node_set_title(image, "")
            cmark_node_append_child(figure, image)
            cmark_node_unlink(paragraph)
            replaced.append(paragraph)
        }
        return replaced
    }

    /// +1 for an inline `<a …>`, -1 for `</a>`, 0 for any other tag.
    static func anchorDepthChange(_ tag: String) -> Int {
        let lower = tag.lowercased().utf8
        for (prefix, change) in [("<a", 1), ("</a", -1)] where lower.starts(with: prefix.utf8) {
            let next = lower.dropFirst(prefix.utf8.count).first
            if next == nil || next == UInt8(ascii: ">") || next == UInt8(ascii: " ") || next == 0x09 || next == 0x0A || next == 0x0D {
                return change
            }
        }
        return 0
    }

    /// Whether a link is one cmark-gfm's autolinker made from `text`: its URL is the text
    /// (with references decoded, in some cmark-gfm versions), with `http://` or `mailto:`
    /// added for `www.` and e-mail addresses. Its text is then the Markdown source itself,
    /// and holds no `<` or `>`.
    static func isAutolink(url: String, text: String) -> Bool {
        guard !text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else { return false }
        return [text, CharacterReferences.decode(text)].contains { url == $0 || url == "http://" + $0 || url == "mailto:" + $0 }
    }

    /// cmark-gfm names footnote anchors `fn-1` / `fnref-1`; make them `<prefix>-fn-1`.
    static func prefixFootnoteAnchors(_ html: String, prefix: String) -> String {
        var result = html
        for (old, new) in [
            ("href=\"#fnref-", "href=\"#\(prefix)-fnref-"), ("href=\"#fn-", "href=\"#\(prefix)-fn-"),
            ("id=\"fnref-", "id=\"\(prefix)-fnref-"), ("id=\"fn-", "id=\"\(prefix)-fn-"),
        ] {
            result = result.replacing(old, with: new)
        }
        return result
    }
}
