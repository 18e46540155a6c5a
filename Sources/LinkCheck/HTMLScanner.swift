internal import CLibXML2
import Foundation

// The only file in LinkCheck that talks to libxml2; everything C-facing here is fileprivate.

/// Reads a built page with libxml2's HTML parser, as a browser would, into the URLs it links
/// to and the fragments it offers.
///
/// The parser streams (SAX): no tree is built, and only the attributes that hold URLs, `id`s
/// and names are turned into strings. It never loads anything (`HTML_PARSE_NONET`), and broken
/// markup is read the way browsers recover from it.
///
/// ```swift
/// let scan = HTMLScanner.scan(bytes)
/// ```
public enum HTMLScanner {
    /// The links and anchors of an HTML page.
    public static func scan(_ bytes: [UInt8]) -> PageScan {
        LibXML2HTML.initialize()
        let collector = LinkCollector()
        var handler = LinkCollector.makeSAXHandler()
        withExtendedLifetime(collector) {
            let context = withUnsafeMutablePointer(to: &handler) { handler in
                htmlCreatePushParserCtxt(handler, Unmanaged.passUnretained(collector).toOpaque(), nil, 0, nil, XML_CHAR_ENCODING_UTF8)
            }
            guard let context else { return }
            defer { htmlFreeParserCtxt(context) }
            _ = htmlCtxtUseOptions(context, LibXML2HTML.options)
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    var offset = 0
                    repeat {
                        let length = min(LibXML2HTML.chunkSize, chars.count - offset)
                        let isLast = offset + length == chars.count
                        _ = htmlParseChunk(context, chars.baseAddress.map { $0 + offset }, Int32(length), isLast ? 1 : 0)
                        offset += length
                    } while offset < chars.count
                }
            }
        }
        return PageScan(links: collector.links, anchors: collector.anchors, relations: collector.relations)
    }
}

/// Process-wide libxml2 setup and the options every parse uses.
fileprivate enum LibXML2HTML {
    static let chunkSize = 256 * 1024
    static let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue)

    /// Swift runs a static initialiser exactly once, even when threads race to it.
    private static let initialized: Void = xmlInitParser()

    static func initialize() {
        _ = initialized
    }
}

/// Collects links and anchors from SAX start tags; libxml2 holds it as user data.
fileprivate final class LinkCollector {
    var links: [PageScan.Link] = []
    var anchors: Set<String> = []
    var relations: [PageScan.Relation] = []

    /// Only the start tag callback is set: nothing builds a tree, and errors go nowhere.
    static func makeSAXHandler() -> htmlSAXHandler {
        var handler = htmlSAXHandler()
        // SAX2's magic makes libxml2 send errors to `serror`, which drops them, rather than to stderr.
        handler.initialized = XML_SAX2_MAGIC
        handler.startElement = { user, name, attributes in
            guard let user, let name else { return }
            Unmanaged<LinkCollector>.fromOpaque(user).takeUnretainedValue().start(name, attributes)
        }
        handler.serror = { _, _ in }
        return handler
    }

    func start(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard let attributes else { return }
        let element = Element(name)
        var index = 0
        var rel: String?
        var httpEquiv: String?
        var property: String?
        var content: String?
        var url: String?
        var type: String?
        while let key = attributes[index] {
            let value = attributes[index + 1]
            index += 2
            guard let value else { continue }
            if matches(key, "id") {
                anchors.insert(String(cString: value))
                continue
            }
            switch element {
            case .a:
                if matches(key, "href") {
                    add(value, .page)
                    url = String(cString: value)
                } else if matches(key, "name") {
                    anchors.insert(String(cString: value))
                } else if matches(key, "rel") {
                    rel = String(cString: value)
                }
            case .area, .iframe:
                if matches(key, "href") || matches(key, "src") { add(value, .page) }
            case .link:
                if matches(key, "href") { url = String(cString: value) } else if matches(key, "rel") { rel = String(cString: value) }
            case .img, .source:
                if matches(key, "src") { add(value, .file) } else if matches(key, "srcset") { addSourceSet(value) }
            case .script, .embed, .audio, .track:
                if matches(key, "src") { add(value, .file) }
            case .video:
                if matches(key, "src") || matches(key, "poster") { add(value, .file) }
            case .object:
                if matches(key, "data") { add(value, .file) }
            case .meta:
                if matches(key, "http-equiv") {
                    httpEquiv = String(cString: value)
                } else if matches(key, "property") || matches(key, "name") {
                    property = String(cString: value)
                } else if matches(key, "content") {
                    content = String(cString: value)
                }
            case .input:
                if matches(key, "type") { type = String(cString: value) } else if matches(key, "src") { url = String(cString: value) }
            case .other:
                break
            }
        }
        switch element {
        case .a:
            if let rel, let url { relations.append(PageScan.Relation(words: Self.relations(rel), url: url)) }
        case .link:
            // A link's target is a page or file only for some relations: not for endpoints
            // that answer POSTs (Micropub, IndieAuth) or hints to open a connection.
            guard let url else { return }
            if let rel { relations.append(PageScan.Relation(words: Self.relations(rel), url: url)) }
            guard !Self.isEndpoint(rel ?? "") else { return }
            links.append(PageScan.Link(url: url, kind: Self.isFile(rel ?? "") ? .file : .page))
        case .meta:
            guard let content else { return }
            if httpEquiv?.lowercased() == "refresh", let url = Self.refreshURL(content) {
                links.append(PageScan.Link(url: url, kind: .redirect))
            } else if let property, let kind = Self.metaURLs[property.lowercased()] {
                links.append(PageScan.Link(url: content, kind: kind))
            }
        case .input:
            if type?.lowercased() == "image", let url { links.append(PageScan.Link(url: url, kind: .file)) }
        default:
            break
        }
    }

    /// Relations whose URL is an endpoint for programs, not a page or file.
    static func isEndpoint(_ rel: String) -> Bool {
        relations(rel).contains { Self.endpointRelations.contains($0) }
    }

    static func isFile(_ rel: String) -> Bool {
        relations(rel).contains { Self.fileRelations.contains($0) }
    }

    /// The words of a `rel`, lowercase.
    static func relations(_ rel: String) -> [String] {
        // Nearly always one lowercase word.
        if rel.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) { return [rel] }
        return rel.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
    }

    static let endpointRelations: Set<String> = [
        "micropub", "authorization_endpoint", "token_endpoint", "indieauth-metadata", "webmention", "pingback",
        "microsub", "preconnect", "dns-prefetch",
    ]
    static let fileRelations: Set<String> = ["stylesheet", "icon", "apple-touch-icon", "manifest", "preload", "prefetch", "modulepreload"]

    /// Open Graph and Twitter card properties that hold URLs.
    static let metaURLs: [String: LinkKind] = [
        "og:url": .page, "og:image": .file, "og:audio": .file, "og:video": .file, "twitter:image": .file,
    ]

    /// The URL of `content="0; url=…"`.
    static func refreshURL(_ content: String) -> String? {
        guard let separator = content.firstIndex(where: { $0 == ";" || $0 == "," }) else { return nil }
        var rest = content[content.index(after: separator)...].drop { $0 == " " || $0 == "\t" }
        guard rest.lowercased().hasPrefix("url") else { return nil }
        rest = rest.dropFirst(3).drop { $0 == " " }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        if let quote = rest.first, quote == "'" || quote == "\"" {
            rest = rest.dropFirst()
            if let end = rest.firstIndex(of: quote) { rest = rest[..<end] }
        }
        let url = rest.trimmingCharacters(in: .whitespaces)
        return url.isEmpty ? nil : url
    }

    private func add(_ value: UnsafePointer<xmlChar>, _ kind: LinkKind) {
        links.append(PageScan.Link(url: String(cString: value), kind: kind))
    }

    /// `srcset="a.jpg 1x, b.jpg 2x"`: each candidate's URL.
    private func addSourceSet(_ value: UnsafePointer<xmlChar>) {
        for candidate in String(cString: value).split(separator: ",") {
            if let url = candidate.split(whereSeparator: \.isWhitespace).first {
                links.append(PageScan.Link(url: String(url), kind: .file))
            }
        }
    }

    private func matches(_ name: UnsafePointer<xmlChar>, _ expected: StaticString) -> Bool {
        strcmp(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), UnsafeRawPointer(expected.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    /// The elements whose attributes hold URLs; libxml2's HTML parser gives names in lowercase.
    private enum Element {
        case a, area, iframe, link, img, source, script, embed, audio, track, video, object, meta, input, other

        init(_ name: UnsafePointer<xmlChar>) {
            let text = UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)
            switch text.pointee {
            case 0x61: self = strcmp(text, "a") == 0 ? .a : strcmp(text, "area") == 0 ? .area : strcmp(text, "audio") == 0 ? .audio : .other
            case 0x65: self = strcmp(text, "embed") == 0 ? .embed : .other
            case 0x69: self = strcmp(text, "img") == 0 ? .img : strcmp(text, "iframe") == 0 ? .iframe : strcmp(text, "input") == 0 ? .input : .other
            case 0x6C: self = strcmp(text, "link") == 0 ? .link : .other
            case 0x6D: self = strcmp(text, "meta") == 0 ? .meta : .other
            case 0x6F: self = strcmp(text, "object") == 0 ? .object : .other
            case 0x73: self = strcmp(text, "source") == 0 ? .source : strcmp(text, "script") == 0 ? .script : .other
            case 0x74: self = strcmp(text, "track") == 0 ? .track : .other
            case 0x76: self = strcmp(text, "video") == 0 ? .video : .other
            default: self = .other
            }
        }
    }
}
