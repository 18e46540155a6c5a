import BakeIO
import BakeKit
import Foundation

/// Reads a Blogger export (Settings → Back up content: an Atom feed of the whole blog) as
/// items for a bake blog.
///
/// Blogger says what each entry is with a `kind` category
/// (`…/blogger/2008/kind#post`, `#page`, `#comment`, `#settings`, `#template`); Google
/// Takeout's newer export says it with `<blogger:type>` and `<blogger:status>`.
///
/// - Posts become `.html` posts, dated by `published`; those with `<app:draft>yes` become drafts.
/// - Pages become `pages/<slug>.html`; a draft page is skipped and reported.
/// - Labels become `@categoryArray`; the `alternate` link (`/2009/03/slug.html`, `/p/about.html`) is kept for `@aliases`.
/// - Comments, settings and the template are skipped, and counted in the report.
///
/// ```swift
/// let source = try BloggerExport(path: "blog-03-31-2009.xml", timeZone: settings.timeZone).read()
/// ```
public struct BloggerExport: Sendable {
    public let path: String
    /// The zone for dates written without an offset.
    public let timeZone: TimeZone

    public init(path: String, timeZone: TimeZone) {
        self.path = path
        self.timeZone = timeZone
    }

    /// Every post and page to import, or the first problem that makes the export unreadable.
    public func read() throws(ImportError) -> ImportSource {
        try read(bytes: ImportError.readExport(path, expected: Self.expected))
    }

    /// The items of an export whose bytes are already read; `path` names it in problems.
    func read(bytes: [UInt8]) throws(ImportError) -> ImportSource {
        let root = try WXRElement(parsing: bytes, path: path, vocabulary: .feed(expected: Self.expected))
        guard root.name == "atom:feed" else {
            throw ImportError(path: path, line: root.line, message: "the document is a <\(root.name)>; \(Self.expected)")
        }
        let site = FeedDocument.site(atom: root)
        var items: [ImportItem] = []
        var skipped: [ImportNote] = []
        var others: [String: Int] = [:]
        for element in root.elements where element.name == "atom:entry" {
            let kind = Self.kind(of: element)
            let isDraft = element.first("app:control")?["app:draft"].trimmingCharacters(in: .whitespacesAndNewlines) == "yes"
                || element["blogger:status"].trimmingCharacters(in: .whitespacesAndNewlines) == "DRAFT"
            let status = element["blogger:status"].trimmingCharacters(in: .whitespacesAndNewlines)
            guard kind == "post" || kind == "page", status.isEmpty || status == "LIVE" || status == "DRAFT" else {
                let what = kind == "post" || kind == "page" ? "\(kind) (\(status.lowercased()))" : kind.isEmpty ? "without a kind" : kind
                others[what, default: 0] += 1
                continue
            }
            var entry = FeedEntry(atom: element, path: path, zone: timeZone) { $0.attributes["scheme"] != Self.kindScheme }
            if entry.link.isEmpty, !element["blogger:filename"].isEmpty {
                entry = entry.linked(to: element["blogger:filename"].trimmingCharacters(in: .whitespacesAndNewlines))
            }
            let destination: ImportItem.Destination
            switch (kind, isDraft) {
            case ("post", false): destination = .post
            case ("post", true): destination = .draft
            case ("page", false): destination = .page
            default:
                skipped.append(ImportNote(location: entry.location, message: "page \(entry.named) not imported: it is a draft"))
                continue
            }
            guard let item = entry.item(destination, site: site) else {
                skipped.append(ImportNote(location: entry.dateLocation, message: "\(kind) \(entry.named) not imported: its date cannot be read (\(entry.dateText)); expected e.g. `2009-03-31T17:00:00.000-07:00`"))
                continue
            }
            items.append(item)
        }
        if !others.isEmpty {
            let list = others.keys.sorted().map { "\(others[$0, default: 0]) \($0)" }.joined(separator: ", ")
            skipped.append(ImportNote(location: path, message: "entries of other kinds not imported: \(list)"))
        }
        return ImportSource(items: items, skipped: skipped, site: site.settings)
    }
}

private extension BloggerExport {
    static let expected = "expected a Blogger export (Atom, from Settings → Back up content)"
    static let kindScheme = "http://schemas.google.com/g/2005#kind"

    /// `post`, `page`, `comment`, `settings`, `template` …, from the kind category or `<blogger:type>`; "" for none.
    static func kind(of entry: WXRElement) -> String {
        if let category = entry.elements.first(where: { $0.name == "atom:category" && $0.attributes["scheme"] == kindScheme }),
           let term = category.attributes["term"], let hash = term.lastIndex(of: "#") {
            return String(term[term.index(after: hash)...])
        }
        return entry["blogger:type"].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}

private extension FeedEntry {
    /// This entry with `link` as its page on the old site.
    func linked(to link: String) -> FeedEntry {
        FeedEntry(title: title, html: html, date: date, dateText: dateText, categories: categories, link: link, location: location, dateLocation: dateLocation)
    }
}
