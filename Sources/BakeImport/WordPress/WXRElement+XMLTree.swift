import BakeKit
internal import XMLTree

extension WXRElement {
    /// The namespaces a kind of document is read with, and what it is called in errors.
    enum Vocabulary: Sendable {
        /// A WordPress export: `wp:`, `excerpt:`, `content:`, `dc:`.
        case wordPress
        /// An RSS 2.0 or Atom feed, or an Atom export such as Blogger's: `atom:`, `app:`,
        /// `content:`, `dc:`, `blogger:`.
        case feed(expected: String)

        var expected: String {
            switch self {
            case .wordPress: "expected a complete WordPress export (WXR)"
            case .feed(let expected): expected
            }
        }
    }

    /// Reads an export or feed into WXRElement values, with libxml2 through XMLTreeElement.
    ///
    /// Never expands entities and never loads anything: a document with a DOCTYPE is refused
    /// as soon as libxml2 sees it. CDATA sections may pass 10 MB, as long posts with inline images do.
    /// - Parameter path: The document's name in errors.
    init(parsing bytes: [UInt8], path: String, vocabulary: Vocabulary = .wordPress) throws(ImportError) {
        let root: XMLTreeElement
        do {
            root = try XMLTreeElement(parsing: bytes, maxDepth: Self.maxDepth, allowHugeText: true)
        } catch {
            throw ImportError(path: path, line: error.line, message: Self.message(for: error.reason, expected: vocabulary.expected))
        }
        self.init(root, vocabulary: vocabulary)
    }
}

private extension WXRElement {
    /// An export nests 6 deep at most (`rss`, `channel`, `item`, `wp:comment`,
    /// `wp:commentmeta`, `wp:meta_value`); post bodies are text, not elements, but for
    /// Atom's XHTML content, which nests as deep as its HTML.
    static let maxDepth = 256

    init(_ element: XMLTreeElement, vocabulary: Vocabulary) {
        var name = element.name
        if let uri = element.namespaceURI {
            let prefix = Self.prefix(uri: uri, given: element.prefix ?? "", vocabulary: vocabulary)
            if !prefix.isEmpty { name = "\(prefix):\(name)" }
        }
        var elements: [WXRElement] = []
        var pieces: [Piece] = []
        for child in element.children {
            switch child {
            case .element(let child):
                pieces.append(.element(elements.count))
                elements.append(WXRElement(child, vocabulary: vocabulary))
            case .text(let text):
                pieces.append(.text(text))
            }
        }
        self.init(name: name, attributes: element.attributes, elements: elements, text: element.text, line: element.line, pieces: pieces)
    }

    /// The fixed prefix for a namespace URI; WXR 1.0, 1.1 and 1.2 differ only in the version.
    static func prefix(uri: String, given: String, vocabulary: Vocabulary) -> String {
        if uri == "http://purl.org/rss/1.0/modules/content/" { return "content" }
        if uri == "http://purl.org/dc/elements/1.1/" { return "dc" }
        switch vocabulary {
        case .wordPress:
            // WordPress.com writes the namespaces with https.
            if uri.hasPrefix("http://wordpress.org/export/") || uri.hasPrefix("https://wordpress.org/export/") { return uri.hasSuffix("/excerpt/") ? "excerpt" : "wp" }
        case .feed:
            if uri == "http://www.w3.org/2005/Atom" { return "atom" }
            // Blogger's export writes the draft flag in the Atom Publishing Protocol's draft namespace.
            if uri == "http://purl.org/atom/app#" || uri == "http://www.w3.org/2007/app" { return "app" }
            if uri.hasPrefix("http://schemas.google.com/blogger/") { return "blogger" }
            if uri == "http://www.w3.org/1999/xhtml" { return "" }
        }
        return given
    }

    static func message(for reason: XMLTreeError.Reason, expected: String) -> String {
        switch reason {
        case .notWellFormed(let detail):
            "\(detail); \(expected)"
        case .documentTypeDeclaration:
            "the \(expected.contains("WordPress") ? "export" : "document") has a DOCTYPE, which bake never reads; \(expected), which has none"
        case .nestingTooDeep(let limit):
            "elements nest more than \(limit) deep; \(expected)"
        case .notWritable(let detail):
            // Only writing fails this way; reading never does.
            "\(detail); \(expected)"
        }
    }
}
