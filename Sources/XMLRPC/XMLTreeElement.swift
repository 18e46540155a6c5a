/// An XML element as plain Swift values: what libxml2 reads into and writes from.
///
/// XML-RPC needs only elements and text, so attributes, comments and processing
/// instructions are dropped on the way in and never written.
struct XMLTreeElement: Sendable, Hashable {
    /// One piece of an element's content.
    enum Child: Sendable, Hashable {
        case element(XMLTreeElement)
        case text(String)
    }

    /// The local name, without any namespace prefix.
    let name: String
    let children: [Child]
    /// The 1-based line of the start tag in the parsed document, or 0 for built elements.
    let line: Int

    init(_ name: String, children: [Child] = [], line: Int = 0) {
        self.name = name
        self.children = children
        self.line = line
    }

    init(_ name: String, text: String) {
        self.init(name, children: [.text(text)])
    }

    init(_ name: String, elements: [XMLTreeElement]) {
        self.init(name, children: elements.map { .element($0) })
    }
}

extension XMLTreeElement {
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
