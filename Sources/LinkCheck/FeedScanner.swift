import Foundation
import XMLTree

/// Reads the links of a built feed: an RSS channel's and items' links, enclosures and images,
/// or a JSON Feed's URLs. The HTML inside the items is not read again: it is the posts' own,
/// checked on their pages.
///
/// ```swift
/// FeedScanner.scanRSS(bytes).links      // [Link(url: "https://example.com/", kind: .page), …]
/// FeedScanner.scanJSONFeed(bytes).links
/// ```
public enum FeedScanner {
    /// The links of an RSS document; none when it is not well formed XML.
    public static func scanRSS(_ bytes: [UInt8]) -> PageScan {
        guard let root = try? XMLTreeElement(parsing: bytes, maxDepth: 64, allowHugeText: true) else { return PageScan(links: []) }
        var links: [PageScan.Link] = []
        func visit(_ element: XMLTreeElement) {
            switch element.name {
            case "link":
                if let href = element.attributes["href"] {
                    links.append(PageScan.Link(url: href, kind: .page))
                } else if element.namespaceURI == nil {
                    links.append(PageScan.Link(url: element.text, kind: .page))
                }
            case "guid" where element.attributes["isPermaLink"] != "false":
                links.append(PageScan.Link(url: element.text, kind: .page))
            case "url" where element.namespaceURI == nil:
                links.append(PageScan.Link(url: element.text, kind: .file))
            case "enclosure", "thumbnail", "content":
                if let url = element.attributes["url"] { links.append(PageScan.Link(url: url, kind: .file)) }
            case "image":
                if let href = element.attributes["href"] { links.append(PageScan.Link(url: href, kind: .file)) }
            default:
                break
            }
            element.elements.forEach(visit)
        }
        visit(root)
        return PageScan(links: links)
    }

    /// The URLs of a JSON Feed; none when it is not JSON.
    public static func scanJSONFeed(_ bytes: [UInt8]) -> PageScan {
        guard let feed = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else { return PageScan(links: []) }
        var links: [PageScan.Link] = []
        func add(_ object: [String: Any], pages: [String], files: [String]) {
            for key in pages { if let url = object[key] as? String { links.append(PageScan.Link(url: url, kind: .page)) } }
            for key in files { if let url = object[key] as? String { links.append(PageScan.Link(url: url, kind: .file)) } }
        }
        func addAuthors(_ object: [String: Any]) {
            let authors = (object["authors"] as? [[String: Any]] ?? []) + [object["author"] as? [String: Any]].compactMap { $0 }
            for author in authors { add(author, pages: ["url"], files: ["avatar"]) }
        }
        add(feed, pages: ["home_page_url", "feed_url"], files: ["icon", "favicon"])
        addAuthors(feed)
        for item in feed["items"] as? [[String: Any]] ?? [] {
            add(item, pages: ["url", "external_url"], files: ["image", "banner_image"])
            addAuthors(item)
            for attachment in item["attachments"] as? [[String: Any]] ?? [] {
                add(attachment, pages: [], files: ["url"])
            }
        }
        return PageScan(links: links)
    }
}
