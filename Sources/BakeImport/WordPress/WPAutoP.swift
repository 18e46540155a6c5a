import Foundation

/// A port of WordPress's `wpautop` (wp-includes/formatting.php, WordPress 6): the filter that
/// turns the blank-line paragraphs of a classic post into `<p>` elements when WordPress shows it.
///
/// Ported step by step, with the same regular expressions: double line breaks make
/// paragraphs, single ones `<br />` inside them; `<pre>` elements are set aside and put back
/// untouched; block-level tags are never wrapped in `<p>` or followed by `<br />`; newlines
/// inside tags and comments, and inside `<script>`, `<style>`, `<svg>` and `<math>`, are kept;
/// `<option>`, `<object>`, `<source>`/`<track>` and `<figcaption>` are collapsed as WordPress
/// collapses them. PCRE's `\s` matches ASCII white space only, so the patterns spell that out
/// rather than use ICU's Unicode `\s`.
///
/// ```swift
/// WPAutoP.apply("One\ntwo\n\nThree")   // "<p>One<br />\ntwo</p>\n<p>Three</p>\n"
/// ```
enum WPAutoP {
    static func apply(_ input: String) -> String {
        guard !input.trimmingCharacters(in: phpTrimmed).isEmpty else { return "" }
        var text = input + "\n"

        // <pre> elements shouldn't be touched: set them aside and put them back at the end.
        var preTags: [(name: String, element: String)] = []
        if text.contains("<pre") {
            var parts = text.components(separatedBy: "</pre>")
            let last = parts.removeLast()
            text = ""
            for part in parts {
                guard let start = part.range(of: "<pre") else {
                    text += part
                    continue
                }
                let name = "<pre wp-pre-tag-\(preTags.count)></pre>"
                preTags.append((name, String(part[start.lowerBound...]) + "</pre>"))
                text += part[..<start.lowerBound] + name
            }
            text += last
        }

        text = replace(#"<br\#(s)*/?>\#(s)*<br\#(s)*/?>"#, in: text, with: "\n\n")
        text = replace("(<\(allBlocks)[\(sChars)/>])", in: text, with: "\n\n$1")
        text = replace("(</\(allBlocks)>)", in: text, with: "$1\n\n")
        text = replace(#"(<hr\#(s)*?/?>)"#, in: text, with: "$1\n\n")
        text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        text = replaceNewlinesInTags(text)

        if text.contains("<option") {
            text = replace(#"\#(s)*<option"#, in: text, with: "<option")
            text = replace(#"</option>\#(s)*"#, in: text, with: "</option>")
        }
        if text.contains("</object>") {
            text = replace(#"(<object[^>]*>)\#(s)*"#, in: text, with: "$1")
            text = replace(#"\#(s)*</object>"#, in: text, with: "</object>")
            text = replace(#"\#(s)*(</?(?:param|embed)[^>]*>)\#(s)*"#, in: text, with: "$1")
        }
        if text.contains("<source") || text.contains("<track") {
            text = replace(#"([<\[](?:audio|video)[^>\]]*[>\]])\#(s)*"#, in: text, with: "$1")
            text = replace(#"\#(s)*([<\[]/(?:audio|video)[>\]])"#, in: text, with: "$1")
            text = replace(#"\#(s)*(<(?:source|track)[^>]*>)\#(s)*"#, in: text, with: "$1")
        }
        if text.contains("<figcaption") {
            text = replace(#"\#(s)*(<figcaption[^>]*>)"#, in: text, with: "$1")
            text = replace(#"</figcaption>\#(s)*"#, in: text, with: "</figcaption>")
        }

        text = replace("\n\n+", in: text, with: "\n\n")
        let paragraphs = split(text, at: #"\n\#(s)*\n"#).filter { !$0.isEmpty }
        text = paragraphs.map { "<p>" + $0.trimmingCharacters(in: CharacterSet(charactersIn: "\n")) + "</p>\n" }.joined()

        text = replace(#"<p>\#(s)*</p>"#, in: text, with: "")
        text = replace("<p>([^<]+)</(div|address|form)>", in: text, with: "<p>$1</p></$2>")
        text = replace(#"<p>\#(s)*(</?\#(allBlocks)[^>]*>)\#(s)*</p>"#, in: text, with: "$1")
        text = replace("<p>(<li.+?)</p>", in: text, with: "$1")
        text = replace("<p><blockquote([^>]*)>", in: text, with: "<blockquote$1><p>", caseInsensitive: true)
        text = text.replacingOccurrences(of: "</blockquote></p>", with: "</p></blockquote>")
        text = replace(#"<p>\#(s)*(</?\#(allBlocks)[^>]*>)"#, in: text, with: "$1")
        text = replace(#"(</?\#(allBlocks)[^>]*>)\#(s)*</p>"#, in: text, with: "$1")

        // Newlines inside these elements are theirs, not line breaks.
        text = transformMatches(of: #"<(script|style|svg|math).*?</\1>"#, in: text, dotAll: true) {
            $0.replacingOccurrences(of: "\n", with: "<WPPreserveNewline />")
        }
        text = text.replacingOccurrences(of: "<br>", with: "<br />").replacingOccurrences(of: "<br/>", with: "<br />")
        text = replace(#"(?<!<br />)\#(s)*\n"#, in: text, with: "<br />\n")
        text = text.replacingOccurrences(of: "<WPPreserveNewline />", with: "\n")

        text = replace(#"(</?\#(allBlocks)[^>]*>)\#(s)*<br />"#, in: text, with: "$1")
        text = replace(#"<br />(\#(s)*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)"#, in: text, with: "$1")
        text = replace("\n</p>$", in: text, with: "</p>")

        for (name, element) in preTags {
            text = text.replacingOccurrences(of: name, with: element)
        }
        if text.contains("<!-- wpnl -->") {
            text = text.replacingOccurrences(of: " <!-- wpnl --> ", with: "\n").replacingOccurrences(of: "<!-- wpnl -->", with: "\n")
        }
        return text
    }
}

private extension WPAutoP {
    /// The block-level elements `wpautop` never puts inside a paragraph.
    static let allBlocks = "(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)"
    /// PCRE's `\s` without the `u` flag: ASCII white space only.
    static let sChars = #" \t\n\x{0B}\f\r"#
    static let s = "[\(sChars)]"
    /// What PHP's `trim` removes.
    static let phpTrimmed = CharacterSet(charactersIn: " \t\n\r\0\u{0B}")

    static func regex(_ pattern: String, caseInsensitive: Bool = false, dotAll: Bool = false) -> NSRegularExpression {
        var options: NSRegularExpression.Options = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if dotAll { options.insert(.dotMatchesLineSeparators) }
        // The patterns are constants of this file: a bad one is a programmer's mistake.
        return try! NSRegularExpression(pattern: pattern, options: options)
    }

    static func replace(_ pattern: String, in text: String, with template: String, caseInsensitive: Bool = false) -> String {
        regex(pattern, caseInsensitive: caseInsensitive)
            .stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }

    static func split(_ text: String, at pattern: String) -> [String] {
        var parts: [String] = []
        var start = text.startIndex
        for match in regex(pattern).matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text) else { continue }
            parts.append(String(text[start..<range.lowerBound]))
            start = range.upperBound
        }
        parts.append(String(text[start...]))
        return parts
    }

    static func transformMatches(of pattern: String, in text: String, dotAll: Bool, _ transform: (String) -> String) -> String {
        var result = ""
        var start = text.startIndex
        for match in regex(pattern, dotAll: dotAll).matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text) else { continue }
            result += text[start..<range.lowerBound] + transform(String(text[range]))
            start = range.upperBound
        }
        return result + text[start...]
    }

    /// `wp_replace_in_html_tags($text, ["\n" => " <!-- wpnl --> "])`: newlines inside tags,
    /// comments and CDATA sections, found as `wp_html_split` finds them, become placeholders.
    static func replaceNewlinesInTags(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "<") {
            result += text[index..<open]
            let rest = text[open...]
            let end: String.Index
            if rest.hasPrefix("<!--") {
                end = rest.range(of: "-->", range: rest.index(open, offsetBy: 4)..<rest.endIndex)?.upperBound ?? text.endIndex
            } else if rest.hasPrefix("<![CDATA[") {
                end = rest.range(of: "]]>")?.upperBound ?? text.endIndex
            } else {
                end = rest.firstIndex(of: ">").map { text.index(after: $0) } ?? text.endIndex
            }
            result += text[open..<end].replacingOccurrences(of: "\n", with: " <!-- wpnl --> ")
            index = end
        }
        return result + text[index...]
    }
}
