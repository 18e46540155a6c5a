import BakeIO
import BakeKit
import Foundation

/// Reads a WordPress export (WXR, the file of Tools → Export) as items for a bake blog.
///
/// Items are read as WordPress's own importer reads them: one without `<wp:post_type>` is a
/// post, one without `<wp:status>` a draft, and an empty `<wp:post_date>` gives way to
/// `<wp:post_date_gmt>`, then to the RSS `<pubDate>`. An item that still has no date is skipped
/// and reported; only a document that is not a WordPress export stops the import.
///
/// - Published and scheduled posts become `.html` posts, their classic bodies paragraphed
///   as WordPress showed them (`WPAutoP`); block-editor bodies are already HTML and stay as
///   they are. Drafts, pending and private posts become drafts.
/// - Published pages become `pages/<slug>.html`.
/// - Categories and tags become `@categoryArray`; each item's old `<link>` path is kept for
///   `@aliases`.
/// - Attachments and everything else are skipped and reported.
///
/// ```swift
/// let source = try WordPressExport(path: "export.xml", timeZone: settings.timeZone).read()
/// ```
public struct WordPressExport: Sendable {
    public let path: String
    /// The zone for dates the export gives without their UTC twin (drafts, mostly).
    public let timeZone: TimeZone
    /// A copy of the old blog's `wp-content/uploads`, absolute: the pictures and files the
    /// posts show from it come along into `static/media/`. Nil leaves every URL as it is.
    public let uploads: String?
    /// The path of the blog on its site, "" or e.g. `/blog`, for the URLs of uploads brought along.
    public let sitePath: String

    public init(path: String, timeZone: TimeZone, uploads: String? = nil, sitePath: String = "") {
        self.path = path
        self.timeZone = timeZone
        self.uploads = uploads
        self.sitePath = sitePath
    }

    /// Every item to import, or the first problem that makes the export unreadable.
    public func read() throws(ImportError) -> ImportSource {
        try read(bytes: ImportError.readExport(path, expected: "expected a WordPress export (WXR) file"))
    }

    /// The items of an export whose bytes are already read; `path` names it in problems.
    func read(bytes: [UInt8]) throws(ImportError) -> ImportSource {
        let root = try WXRElement(parsing: bytes, path: path)
        guard root.name == "rss", let channel = root.first("channel") else {
            throw ImportError(path: path, line: root.line, message: "the document is a <\(root.name)>; expected a WordPress export (WXR): an <rss> with a <channel>")
        }
        guard channel.first("wp:wxr_version") != nil else {
            throw ImportError(path: path, line: channel.line, message: "the feed has no <wp:wxr_version>; expected a WordPress export (WXR), not a plain RSS feed")
        }
        let blogURL = URLReference(channel["wp:base_blog_url"].isEmpty ? channel["link"] : channel["wp:base_blog_url"])
        let base = String(blogURL.path)
        let host = blogURL.host?.lowercased()

        if let uploads, !FileIO.isFolder(uploads) {
            throw ImportError(path: uploads, line: nil, message: "not a folder; expected a copy of the old blog's wp-content/uploads folder")
        }
        let brought = uploads.map { WordPressUploads(folder: $0, host: host, sitePath: sitePath) }
        var items: [ImportItem] = []
        var files: [ImportFile] = []
        var skipped: [ImportNote] = []
        var untranslated: [ImportNote] = []
        var attachments: [(location: String, file: ImportFile?)] = []
        var otherTypes: [String: Int] = [:]
        for item in channel.elements where item.name == "item" {
            let location = "\(path):\(item.line)"
            // WordPress inserts an item without a type as a post, and one without a status as a draft.
            let type = item["wp:post_type"].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "post" : item["wp:post_type"]
            let status = item["wp:status"].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "draft" : item["wp:status"]
            let rawTitle = item["title"].trimmingCharacters(in: .whitespacesAndNewlines)
            let title = CharacterReferences.decode(rawTitle)
            let named = title.isEmpty ? "(untitled)" : "“\(title)”"
            switch type {
            case "post", "page":
                break
            case "attachment":
                let url = item["wp:attachment_url"].isEmpty ? item["guid"] : item["wp:attachment_url"]
                skipped.append(ImportNote(location: location, message: "attachment \(named) not imported: \(url)"))
                attachments.append((location, brought?.file(ofUpload: url.trimmingCharacters(in: .whitespacesAndNewlines))))
                continue
            default:
                otherTypes[type, default: 0] += 1
                continue
            }
            let destination: ImportItem.Destination
            switch (type, status) {
            case ("post", "publish"), ("post", "future"): destination = .post
            case ("post", "draft"), ("post", "pending"), ("post", "private"): destination = .draft
            case ("page", "publish"): destination = .page
            default:
                skipped.append(ImportNote(location: location, message: "\(type) \(named) not imported: its status is `\(status)`"))
                continue
            }

            var fields: [(key: String, value: String)] = []
            if !title.isEmpty || destination == .page { fields.append((HeaderKey.title.name, Self.headerText(title, raw: rawTitle))) }
            var date: CivilTime?
            if destination != .page {
                guard let civil = Self.date(local: item["wp:post_date"], utc: item["wp:post_date_gmt"], rss: item["pubDate"], zone: timeZone) else {
                    let line = item.first("wp:post_date")?.line ?? item.line
                    let dates = ["wp:post_date", "wp:post_date_gmt", "pubDate"].map { "<\($0)> `\(item[$0])`" }.joined(separator: ", ")
                    skipped.append(ImportNote(location: "\(path):\(line)", message: "\(type) \(named) not imported: none of its dates can be read (\(dates)); expected e.g. `2009-03-31 10:00:00`"))
                    continue
                }
                date = civil
                fields.append((HeaderKey.pubDate.name, civil.headerText))
                var names: [String] = []
                // WXR 1.0 calls tags `tag`, as WordPress's importer knows.
                for domains in [["category"], ["post_tag", "tag"]] {
                    for element in item.elements where element.name == "category" && domains.contains(element.attributes["domain"] ?? "") {
                        let raw = element.text.replacingOccurrences(of: ",", with: " ").trimmingCharacters(in: .whitespacesAndNewlines)
                        let name = Self.headerText(CharacterReferences.decode(raw), raw: raw)
                        if !name.isEmpty, !names.contains(name) { names.append(name) }
                    }
                }
                if !names.isEmpty { fields.append((HeaderKey.categoryArray.name, names.joined(separator: ", "))) }
            }

            var oldURLs: [String] = []
            if destination != .draft, let url = OldURL.path(Self.link(of: item, host: host), base: base) {
                if url.contains("?") {
                    untranslated.append(ImportNote(location: location, message: "old URL \(url) of \(named) has a query, which a static site cannot serve; not kept as an alias"))
                } else {
                    oldURLs.append(url)
                }
            }

            let content = item.first("content:encoded")
            var raw = content?.text ?? ""
            let isBlocks = raw.contains("<!-- wp:")
            let firstLine = content?.line ?? item.line
            untranslated += Self.untranslatable(in: raw).map {
                ImportNote(location: "\(path):\(firstLine + $0.line - 1)", message: "\($0.what) in \(named)")
            }
            if let brought {
                let found = brought.bringing(in: raw)
                raw = found.body
                for file in found.files where !files.contains(file) { files.append(file) }
                untranslated += found.missing.map {
                    ImportNote(location: "\(path):\(firstLine + $0.line - 1)", message: "\($0.url) in \(named) is not in the uploads folder; its URL is left as it was")
                }
            }
            let name = (item["wp:post_name"].removingPercentEncoding ?? item["wp:post_name"])
            let slug = Slug.make(from: name.isEmpty ? title : name)
            items.append(ImportItem(
                destination: destination, date: date, slug: slug, format: .html, fields: fields,
                body: isBlocks ? raw : WPAutoP.apply(raw), oldURLs: oldURLs, source: location
            ))
        }
        if !otherTypes.isEmpty {
            let list = otherTypes.keys.sorted().map { "\(otherTypes[$0, default: 0]) \($0)" }.joined(separator: ", ")
            skipped.append(ImportNote(location: path, message: "items of other kinds not imported: \(list)"))
        }
        // An attachment a post shows is brought along with it.
        let shown = Set(attachments.filter { $0.file.map(files.contains) ?? false }.map(\.location))
        skipped.removeAll { shown.contains($0.location) }
        return ImportSource(items: items, skipped: skipped, untranslated: untranslated, site: Self.site(channel: channel), files: files)
    }
}

private extension WordPressExport {
    /// The post's wall-clock date with the offset WordPress had then (`post_date` minus
    /// `post_date_gmt`); without a usable GMT date, `post_date` in the blog's zone. Without a
    /// `post_date`, the GMT date, else the RSS `pubDate`, in the blog's zone: the order in which
    /// WordPress's importer looks for one.
    static func date(local: String, utc: String, rss: String, zone: TimeZone) -> CivilTime? {
        let gmt = TimeZone(secondsFromGMT: 0)!
        // `0000-00-00 00:00:00` is how WordPress writes "no date"; DateParser refuses month 0.
        let instant = DateParser(timeZone: gmt).parse(utc)
        guard let wall = DateParser(timeZone: gmt).parse(local) else {
            return (instant ?? ImportDate.rss(rss))?.civil(in: zone)
        }
        if let instant {
            let offset = Int(wall.seconds - instant.seconds)
            if abs(offset) <= 14 * 3600, offset % 60 == 0 {
                return CivilTime(utcSeconds: instant.seconds, offset: offset)
            }
        }
        return DateParser(timeZone: zone).parse(local)?.civil(in: zone)
    }

    /// What the export's channel says of the site. WXR names no time zone.
    static func site(channel: WXRElement) -> ImportedSite {
        func value(_ name: String, _ text: String) -> ImportedSite.Value? {
            ImportedSite.Value(text, origin: "the export's <\(name)>", isMarkup: true)
        }
        let link = channel["wp:base_blog_url"].isEmpty ? value("link", channel["link"]) : value("wp:base_blog_url", channel["wp:base_blog_url"])
        let authors = channel.elements.filter { $0.name == "wp:author" }
        let author = authors.lazy.compactMap { value("wp:author_display_name", $0["wp:author_display_name"]) }.first
        return ImportedSite(
            name: value("title", channel["title"]),
            url: link,
            description: value("description", channel["description"]),
            author: author,
            language: value("language", channel["language"])
        )
    }

    /// A header value bake reads back as `text`: bake decodes character references in headers,
    /// so decoded text that still holds one (WordPress's `&amp;lt;`) is written as it came.
    static func headerText(_ text: String, raw: String) -> String {
        CharacterReferences.decode(text) == text ? text : raw
    }

    /// The item's old URL: its `<link>`, else its `<guid>` when that is a URL on the blog's
    /// host (exports other tools write may leave out the link); "" for none.
    static func link(of item: WXRElement, host: String?) -> String {
        let link = item["link"].trimmingCharacters(in: .whitespacesAndNewlines)
        guard link.isEmpty else { return link }
        let guid = item["guid"].trimmingCharacters(in: .whitespacesAndNewlines)
        let reference = URLReference(guid)
        guard let host, reference.scheme == "http" || reference.scheme == "https", reference.host?.lowercased() == host else { return "" }
        return guid
    }

    /// Shortcodes and dynamic blocks, which WordPress turned into HTML when it showed a post.
    static func untranslatable(in body: String) -> [(what: String, line: Int)] {
        var found: [(what: String, line: Int)] = []
        let patterns = [
            #"\[(?:caption|wp_caption|gallery|audio|video|playlist|embed)\b[^\]]*\]"#,
            #"<!-- wp:[a-z0-9/-]+[^>]*?/-->"#,
        ]
        for pattern in patterns {
            var searchRange = body.startIndex..<body.endIndex
            while let range = body.range(of: pattern, options: .regularExpression, range: searchRange) {
                let line = body[..<range.lowerBound].count(where: { $0 == "\n" }) + 1
                var text = String(body[range])
                if text.count > 60 { text = String(text.prefix(57)) + "…" }
                found.append((text.hasPrefix("[") ? "shortcode \(text)" : "dynamic block \(text)", line))
                searchRange = range.upperBound..<body.endIndex
            }
        }
        return found.sorted { $0.line < $1.line }
    }
}
