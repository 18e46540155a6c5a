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

/// What a link leads to, which decides what a missing target is called and whether its
/// fragment is checked.
public enum LinkKind: Sendable, Hashable {
    /// A page a reader goes to: `<a>`, `<area>`, `<iframe>`, a `<link>` such as canonical, a
    /// feed item's link.
    case page
    /// A page's redirect: `<meta http-equiv="refresh">`.
    case redirect
    /// A file the page loads or offers: an image, a stylesheet, a script, media, an enclosure.
    case file
}
