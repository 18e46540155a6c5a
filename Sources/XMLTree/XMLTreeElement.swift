/// An XML element as plain Swift values: what libxml2 reads into and writes from.
///
/// Elements, attributes and text are kept; comments and processing instructions are
/// dropped on the way in. CDATA sections arrive as text.
package struct XMLTreeElement: Sendable, Hashable {
    /// One piece of an element's content.
    package enum Child: Sendable, Hashable {
        case element(XMLTreeElement)
        case text(String)
    }

    /// The local name, without any namespace prefix.
    package let name: String
    /// The namespace the element is in, or nil for none.
    package let namespaceURI: String?
    /// The prefix the document wrote, or nil for none; the namespace URI is what identifies it.
    package let prefix: String?
    /// Attribute values by local name.
    package let attributes: [String: String]
    /// Elements and text in document order; text between two elements stays between them.
    package let children: [Child]
    /// The 1-based line of the start tag in the parsed document, or 0 for built elements.
    package let line: Int

    package init(
        _ name: String, namespaceURI: String? = nil, prefix: String? = nil, attributes: [String: String] = [:],
        children: [Child] = [], line: Int = 0
    ) {
        self.name = name
        self.namespaceURI = namespaceURI
        self.prefix = prefix
        self.attributes = attributes
        self.children = children
        self.line = line
    }

    package init(_ name: String, text: String) {
        self.init(name, children: [.text(text)])
    }

    package init(_ name: String, elements: [XMLTreeElement]) {
        self.init(name, children: elements.map { .element($0) })
    }
}

package extension XMLTreeElement {
    /// The child elements, in order.
    var elements: [XMLTreeElement] {
        children.compactMap {
            if case .element(let element) = $0 { element } else { nil }
        }
    }

    /// All text directly inside this element, joined exactly as it was.
    var text: String {
        children.reduce(into: "") {
            if case .text(let text) = $1 { $0 += text }
        }
    }
}
