import CLibXML2
import Foundation

/// What a reader would see wrong on a baked site, found by reading every `.html` page with
/// libxml2's HTML parser (as a browser would), the RSS feed with its XML parser and the JSON
/// Feed with `JSONSerialization`. The HTML inside the feeds is read as a page is.
///
/// ```swift
/// let check = try SiteCheck(site: output)
/// check.pages(with: .nestedAnchor)   // ["2025/03/03/own-anchors.html", "feed.json", …]
/// ```
///
/// This is the one file in the tests that sees libxml2's C API.
public struct SiteCheck: Sendable {
    /// A kind of thing the author never wrote.
    public enum Defect: String, Sendable, CaseIterable {
        /// Text or a URL showing a character reference, e.g. `D&eacute;tente` or `?a=1&#38;b=2`.
        case characterReferenceText
        /// An `<a>` inside an `<a>`, which browsers split into two links.
        case nestedAnchor
        /// Text directly inside `<div class="content">`, outside any block.
        case textInContent
        /// "Updated" (or a feed's modification date) not later than the publication.
        case updatedNotLater
        /// A page or feed its parser could not read at all, so nothing else could be checked.
        case unreadable
    }

    /// One defect on one page.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The page, relative to the site folder.
        public let page: String
        public let defect: Defect
        /// What was found, for the test log.
        public let detail: String

        public var description: String { "\(page): \(defect.rawValue): \(detail)" }
    }

    public let findings: [Finding]
    /// The pages and feeds read.
    public let checked: [String]

    /// Reads every page and feed below `site`: every page, whatever its suffix, and every RSS
    /// and JSON feed, the categories' included.
    public init(site: String) throws {
        var findings: [Finding] = []
        var checked: [String] = []
        for page in allFiles(in: site) {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: site + "/" + page)))
            if page.hasSuffix(".html") || page.hasSuffix(".htm") {
                findings += Self.findings(inPage: bytes, named: page)
            } else if page.hasSuffix("rss.xml") {
                findings += Self.findings(inRSS: bytes, named: page)
            } else if page.hasSuffix("feed.json") {
                findings += try Self.findings(inJSONFeed: bytes, named: page)
            } else {
                continue
            }
            checked.append(page)
        }
        self.findings = findings
        self.checked = checked
    }

    /// The pages with `defect`.
    public func pages(with defect: Defect) -> Set<String> {
        Set(findings.filter { $0.defect == defect }.map(\.page))
    }

    /// Per defect, how many pages have it; then every finding.
    public var summary: String {
        let counts = Defect.allCases.map { "\($0.rawValue): \(pages(with: $0).count) pages" }
        return (counts + findings.map(\.description)).joined(separator: "\n")
    }

    /// The findings in one HTML page (or fragment, such as a feed item's content).
    public static func findings(inPage bytes: [UInt8], named page: String) -> [Finding] {
        let (root, strayAnchorEnds) = LibXML2Reader.html(bytes)
        var findings: [Finding] = []
        if strayAnchorEnds > 0 {
            // libxml2 closes an open <a> when another starts, so nesting shows as a stray </a>.
            findings.append(Finding(page: page, defect: .nestedAnchor, detail: "\(strayAnchorEnds) </a> without its <a>"))
        }
        guard let root else {
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) { return findings }
            return findings + [Finding(page: page, defect: .unreadable, detail: "libxml2 read no document")]
        }
        findings += textFindings(root, page: page, insideAnchor: false)
        findings += updatedFindings(root, page: page)
        return findings
    }
}

extension SiteCheck {
    /// The root element of an HTML page, as libxml2's HTML parser reads it.
    public static func document(html bytes: [UInt8]) -> CheckedElement? {
        LibXML2Reader.html(bytes).0
    }

    /// The root element of an XML document, or nil if it is not well formed.
    public static func document(xml bytes: [UInt8]) -> CheckedElement? {
        LibXML2Reader.xml(bytes)
    }
}

/// An element read from libxml2's tree into Swift values.
/// An element as libxml2 parsed it, with its attributes and children.
public struct CheckedElement: Sendable {
    public enum Child: Sendable {
        case element(CheckedElement)
        case text(String)
    }

    public let name: String
    public let attributes: [String: String]
    public let children: [Child]

    public var classes: [Substring] { (attributes["class"] ?? "").split(separator: " ") }

    /// Every element below this one, depth first.
    public var descendants: [CheckedElement] {
        children.flatMap { child -> [CheckedElement] in
            if case .element(let element) = child { return [element] + element.descendants }
            return []
        }
    }

    /// The text of this element and everything in it.
    public var text: String {
        children.map { child in
            switch child {
            case .element(let element): element.text
            case .text(let text): text
            }
        }.joined()
    }
}

private extension SiteCheck {
    static let checkedAttributes = ["href", "src", "content", "title", "alt", "datetime"]

    static func textFindings(_ element: CheckedElement, page: String, insideAnchor: Bool) -> [Finding] {
        var findings: [Finding] = []
        if element.name == "script" || element.name == "style" { return [] }
        if element.name == "a", insideAnchor {
            findings.append(Finding(page: page, defect: .nestedAnchor, detail: "<a href=\"\(element.attributes["href"] ?? "")\"> inside <a>"))
        }
        for name in checkedAttributes {
            if let value = element.attributes[name], let reference = characterReference(in: value) {
                findings.append(Finding(page: page, defect: .characterReferenceText, detail: "\(reference) in \(element.name)@\(name)"))
            }
        }
        let isContent = element.name == "div" && element.classes.contains("content")
        for child in element.children {
            switch child {
            case .element(let inner):
                findings += textFindings(inner, page: page, insideAnchor: insideAnchor || element.name == "a")
            case .text(let text):
                if let reference = characterReference(in: text) {
                    findings.append(Finding(page: page, defect: .characterReferenceText, detail: "\(reference) in <\(element.name)> text"))
                }
                if isContent, !text.allSatisfy(\.isWhitespace) {
                    findings.append(Finding(page: page, defect: .textInContent, detail: String(text.prefix(40))))
                }
            }
        }
        return findings
    }

    /// In each article, an "Updated" time not later than the publication time.
    static func updatedFindings(_ root: CheckedElement, page: String) -> [Finding] {
        ([root] + root.descendants).filter { $0.name == "article" }.compactMap { article in
            let elements = article.descendants
            guard let updated = elements.first(where: { $0.classes.contains("updated") }) else { return nil }
            let published = elements.first { $0.classes.contains("post-date") }
            let updatedTime = ([updated] + updated.descendants).first { $0.name == "time" }?.attributes["datetime"]
            let publishedTime = published.flatMap { ([$0] + $0.descendants).first { $0.name == "time" }?.attributes["datetime"] }
            guard let updatedTime, let publishedTime, let modified = instant(updatedTime), let created = instant(publishedTime) else {
                return Finding(page: page, defect: .updatedNotLater, detail: "Updated without readable dates")
            }
            return modified > created ? nil : Finding(page: page, defect: .updatedNotLater, detail: "updated \(updatedTime), published \(publishedTime)")
        }
    }

    static func findings(inRSS bytes: [UInt8], named page: String) -> [Finding] {
        guard let root = LibXML2Reader.xml(bytes) else {
            return [Finding(page: page, defect: .unreadable, detail: "not well-formed XML")]
        }
        var findings: [Finding] = []
        for element in [root] + root.descendants {
            switch element.name {
            case "encoded":
                findings += Self.findings(inPage: Array(element.text.utf8), named: page)
            case "title", "description", "category", "link", "guid", "creator":
                if let reference = characterReference(in: element.text) {
                    findings.append(Finding(page: page, defect: .characterReferenceText, detail: "\(reference) in <\(element.name)>"))
                }
            default:
                break
            }
        }
        return findings
    }

    static func findings(inJSONFeed bytes: [UInt8], named page: String) throws -> [Finding] {
        let feed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
        var findings: [Finding] = []
        func checkText(_ value: Any?, _ key: String) {
            for text in (value as? [String]) ?? [value as? String].compactMap({ $0 }) {
                if let reference = characterReference(in: text) {
                    findings.append(Finding(page: page, defect: .characterReferenceText, detail: "\(reference) in \(key)"))
                }
            }
        }
        checkText(feed["title"], "title")
        checkText(feed["description"], "description")
        for item in feed["items"] as? [[String: Any]] ?? [] {
            for key in ["title", "summary", "external_url", "url", "tags"] {
                checkText(item[key], key)
            }
            if let html = item["content_html"] as? String {
                findings += Self.findings(inPage: Array(html.utf8), named: page)
            }
            if let modified = item["date_modified"] as? String {
                let published = item["date_published"] as? String ?? ""
                if let a = instant(modified), let b = instant(published), a > b { continue }
                findings.append(Finding(page: page, defect: .updatedNotLater, detail: "date_modified \(modified), date_published \(published)"))
            }
        }
        return findings
    }

    /// The first character reference in `text`: named, decimal or hex, ending with `;`.
    static func characterReference(in text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return nil }
        let pattern = /&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/
        return text.firstMatch(of: pattern).map { String($0.output.0) }
    }

    static func instant(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

/// Turns bytes into `CheckedElement`s through libxml2.
private enum LibXML2Reader {
    /// Counts the parser's complaints about a `</a>` that closes nothing.
    final class ErrorLog {
        var strayAnchorEnds = 0
    }

    /// The root element of an HTML document or fragment, and how many stray `</a>` it has.
    static func html(_ bytes: [UInt8]) -> (CheckedElement?, Int) {
        let log = ErrorLog()
        let handler: xmlStructuredErrorFunc = { context, error in
            guard let context, let error, error.pointee.code == XML_ERR_TAG_NAME_MISMATCH.rawValue,
                  let name = error.pointee.str1, String(cString: name) == "a" else { return }
            Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue().strayAnchorEnds += 1
        }
        // libxml2 keeps the error handler per thread; this parse sets and clears it.
        let document = withExtendedLifetime(log) { () -> htmlDocPtr? in
            xmlSetStructuredErrorFunc(Unmanaged.passUnretained(log).toOpaque(), handler)
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOWARNING.rawValue))
                }
            }
        }
        guard let document else { return (nil, log.strayAnchorEnds) }
        defer { xmlFreeDoc(document) }
        return (xmlDocGetRootElement(document).map(element), log.strayAnchorEnds)
    }

    /// The root element of an XML document, or nil if it is not well formed.
    static func xml(_ bytes: [UInt8]) -> CheckedElement? {
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
            }
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        return xmlDocGetRootElement(document).map(element)
    }

    static func element(_ node: xmlNodePtr) -> CheckedElement {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = String(cString: current.pointee.name)
            attributes[name] = text(of: current.pointee.children)
            attribute = current.pointee.next
        }
        var children: [CheckedElement.Child] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE: children.append(.element(element(current)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: children.append(.text(current.pointee.content.map { String(cString: $0) } ?? ""))
            default: break
            }
            child = current.pointee.next
        }
        return CheckedElement(name: String(cString: node.pointee.name), attributes: attributes, children: children)
    }

    static func text(of first: xmlNodePtr?) -> String {
        var result = ""
        var node = first
        while let current = node {
            if let content = current.pointee.content { result += String(cString: content) }
            node = current.pointee.next
        }
        return result
    }
}
