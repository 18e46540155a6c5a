import BakeIO
import BakeKit
import Foundation

/// Reads a feed, RSS 2.0, Atom or JSON Feed 1.x (told apart by what the file holds), as items
/// for a bake blog: what Substack, Medium, Micro.blog and Mastodon give a blog that leaves.
///
/// Every entry is a published post, with the feed's HTML body (`content:encoded` before
/// `description`, `content` before `summary`, `content_html` before `content_text`), its title
/// (an entry without one, a Mastodon status say, is a post without one), its categories or
/// tags as `@categoryArray`, and its link, when it is a page of the feed's own site, as an old
/// URL. An entry without a date bake can read is skipped and reported; only a file that is no
/// feed stops the import.
///
/// ```swift
/// let source = try FeedDocument(path: "feed.xml", timeZone: settings.timeZone).read()
/// ```
public struct FeedDocument: Sendable {
    public let path: String
    /// The zone for dates written without an offset, and for RSS dates, which name an instant.
    public let timeZone: TimeZone

    public init(path: String, timeZone: TimeZone) {
        self.path = path
        self.timeZone = timeZone
    }

    /// Every entry to import, or the first problem that makes the feed unreadable.
    public func read() throws(ImportError) -> ImportSource {
        try read(bytes: ImportError.readExport(path, expected: Self.expected))
    }

    /// The entries of a feed whose bytes are already read; `path` names it in problems.
    func read(bytes: [UInt8]) throws(ImportError) -> ImportSource {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes[start...].first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            return try json(Array(bytes[start...]))
        }
        let root = try WXRElement(parsing: bytes, path: path, vocabulary: .feed(expected: Self.expected))
        let site: FeedSite
        let entries: [FeedEntry]
        switch root.name {
        case "rss":
            guard let channel = root.first("channel") else {
                throw ImportError(path: path, line: root.line, message: "the <rss> has no <channel>; \(Self.expected)")
            }
            if channel.first("wp:wxr_version") != nil {
                throw ImportError(path: path, line: channel.line, message: "this is a WordPress export; import it with `bake import wordpress`, which reads all of it")
            }
            site = Self.site(rss: channel)
            entries = channel.elements.filter { $0.name == "item" }.map { FeedEntry(rss: $0, path: path, zone: timeZone) }
        case "atom:feed":
            site = Self.site(atom: root)
            entries = root.elements.filter { $0.name == "atom:entry" }.map { FeedEntry(atom: $0, path: path, zone: timeZone) }
        default:
            throw ImportError(path: path, line: root.line, message: "the document is a <\(root.name)>; \(Self.expected)")
        }
        return Self.source(entries, site: site)
    }
}

extension FeedDocument {
    static let expected = "expected a feed: RSS 2.0 (<rss> with a <channel>), Atom (<feed>) or JSON Feed"

    /// The items of `entries`: each a post, those without a date skipped and reported.
    static func source(_ entries: [FeedEntry], site: FeedSite) -> ImportSource {
        var items: [ImportItem] = []
        var skipped: [ImportNote] = []
        for entry in entries {
            guard !entry.title.isEmpty || !entry.html.isEmpty else {
                skipped.append(ImportNote(location: entry.location, message: "entry not imported: it has neither a title nor a body"))
                continue
            }
            guard let item = entry.item(.post, site: site) else {
                skipped.append(ImportNote(location: entry.dateLocation, message: "entry \(entry.named) not imported: its date cannot be read (\(entry.dateText)); expected e.g. `Tue, 31 Mar 2009 17:00:00 +0000` or `2009-03-31T17:00:00Z`"))
                continue
            }
            items.append(item)
        }
        return ImportSource(items: items, skipped: skipped, site: site.settings)
    }

    /// What an Atom feed or export says of its site.
    static func site(atom feed: WXRElement) -> FeedSite {
        func value(_ name: String, _ text: String?) -> ImportedSite.Value? {
            ImportedSite.Value(text, origin: "the feed's <\(name)>")
        }
        let link = FeedEntry.alternate(in: feed)
        return FeedSite(link: link, settings: ImportedSite(
            name: value("title", feed.first("atom:title").map(FeedEntry.atomPlainText)),
            url: value("link", link),
            description: value("subtitle", feed.first("atom:subtitle").map(FeedEntry.atomPlainText)),
            author: value("author", feed.first("atom:author")?["atom:name"]),
            language: value("feed xml:lang", feed.attributes["lang"])
        ))
    }
}

private extension FeedDocument {
    /// What an RSS channel says of its site.
    static func site(rss channel: WXRElement) -> FeedSite {
        func value(_ name: String, _ text: String) -> ImportedSite.Value? {
            ImportedSite.Value(text, origin: "the feed's <\(name)>", isMarkup: true)
        }
        let link = channel["link"].trimmingCharacters(in: .whitespacesAndNewlines)
        return FeedSite(link: link, settings: ImportedSite(
            name: value("title", channel["title"]),
            url: value("link", link),
            description: value("description", channel["description"]),
            author: value("dc:creator", channel["dc:creator"]),
            language: value("language", channel["language"])
        ))
    }

    /// A JSON Feed: an object with `version` and `items`.
    func json(_ bytes: [UInt8]) throws(ImportError) -> ImportSource {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw ImportError(path: path, line: nil, message: "not valid JSON; \(Self.expected)")
        }
        guard let feed = object as? [String: Any], let version = feed["version"] as? String, version.hasPrefix("https://jsonfeed.org/version/"),
              let items = feed["items"] as? [Any]
        else {
            throw ImportError(path: path, line: nil, message: "the JSON has no `version` of jsonfeed.org and `items`; \(Self.expected)")
        }
        func string(_ value: Any?) -> String? { value as? String }
        let authors = (feed["authors"] as? [Any])?.first ?? feed["author"]
        func value(_ name: String, _ text: String?) -> ImportedSite.Value? {
            ImportedSite.Value(text, origin: "the feed's `\(name)`")
        }
        let link = string(feed["home_page_url"]) ?? ""
        let site = FeedSite(link: link, settings: ImportedSite(
            name: value("title", string(feed["title"])),
            url: value("home_page_url", link),
            description: value("description", string(feed["description"])),
            author: value("authors", string((authors as? [String: Any])?["name"])),
            language: value("language", string(feed["language"]))
        ))
        // An item that is not an object has neither a title nor a body, and is reported so, in its place.
        let entries = items.enumerated().map { FeedEntry(json: $0.element as? [String: Any] ?? [:], index: $0.offset, path: path, zone: timeZone) }
        return Self.source(entries, site: site)
    }
}
