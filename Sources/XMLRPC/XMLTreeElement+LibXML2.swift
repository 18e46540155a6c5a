internal import CLibXML2

// The only file in XMLRPC that talks to libxml2. Everything C-facing here is
// fileprivate; the rest of the target sees XMLTreeElement values and bytes.

extension XMLTreeElement {
    /// Reads a document with libxml2's SAX2 push parser and returns its root element.
    ///
    /// Never expands entities and never loads anything: a document with a DOCTYPE is
    /// refused as soon as libxml2 sees it, before any of its declarations are read.
    init(parsing bytes: some Collection<UInt8>, maxDepth: Int) throws(XMLRPCError) {
        let parse = { (bytes: UnsafeRawBufferPointer) in
            Result { () throws(XMLRPCError) in try XMLTreeElement(parsingBuffer: bytes, maxDepth: maxDepth) }
        }
        let result = bytes.withContiguousStorageIfAvailable { parse(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes(parse)
        self = try result.get()
    }

    /// Writes this element as a UTF-8 document with an XML declaration, using xmlTextWriter.
    ///
    /// The writer escapes `&`, `<` and `>` in text and writes CR as `&#13;`, so text
    /// read back by any conforming parser is exactly the text written.
    func serialized() throws(XMLRPCError) -> [UInt8] {
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
    init(parsingBuffer bytes: UnsafeRawBufferPointer, maxDepth: Int) throws(XMLRPCError) {
        LibXML2.initialize()
        let builder = TreeBuilder(maxDepth: maxDepth)
        var handler = TreeBuilder.makeSAXHandler()
        let context = withUnsafeMutablePointer(to: &handler) { handler in
            xmlCreatePushParserCtxt(handler, Unmanaged.passUnretained(builder).toOpaque(), nil, 0, nil)
        }
        guard let context else {
            throw XMLRPCError(.notWellFormed("libxml2 could not create a parser"))
        }
        defer { xmlFreeParserCtxt(context) }
        builder.context = context
        _ = xmlCtxtUseOptions(context, LibXML2.parseOptions)

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
    /// `NONET` forbids network access. `NOENT` and `DTDLOAD` are deliberately absent:
    /// entities are never substituted and no external subset is ever loaded.
    static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    static let chunkSize = 64 * 1024
    static let writeFailure = XMLRPCError(.notEncodable("libxml2 could not write the document"))

    /// Swift runs a static initialiser exactly once, even when threads race to it.
    private static let initialized: Void = xmlInitParser()

    static func initialize() {
        _ = initialized
    }

    static func lastError(of context: xmlParserCtxtPtr) -> XMLRPCError {
        guard let error = xmlCtxtGetLastError(context), let message = error.pointee.message else {
            return XMLRPCError(.notWellFormed("libxml2 could not read the document"))
        }
        // libxml2 ends its messages with a newline and some, such as bad UTF-8, span two lines.
        let text = String(cString: message).split(whereSeparator: \.isNewline).joined(separator: " ")
        return XMLRPCError(.notWellFormed(text), line: error.pointee.line > 0 ? Int(error.pointee.line) : nil)
    }
}

/// Collects SAX events into XMLTreeElement values; libxml2 holds it as user data.
fileprivate final class TreeBuilder {
    private struct OpenElement {
        let name: String
        let line: Int
        var children: [XMLTreeElement.Child] = []
    }

    let maxDepth: Int
    var context: xmlParserCtxtPtr?
    private(set) var root: XMLTreeElement?
    private(set) var failure: XMLRPCError?
    private var open: [OpenElement] = []
    private var pendingText: [UInt8] = []

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// Only the callbacks below are set; everything that builds a DOM, resolves an
    /// entity or reads a declaration is left nil.
    static func makeSAXHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.internalSubset = { user, _, _, _ in
            let builder = TreeBuilder.builder(user)
            builder.stop(XMLRPCError(.documentTypeDeclaration, line: builder.currentLine))
        }
        handler.startElementNs = { user, localName, _, _, _, _, _, _, _ in
            TreeBuilder.builder(user).startElement(localName)
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

    func stop(_ error: XMLRPCError) {
        guard failure == nil else { return }
        failure = error
        xmlStopParser(context)
    }

    func startElement(_ localName: UnsafePointer<xmlChar>?) {
        guard failure == nil else { return }
        guard open.count < maxDepth else {
            stop(XMLRPCError(.nestingTooDeep(limit: maxDepth), line: currentLine))
            return
        }
        flushText()
        let name = localName.map { String(cString: $0) } ?? ""
        open.append(OpenElement(name: name, line: currentLine))
    }

    func endElement() {
        guard failure == nil, var element = open.popLast() else { return }
        flushText(into: &element)
        let tree = XMLTreeElement(element.name, children: element.children, line: element.line)
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
