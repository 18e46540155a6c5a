import BakeKit
import Foundation

/// One entry of a feed (an RSS item, an Atom entry, a JSON Feed item) or of an Atom export,
/// read into plain values, before it is an item of the blog.
struct FeedEntry: Sendable {
    /// Plain text; "" for an entry without a title, such as a Mastodon status.
    let title: String
    /// The body as HTML.
    let html: String
    /// The date the entry was published, with the offset it was written with; nil when it has none bake can read.
    let date: CivilTime?
    /// The date as written, and where, for the report: e.g. "<pubDate> `yesterday`".
    let dateText: String
    /// Categories, tags or labels, in order, without repeats.
    let categories: [String]
    /// The entry's page on the old site as written (absolute, or relative to the feed's link); "" for none.
    let link: String
    /// Where it is: `feed.xml:12`, or `feed.json: items[3]`.
    let location: String
    /// Where its date is, for the report when it cannot be read.
    let dateLocation: String

    /// `title` in quotes, or "(untitled)", for the report.
    var named: String { title.isEmpty ? "(untitled)" : "“\(title)”" }

    /// The item it becomes in the blog, the old URL `site` answers for it kept; nil without a date (a page needs none).
    func item(_ destination: ImportItem.Destination, site: FeedSite) -> ImportItem? {
        var fields: [(key: String, value: String)] = []
        if !title.isEmpty || destination == .page { fields.append((HeaderKey.title.name, Self.headerText(title))) }
        if destination != .page {
            guard let date else { return nil }
            fields.append((HeaderKey.pubDate.name, date.headerText))
            if !categories.isEmpty { fields.append((HeaderKey.categoryArray.name, categories.map(Self.headerText).joined(separator: ", "))) }
        }
        let old = site.oldPath(of: link)
        let last = old.flatMap { $0.split(separator: "/").last }.map { String($0).removingPercentEncoding ?? String($0) } ?? ""
        let stem = last.hasSuffix(".html") ? String(last.dropLast(5)) : last
        return ImportItem(
            destination: destination, date: date, slug: Slug.make(from: title.isEmpty ? stem : title), format: .html,
            fields: fields, body: Self.fileBody(html), oldURLs: old.map { [$0] } ?? [], source: location
        )
    }

    /// Plain text as HTML paragraphs: a blank line starts one, a line break is `<br />`.
    static func html(fromText text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        var paragraphs: [[String]] = [[]]
        for line in lines {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(MarkupEscaping.html(line.trimmingCharacters(in: .whitespaces)))
            }
        }
        return paragraphs.filter { !$0.isEmpty }.map { "<p>\($0.joined(separator: "<br />\n"))</p>" }.joined(separator: "\n")
    }

    /// The names in `names`, each on one line without commas (which separate them in `@categoryArray`), without blanks and repeats.
    static func categories(_ names: [String]) -> [String] {
        var found: [String] = []
        for name in names {
            let line = oneLine(name.replacingOccurrences(of: ",", with: " "))
            if !line.isEmpty, !found.contains(line) { found.append(line) }
        }
        return found
    }

    /// `html` as a file's body, which ends with a line break.
    static func fileBody(_ html: String) -> String {
        html.isEmpty || html.hasSuffix("\n") ? html : html + "\n"
    }

    /// `text` on one line, its runs of white space one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }

    /// Plain text as a header value bake reads back as it is: bake decodes character references
    /// in headers, so text that has one (`AT&amp;T` written about) is escaped.
    static func headerText(_ text: String) -> String {
        let line = oneLine(text)
        return CharacterReferences.decode(line) == line ? line : line.replacingOccurrences(of: "&", with: "&amp;")
    }
}
