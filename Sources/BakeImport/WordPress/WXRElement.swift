/// An element of a WordPress export or a feed as plain Swift values, converted from XMLTreeElement.
///
/// Names carry a fixed prefix chosen by namespace (`wp:`, `content:`, `excerpt:`, `dc:`, and
/// for feeds `atom:`, `app:`), so that exports of every WXR version (1.0 to 1.2, each with its
/// own namespace URI) and feeds however they name their namespaces read alike.
struct WXRElement: Sendable {
    /// A piece of the element's content, in document order: text, or `elements[index]`.
    enum Piece: Sendable {
        case element(Int)
        case text(String)
    }

    /// E.g. `item`, `wp:post_type`, `content:encoded`.
    let name: String
    let attributes: [String: String]
    let elements: [WXRElement]
    /// The text directly inside, CDATA included, joined as it was.
    let text: String
    /// The 1-based line of the start tag.
    let line: Int
    /// Text and elements in document order, for markup kept as markup (Atom's XHTML content).
    let pieces: [Piece]

    /// The first child element named `name`.
    func first(_ name: String) -> WXRElement? {
        elements.first { $0.name == name }
    }

    /// The text of the first child element named `name`, or "" when there is none.
    subscript(_ name: String) -> String {
        first(name)?.text ?? ""
    }
}
