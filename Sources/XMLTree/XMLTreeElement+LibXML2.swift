internal import CLibXML2

// The only file in XMLTree that talks to libxml2. Everything C-facing here is fileprivate;
// XMLRPC and BakeImport see XMLTreeElement values and bytes.

package extension XMLTreeElement {
    /// Reads a document with libxml2's SAX2 push parser and returns its root element.
    ///
    /// Never expands entities and never loads anything (`XML_PARSE_NONET`; no `NOENT`,
    /// `DTDLOAD`, `DTDATTR` or `DTDVALID`): a document with a DOCTYPE is refused as soon as
    /// libxml2 sees it, before any of its declarations are read.
    ///
    /// ```swift
    /// let root = try XMLTreeElement(parsing: body, maxDepth: 64)
    /// ```
    /// - Parameters:
    ///   - maxDepth: The deepest nesting of elements accepted, counting the root as 1.
    ///   - allowHugeText: Lifts libxml2's 10 MB limit on a CDATA section, an attribute
    ///     value or a comment (`XML_PARSE_HUGE`), for documents such as exports with long posts.
    init(parsing bytes: some Collection<UInt8>, maxDepth: Int, allowHugeText: Bool = false) throws(XMLTreeError) {
        let parse = { (bytes: UnsafeRawBufferPointer) in
            Result { () throws(XMLTreeError) in
                try XMLTreeElement(parsingBuffer: bytes, maxDepth: maxDepth, allowHugeText: allowHugeText)
            }
        }
        let result = bytes.withContiguousStorageIfAvailable { parse(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes(parse)
        self = try result.get()
    }

    /// Writes this element as a UTF-8 document with an XML declaration, using xmlTextWriter.
    ///
    /// Names, attributes and text are written; namespace URIs and prefixes are not. The writer
    /// escapes `&`, `<` and `>` in text and writes CR as `&#13;`, so text read back by any
    /// conforming parser is exactly the text written.
    func serialized() throws(XMLTreeError) -> [UInt8] {
        LibXML2.initialize()
        guard let buffer = xmlBufferCreate() else { throw LibXML2.writeFailure }
        defer { xmlBufferFree(buffer) }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else { throw LibXML2.writeFailure }
        var succeeded = xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil) >= 0
        succeeded = succeeded && write(to: writer)
        succeeded = succeeded && xmlTextWriterEndDocument(writer) >= 0
        // Freeing the writer flushes what it still holds into the buffer.
        xmlFreeTextWriter(writer)
        guard succeeded, let content = xmlBufferContent(buffer) else { throw LibXML2.writeFailure }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }
}

private extension XMLTreeElement {
    init(parsingBuffer bytes: UnsafeRawBufferPointer, maxDepth: Int, allowHugeText: Bool) throws(XMLTreeError) {
        LibXML2.initialize()
        let builder = TreeBuilder(maxDepth: maxDepth)
        var handler = TreeBuilder.makeSAXHandler()
        let context = withUnsafeMutablePointer(to: &handler) { handler in
            xmlCreatePushParserCtxt(handler, Unmanaged.passUnretained(builder).toOpaque(), nil, 0, nil)
        }
        guard let context else {
            throw XMLTreeError(.notWellFormed("libxml2 could not create a parser"))
        }
        defer { xmlFreeParserCtxt(context) }
        builder.context = context
        _ = xmlCtxtUseOptions(context, LibXML2.parseOptions(allowHugeText: allowHugeText))

        withExtendedLifetime(builder) {
            var offset = 0
            repeat {
                let length = min(LibXML2.chunkSize, bytes.count - offset)
                let chunk = bytes.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: CChar.self) }
                let isLast = offset + length == bytes.count
                let status = xmlParseChunk(context, chunk, Int32(length), isLast ? 1 : 0)
                offset += length
                if status != 0 || builder.failure != nil { break }
            } while offset < bytes.count
        }

        if let failure = builder.failure { throw failure }
        guard context.pointee.wellFormed != 0, let root = builder.root else {
            throw LibXML2.lastError(of: context)
        }
        self = root
    }

    func write(to writer: xmlTextWriterPtr) -> Bool {
        guard xmlTextWriterStartElement(writer, name) >= 0 else { return false }
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
            guard xmlTextWriterWriteAttribute(writer, key, value) >= 0 else { return false }
        }
        for child in children {
            switch child {
            case .element(let element):
                guard element.write(to: writer) else { return false }
            case .text(let text):
                guard xmlTextWriterWriteString(writer, text) >= 0 else { return false }
            }
        }
        return xmlTextWriterEndElement(writer) >= 0
    }
}

/// Process-wide libxml2 setup and the settings every parse uses.
fileprivate enum LibXML2 {
    static let chunkSize = 64 * 1024
    static let writeFailure = XMLTreeError(.notWritable("libxml2 could not write the document"))

    /// Swift runs a static initialiser exactly once, even when threads race to it.
    private static let initialized: Void = xmlInitParser()

    static func initialize() {
        _ = initialized
    }

    /// `NONET` forbids network access. `NOENT`, `DTDLOAD`, `DTDATTR` and `DTDVALID` are
    /// deliberately absent: entities are never substituted and no external subset is ever
    /// loaded. `HUGE` lifts the 10 MB limits, and only when asked.
    static func parseOptions(allowHugeText: Bool) -> Int32 {
        var options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        if allowHugeText { options |= XML_PARSE_HUGE.rawValue }
        return Int32(options)
    }

    static func lastError(of context: xmlParserCtxtPtr) -> XMLTreeError {
        guard let error = xmlCtxtGetLastError(context), let message = error.pointee.message else {
            return XMLTreeError(.notWellFormed("libxml2 could not read the document"))
        }
        // libxml2 ends its messages with a newline and some, such as bad UTF-8, span two lines.
        let text = String(cString: message).split(whereSeparator: \.isNewline).joined(separator: " ")
        return XMLTreeError(.notWellFormed(text), line: error.pointee.line > 0 ? Int(error.pointee.line) : nil)
    }
}

/// Collects SAX events into XMLTreeElement values; libxml2 holds it as user data.
fileprivate final class TreeBuilder {
    private struct OpenElement {
        let name: String
        let namespaceURI: String?
        let prefix: String?
        let attributes: [String: String]
        let line: Int
        var children: [XMLTreeElement.Child] = []
    }

    let maxDepth: Int
    var context: xmlParserCtxtPtr?
    private(set) var root: XMLTreeElement?
    private(set) var failure: XMLTreeError?
    private var open: [OpenElement] = []
    private var pendingText: [UInt8] = []

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// Only the callbacks below are set; everything that builds a DOM, resolves an
    /// entity (`getEntity`, `entityDecl`) or reads a declaration is left nil.
    static func makeSAXHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.internalSubset = { user, _, _, _ in
            let builder = TreeBuilder.builder(user)
            builder.stop(XMLTreeError(.documentTypeDeclaration, line: builder.currentLine))
        }
        handler.startElementNs = { user, localName, prefix, uri, _, _, attributeCount, _, attributes in
            TreeBuilder.builder(user).startElement(localName, prefix: prefix, uri: uri, attributeCount: Int(attributeCount), attributes: attributes)
        }
        handler.endElementNs = { user, _, _, _ in
            TreeBuilder.builder(user).endElement()
        }
        handler.characters = { user, bytes, length in
            TreeBuilder.builder(user).appendText(bytes, length)
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        // Errors are read from the context afterwards; this keeps libxml2 off stderr.
        handler.serror = { _, _ in }
        return handler
    }
}

private extension TreeBuilder {
    static func builder(_ user: UnsafeMutableRawPointer?) -> TreeBuilder {
        Unmanaged<TreeBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    var currentLine: Int {
        guard let input = context?.pointee.input else { return 0 }
        return Int(input.pointee.line)
    }

    func stop(_ error: XMLTreeError) {
        guard failure == nil else { return }
        failure = error
        xmlStopParser(context)
    }

    func startElement(_ localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
                      attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard failure == nil else { return }
        guard open.count < maxDepth else {
            stop(XMLTreeError(.nestingTooDeep(limit: maxDepth), line: currentLine))
            return
        }
        flushText()
        var values: [String: String] = [:]
        if let attributes {
            // Five pointers an attribute: local name, prefix, URI, value start, value end.
            for index in 0..<attributeCount {
                guard let key = attributes[index * 5], let start = attributes[index * 5 + 3], let end = attributes[index * 5 + 4] else { continue }
                let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                // Without NOENT, libxml2 hands over every `&` of a value as `&#38;`, for a DOM
                // builder to decode; any other reference would be an undeclared entity, an error.
                values[String(cString: key)] = value.contains("&") ? value.replacing("&#38;", with: "&") : value
            }
        }
        open.append(OpenElement(
            name: localName.map { String(cString: $0) } ?? "", namespaceURI: uri.map { String(cString: $0) },
            prefix: prefix.map { String(cString: $0) }, attributes: values, line: currentLine
        ))
    }

    func endElement() {
        guard failure == nil, var element = open.popLast() else { return }
        flushText(into: &element)
        let tree = XMLTreeElement(
            element.name, namespaceURI: element.namespaceURI, prefix: element.prefix, attributes: element.attributes,
            children: element.children, line: element.line
        )
        if open.isEmpty {
            root = tree
        } else {
            open[open.count - 1].children.append(.element(tree))
        }
    }

    func appendText(_ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard failure == nil, let bytes, length > 0 else { return }
        pendingText.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
    }

    func flushText() {
        guard !open.isEmpty else {
            pendingText.removeAll()
            return
        }
        flushText(into: &open[open.count - 1])
    }

    private func flushText(into element: inout OpenElement) {
        guard !pendingText.isEmpty else { return }
        // libxml2 hands over UTF-8 in pieces that may split a character; decode once whole.
        element.children.append(.text(String(decoding: pendingText, as: UTF8.self)))
        pendingText.removeAll(keepingCapacity: true)
    }
}
