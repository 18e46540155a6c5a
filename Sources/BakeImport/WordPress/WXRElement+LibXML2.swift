internal import CLibXML2
import BakeKit

// The only file in BakeImport that talks to libxml2. Everything C-facing here is fileprivate;
// the rest of the target sees WXRElement values.

extension WXRElement {
    /// Reads an export with libxml2's SAX2 push parser and returns its root element.
    ///
    /// Never expands entities and never loads anything (`XML_PARSE_NONET`, no `NOENT`, no
    /// `DTDLOAD`): a document with a DOCTYPE is refused as soon as libxml2 sees it.
    /// - Parameter path: The export's name in errors.
    init(parsing bytes: [UInt8], path: String) throws(ImportError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImportError) in try WXRElement(parsingBuffer: buffer, path: path) }
        }
        self = try result.get()
    }
}

private extension WXRElement {
    static let expected = "expected a complete WordPress export (WXR)"

    init(parsingBuffer bytes: UnsafeRawBufferPointer, path: String) throws(ImportError) {
        LibXML2.initialize()
        let builder = TreeBuilder(path: path)
        var handler = TreeBuilder.makeSAXHandler()
        let context = withUnsafeMutablePointer(to: &handler) { handler in
            xmlCreatePushParserCtxt(handler, Unmanaged.passUnretained(builder).toOpaque(), nil, 0, nil)
        }
        guard let context else {
            throw ImportError(path: path, line: nil, message: "libxml2 could not create a parser; \(Self.expected)")
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
            throw LibXML2.lastError(of: context, path: path)
        }
        self = root
    }
}

/// Process-wide libxml2 setup and the settings every parse uses.
fileprivate enum LibXML2 {
    /// `NONET` forbids network access; `HUGE` lets text nodes grow past 10 MB, as long posts
    /// with inline images do. `NOENT` and `DTDLOAD` are deliberately absent.
    static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_HUGE.rawValue)
    static let chunkSize = 64 * 1024

    /// Swift runs a static initialiser exactly once, even when threads race to it.
    private static let initialized: Void = xmlInitParser()

    static func initialize() {
        _ = initialized
    }

    static func lastError(of context: xmlParserCtxtPtr, path: String) -> ImportError {
        guard let error = xmlCtxtGetLastError(context), let message = error.pointee.message else {
            return ImportError(path: path, line: nil, message: "libxml2 could not read the document; \(WXRElement.expected)")
        }
        // libxml2 ends its messages with a newline and some span two lines.
        let text = String(cString: message).split(whereSeparator: \.isNewline).joined(separator: " ")
        return ImportError(path: path, line: error.pointee.line > 0 ? Int(error.pointee.line) : nil, message: "\(text); \(WXRElement.expected)")
    }
}

/// Collects SAX events into WXRElement values; libxml2 holds it as user data.
fileprivate final class TreeBuilder {
    private struct OpenElement {
        let name: String
        let attributes: [String: String]
        let line: Int
        var elements: [WXRElement] = []
        var text: [UInt8] = []
    }

    let path: String
    var context: xmlParserCtxtPtr?
    private(set) var root: WXRElement?
    private(set) var failure: ImportError?
    private var open: [OpenElement] = []

    init(path: String) {
        self.path = path
    }

    /// Only the callbacks below are set; everything that builds a DOM, resolves an entity or
    /// reads a declaration is left nil.
    static func makeSAXHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.internalSubset = { user, _, _, _ in
            let builder = TreeBuilder.builder(user)
            builder.stop(ImportError(path: builder.path, line: builder.currentLine, message: "the export has a DOCTYPE, which bake never reads; \(WXRElement.expected), which has none"))
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

    func stop(_ error: ImportError) {
        guard failure == nil else { return }
        failure = error
        xmlStopParser(context)
    }

    /// The fixed prefix for a namespace URI; WXR 1.0, 1.1 and 1.2 differ only in the version.
    static func prefix(uri: String, given: String) -> String {
        if uri.hasPrefix("http://wordpress.org/export/") { return uri.hasSuffix("/excerpt/") ? "excerpt" : "wp" }
        if uri == "http://purl.org/rss/1.0/modules/content/" { return "content" }
        if uri == "http://purl.org/dc/elements/1.1/" { return "dc" }
        return given
    }

    func startElement(_ localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
                      attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard failure == nil else { return }
        var name = localName.map { String(cString: $0) } ?? ""
        if let uri {
            let fixed = Self.prefix(uri: String(cString: uri), given: prefix.map { String(cString: $0) } ?? "")
            if !fixed.isEmpty { name = "\(fixed):\(name)" }
        }
        var values: [String: String] = [:]
        if let attributes {
            // Five pointers an attribute: local name, prefix, URI, value start, value end.
            for index in 0..<attributeCount {
                guard let key = attributes[index * 5], let start = attributes[index * 5 + 3], let end = attributes[index * 5 + 4] else { continue }
                values[String(cString: key)] = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            }
        }
        open.append(OpenElement(name: name, attributes: values, line: currentLine))
    }

    func endElement() {
        guard failure == nil, let element = open.popLast() else { return }
        // libxml2 hands over UTF-8 in pieces that may split a character; decode once whole.
        let tree = WXRElement(name: element.name, attributes: element.attributes, elements: element.elements,
                              text: String(decoding: element.text, as: UTF8.self), line: element.line)
        if open.isEmpty {
            root = tree
        } else {
            open[open.count - 1].elements.append(tree)
        }
    }

    func appendText(_ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard failure == nil, let bytes, length > 0, !open.isEmpty else { return }
        open[open.count - 1].text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
    }
}
