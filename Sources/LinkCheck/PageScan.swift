/// What one built page or feed links to, and the fragments it offers to links from elsewhere.
///
/// ```swift
/// let scan = HTMLScanner.scan(Array(html.utf8))
/// scan.links      // [Link(url: "/style.css?v=1a2b", kind: .file), Link(url: "/about.html", kind: .page), …]
/// scan.anchors    // ["top", "fn-1", …]: every `id`, and `name` on `<a>`
/// scan.relations  // [Relation(words: ["redirect_uri"], url: "ia-writer://micropub"), …]
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

    /// A `<link rel="…" href="…">` or `<a rel="…" href="…">`: what the page says its URL is
    /// to it, for programs that read a page's relations (an IndieAuth app's `redirect_uri`, a
    /// `webmention` endpoint).
    public struct Relation: Sendable, Hashable {
        /// The words of its `rel`, lowercase.
        public let words: [String]
        public let url: String

        public init(words: [String], url: String) {
            self.words = words
            self.url = url
        }
    }

    /// The links, in document order.
    public let links: [Link]
    /// The `id`s of its elements and the `name`s of its anchors.
    public let anchors: Set<String>
    /// Its `<link>` and `<a>` elements with a `rel` and an `href`, endpoints included, in
    /// document order.
    public let relations: [Relation]

    public init(links: [Link], anchors: Set<String> = [], relations: [Relation] = []) {
        self.links = links
        self.anchors = anchors
        self.relations = relations
    }
}
