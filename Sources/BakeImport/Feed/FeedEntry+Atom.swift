import BakeKit
import Foundation

extension FeedEntry {
    /// An Atom `<entry>` (RFC 4287): `content`, else `summary`, as HTML whatever its `type`;
    /// dated by `published`, else `updated`; `category` terms (their `label` when they have
    /// one); the `alternate` link.
    /// - Parameter categories: Which of its `<category>` elements are the entry's categories.
    init(atom entry: WXRElement, path: String, zone: TimeZone, categories isCategory: (WXRElement) -> Bool = { _ in true }) {
        let dated = entry.first("atom:published") ?? entry.first("atom:updated")
        self.init(
            title: Self.oneLine(entry.first("atom:title").map(Self.atomPlainText) ?? ""),
            html: (entry.first("atom:content").map(Self.atomHTML) ?? "").isEmpty
                ? entry.first("atom:summary").map(Self.atomHTML) ?? ""
                : entry.first("atom:content").map(Self.atomHTML) ?? "",
            date: dated.flatMap { ImportDate.civil($0.text.trimmingCharacters(in: .whitespacesAndNewlines), zone: zone) },
            dateText: dated.map { "<\($0.name.dropFirst(5))> `\($0.text.trimmingCharacters(in: .whitespacesAndNewlines))`" } ?? "no <published> or <updated>",
            categories: Self.categories(entry.elements.filter { $0.name == "atom:category" && isCategory($0) }.map {
                let label = $0.attributes["label"] ?? ""
                return label.isEmpty ? $0.attributes["term"] ?? "" : label
            }),
            link: Self.alternate(in: entry),
            location: "\(path):\(entry.line)",
            dateLocation: "\(path):\(dated?.line ?? entry.line)"
        )
    }

    /// The `href` of the `alternate` link among `element`'s (one without `rel` is one), an HTML one first; "" for none.
    static func alternate(in element: WXRElement) -> String {
        let links = element.elements.filter { $0.name == "atom:link" && ($0.attributes["rel"] ?? "alternate") == "alternate" }
        let link = links.first { ($0.attributes["type"] ?? "text/html") == "text/html" } ?? links.first
        return link?.attributes["href"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// An Atom text construct as plain text: `text` as it is, `html` without its tags and references, `xhtml` its text.
    static func atomPlainText(_ element: WXRElement) -> String {
        switch element.attributes["type"] ?? "text" {
        case "html":
            CharacterReferences.decode(element.text.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression))
        case "xhtml":
            allText(of: element)
        default:
            element.text
        }
    }

    /// An Atom text construct or `<content>` as HTML: `html` as it is, `xhtml` written out
    /// without its `div`, text (or any `text/…` type) escaped into paragraphs; "" for content
    /// elsewhere (`src`) or of another type.
    static func atomHTML(_ element: WXRElement) -> String {
        guard element.attributes["src"] == nil else { return "" }
        switch element.attributes["type"] ?? "text" {
        case "html", "text/html":
            return element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        case "xhtml", "application/xhtml+xml":
            let div = element.elements.first { $0.name == "div" }
            return (div.map(markup(inside:)) ?? markup(inside: element)).trimmingCharacters(in: .whitespacesAndNewlines)
        case let type where type == "text" || type.hasPrefix("text/"):
            return html(fromText: element.text)
        default:
            return ""
        }
    }
}

private extension FeedEntry {
    /// Elements HTML writes without an end tag.
    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]

    /// What is inside `element`, written as HTML: names without prefix, attributes in order of name, text escaped.
    static func markup(inside element: WXRElement) -> String {
        var html = ""
        for piece in element.pieces {
            switch piece {
            case .text(let text):
                html += MarkupEscaping.html(text)
            case .element(let index):
                let child = element.elements[index]
                let name = child.name.split(separator: ":").last.map(String.init) ?? child.name
                html += "<\(name)"
                for (key, value) in child.attributes.sorted(by: { $0.key < $1.key }) {
                    html += " \(key)=\"\(MarkupEscaping.html(value))\""
                }
                if voidElements.contains(name.lowercased()), child.pieces.isEmpty {
                    html += " />"
                } else {
                    html += ">\(markup(inside: child))</\(name)>"
                }
            }
        }
        return html
    }

    /// All the text in `element` and the elements in it, in order.
    static func allText(of element: WXRElement) -> String {
        element.pieces.reduce(into: "") {
            switch $1 {
            case .text(let text): $0 += text
            case .element(let index): $0 += allText(of: element.elements[index])
            }
        }
    }
}
