import BakeKit
internal import XMLTree

extension WXRElement {
    /// Reads an export into WXRElement values, with libxml2 through XMLTreeElement.
    ///
    /// Never expands entities and never loads anything: a document with a DOCTYPE is refused
    /// as soon as libxml2 sees it. CDATA sections may pass 10 MB, as long posts with inline images do.
    /// - Parameter path: The export's name in errors.
    init(parsing bytes: [UInt8], path: String) throws(ImportError) {
        let root: XMLTreeElement
        do {
            root = try XMLTreeElement(parsing: bytes, maxDepth: Self.maxDepth, allowHugeText: true)
        } catch {
            throw ImportError(path: path, line: error.line, message: Self.message(for: error.reason))
        }
        self.init(root)
    }
}

private extension WXRElement {
    static let expected = "expected a complete WordPress export (WXR)"
    /// An export nests 6 deep at most (`rss`, `channel`, `item`, `wp:comment`,
    /// `wp:commentmeta`, `wp:meta_value`); post bodies are text, not elements.
    static let maxDepth = 256

    init(_ element: XMLTreeElement) {
        var name = element.name
        if let uri = element.namespaceURI {
            let prefix = Self.prefix(uri: uri, given: element.prefix ?? "")
            if !prefix.isEmpty { name = "\(prefix):\(name)" }
        }
        self.init(name: name, attributes: element.attributes, elements: element.elements.map(WXRElement.init),
                  text: element.text, line: element.line)
    }

    /// The fixed prefix for a namespace URI; WXR 1.0, 1.1 and 1.2 differ only in the version.
    static func prefix(uri: String, given: String) -> String {
        // WordPress.com writes the namespaces with https.
        if uri.hasPrefix("http://wordpress.org/export/") || uri.hasPrefix("https://wordpress.org/export/") { return uri.hasSuffix("/excerpt/") ? "excerpt" : "wp" }
        if uri == "http://purl.org/rss/1.0/modules/content/" { return "content" }
        if uri == "http://purl.org/dc/elements/1.1/" { return "dc" }
        return given
    }

    static func message(for reason: XMLTreeError.Reason) -> String {
        switch reason {
        case .notWellFormed(let detail):
            "\(detail); \(expected)"
        case .documentTypeDeclaration:
            "the export has a DOCTYPE, which bake never reads; \(expected), which has none"
        case .nestingTooDeep(let limit):
            "elements nest more than \(limit) deep; \(expected)"
        case .notWritable(let detail):
            // Only writing fails this way; reading never does.
            "\(detail); \(expected)"
        }
    }
}
