import CCmarkGFM
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders Markdown to HTML with cmark-gfm and the GFM extensions: tables, strikethrough,
/// autolinks, task lists and footnotes. Raw HTML in the Markdown is kept: these are the
/// author's own posts.
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
    /// on one page (the home page) do not share ids.
    public func render(_ markdown: String, anchorPrefix: String = "") -> String {
        let options = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE | CMARK_OPT_GITHUB_PRE_LANG
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in Self.extensionNames {
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
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        let html = String(cString: rendered)
        guard !anchorPrefix.isEmpty, html.utf8.containsBytes(of: "fnref") else { return html }
        return Self.prefixFootnoteAnchors(html, prefix: anchorPrefix)
    }
}

private extension MarkdownRenderer {
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Registers the GFM extensions once, and makes parsing safe on many threads.
    ///
    /// cmark-gfm 0.29 keeps the characters that start an extension's inline syntax (`~` for
    /// strikethrough, `:` and `w` for autolinks) in one process-wide table, and every
    /// `cmark_parser_finish` adds them before inline parsing and removes them after. Two
    /// threads parsing at once then race: one removes the characters while the other is
    /// still using them, and autolinks come out differently from run to run. So the
    /// characters are added to the table once, here, and the extensions' own lists are
    /// emptied, which turns every later add and remove into a no-op. A `static let` runs
    /// this exactly once, thread-safely, before the first render.
    static let registerExtensions: Void = {
        cmark_gfm_core_extensions_ensure_registered()
        guard let pin = cmark_parser_new(CMARK_OPT_DEFAULT) else { return }
        let extensions = extensionNames.compactMap { cmark_find_syntax_extension($0) }
        for ext in extensions {
            cmark_parser_attach_syntax_extension(pin, ext)
        }
        cmark_manage_extensions_special_characters(pin, 1)
        for ext in extensions {
            cmark_syntax_extension_set_special_inline_chars(ext, nil)
        }
        cmark_parser_free(pin)
    }()

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
