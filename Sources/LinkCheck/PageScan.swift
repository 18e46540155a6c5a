/// What one built page or feed links to, and the fragments it offers to links from elsewhere.
///
/// ```swift
/// let scan = HTMLScanner.scan(Array(html.utf8))
/// scan.links      // [Link(url: "/style.css?v=1a2b", kind: .file), Link(url: "/about.html", kind: .page), …]
/// scan.anchors    // ["top", "fn-1", …]: every `id`, and `name` on `<a>`
/// ```
public struct PageScan: Sendable, Hashable {
    /// One URL as the page holds it, character references decoded.
    public struct Link: Sendable, Hashable {
        public let url: String
        public let kind: LinkKind

        public init(url: String, kind: LinkKind) {
            self.url = url
            self.kind = kind
        }
    }

    /// The links, in document order.
    public let links: [Link]
    /// The `id`s of its elements and the `name`s of its anchors.
    public let anchors: Set<String>

    public init(links: [Link], anchors: Set<String> = []) {
        self.links = links
        self.anchors = anchors
    }
}
