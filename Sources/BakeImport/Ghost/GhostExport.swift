import BakeIO
import BakeKit
import Foundation

/// Reads a Ghost export (Settings → Labs → Export: `{"db": [{"data": {"posts": …}}]}`) as
/// items for a bake blog.
///
/// - Published and scheduled posts become `.html` posts with Ghost's `html`, dated by
///   `published_at` in the site's `timezone`; drafts become drafts, dated when last changed.
/// - Published pages (`type: "page"`, or Ghost 0.x's `page: true`) become `pages/<slug>.html`.
/// - Tags (`posts_tags` and `tags`, in their order, but Ghost's internal `#` tags) become `@categoryArray`.
/// - The old URL, `/slug/` (or the `permalinks` setting of older Ghosts), is kept for `@aliases`.
/// - A post whose body is only in `lexical` or `mobiledoc`, newsletters only sent by email,
///   and anything without a date are skipped and reported.
///
/// ```swift
/// let source = try GhostExport(path: "my-site.ghost.2024-01-01.json", timeZone: settings.timeZone).read()
/// ```
public struct GhostExport: Sendable {
    public let path: String
    /// The zone when the export names none.
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
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw ImportError(path: path, line: nil, message: "not valid JSON; \(Self.expected)")
        }
        // Ghost 1.0 and later wrap the data in `db`; Ghost 0.x exports may not.
        let top = object as? [String: Any]
        let database = (top?["db"] as? [Any])?.first as? [String: Any] ?? top
        guard let data = database?["data"] as? [String: Any], let posts = data["posts"] as? [Any] else {
            throw ImportError(path: path, line: nil, message: "no `db[0].data.posts`; \(Self.expected)")
        }
        let settings = Self.settings(data)
        let zone = settings["timezone"].flatMap(TimeZone.init(identifier:)) ?? settings["active_timezone"].flatMap(TimeZone.init(identifier:)) ?? timeZone
        let tags = Self.tagNames(data)
        let permalink = settings["permalinks"].flatMap { $0.isEmpty ? nil : $0 } ?? "/:slug/"

        var items: [ImportItem] = []
        var skipped: [ImportNote] = []
        var untranslated: [ImportNote] = []
        for (index, element) in posts.enumerated() {
            let location = "\(path): posts[\(index)]"
            let post = element as? [String: Any] ?? [:]
            func string(_ key: String) -> String {
                (post[key] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            }
            let title = FeedEntry.oneLine(string("title"))
            let named = title.isEmpty ? "(untitled)" : "“\(title)”"
            let isPage = string("type") == "page" || (post["page"] as? Bool) == true || (post["page"] as? Int) == 1
            let kind = isPage ? "page" : "post"
            let status = string("status")
            let destination: ImportItem.Destination
            switch (isPage, status) {
            case (false, "published"), (false, "scheduled"): destination = .post
            case (false, "draft"): destination = .draft
            case (true, "published"): destination = .page
            default:
                skipped.append(ImportNote(location: location, message: "\(kind) \(named) not imported: its status is `\(status)`"))
                continue
            }
            let html = string("html")
            guard !html.isEmpty else {
                let format = ["lexical", "mobiledoc"].first { !string($0).isEmpty }
                skipped.append(ImportNote(location: location, message: "\(kind) \(named) not imported: "
                    + (format.map { "its body is only in Ghost's \($0) format; expected its `html` too, as Ghost 2 and later export it" } ?? "it has no body")))
                continue
            }
            var fields: [(key: String, value: String)] = []
            if !title.isEmpty || isPage { fields.append((HeaderKey.title.name, FeedEntry.headerText(title))) }
            var date: CivilTime?
            if !isPage {
                let keys = destination == .draft ? ["published_at", "updated_at", "created_at"] : ["published_at"]
                guard let instant = keys.lazy.compactMap({ Self.instant(post[$0]) }).first else {
                    skipped.append(ImportNote(location: location, message: "\(kind) \(named) not imported: its published_at cannot be read (`\(post["published_at"].map { "\($0)" } ?? "")`); expected e.g. `2021-05-06T09:10:11.000Z`"))
                    continue
                }
                date = instant.civil(in: zone)
                fields.append((HeaderKey.pubDate.name, instant.civil(in: zone).headerText))
                let names = FeedEntry.categories(tags[string("id")] ?? [])
                if !names.isEmpty { fields.append((HeaderKey.categoryArray.name, names.map(FeedEntry.headerText).joined(separator: ", "))) }
            }
            let slug = string("slug")
            var oldURLs: [String] = []
            if destination != .draft, !slug.isEmpty {
                let template = isPage ? "/:slug/" : permalink
                let url = Self.oldURL(template, slug: slug, date: date)
                if url.contains(":") {
                    untranslated.append(ImportNote(location: location, message: "old URL of \(named) from the permalinks setting `\(permalink)` is not known; not kept as an alias"))
                } else if let path = OldURL.path(url, base: "") {
                    oldURLs.append(path)
                }
            }
            items.append(ImportItem(
                destination: destination, date: date, slug: Slug.make(from: slug.isEmpty ? title : slug), format: .html,
                fields: fields, body: FeedEntry.fileBody(html), oldURLs: oldURLs, source: location
            ))
        }
        return ImportSource(items: items, skipped: skipped, untranslated: untranslated, site: Self.site(data, settings: settings))
    }
}

private extension GhostExport {
    static let expected = "expected a Ghost export (JSON, from Settings → Labs → Export your content)"

    /// The `settings` table as key → text value.
    static func settings(_ data: [String: Any]) -> [String: String] {
        var settings: [String: String] = [:]
        for case let row as [String: Any] in data["settings"] as? [Any] ?? [] {
            if let key = row["key"] as? String, let value = row["value"] as? String { settings[key] = value }
        }
        return settings
    }

    /// Each post's tag names by post id, in `sort_order`, without Ghost's internal `#` tags.
    static func tagNames(_ data: [String: Any]) -> [String: [String]] {
        var names: [String: String] = [:]
        for case let tag as [String: Any] in data["tags"] as? [Any] ?? [] {
            if let id = tag["id"].map({ "\($0)" }), let name = tag["name"] as? String, !name.hasPrefix("#") { names[id] = name }
        }
        var byPost: [String: [(order: Int, name: String)]] = [:]
        for case let link as [String: Any] in data["posts_tags"] as? [Any] ?? [] {
            guard let post = link["post_id"].map({ "\($0)" }), let tag = link["tag_id"].map({ "\($0)" }), let name = names[tag] else { continue }
            byPost[post, default: []].append(((link["sort_order"] as? Int) ?? 0, name))
        }
        return byPost.mapValues { $0.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element.name) }
    }

    /// An instant as Ghost writes it: ISO 8601 text (`2021-05-06T09:10:11.000Z`), or Ghost 0.x's milliseconds since 1970.
    static func instant(_ value: Any?) -> Timestamp? {
        if let text = value as? String {
            return DateParser(timeZone: TimeZone(secondsFromGMT: 0)!).parse(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // Years 1970 to 9999: Ghost wrote no earlier ones, and the calendar arithmetic has a date to work on.
        if let number = value as? Double, number.isFinite, number >= 0, number < 253_402_300_799_000 {
            return Timestamp(seconds: Int64(number / 1000))
        }
        return nil
    }

    /// `template` (`/:slug/`, `/:year/:month/:day/:slug/` …) filled in; what it still holds of `:` is a token bake does not know.
    static func oldURL(_ template: String, slug: String, date: CivilTime?) -> String {
        var url = template.replacingOccurrences(of: ":slug", with: slug)
        if let date {
            let day = date.dayFolder.split(separator: "/").map(String.init)
            if day.count == 3 {
                url = url.replacingOccurrences(of: ":year", with: day[0]).replacingOccurrences(of: ":month", with: day[1]).replacingOccurrences(of: ":day", with: day[2])
            }
        }
        return url
    }

    /// What the export's settings say of the site; a Ghost export names no URL.
    static func site(_ data: [String: Any], settings: [String: String]) -> ImportedSite {
        func value(_ key: String) -> ImportedSite.Value? {
            ImportedSite.Value(settings[key], origin: "the export's `\(key)` setting")
        }
        let users = (data["users"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        let timeZone = settings["timezone"] != nil ? value("timezone") : value("active_timezone")
        return ImportedSite(
            name: value("title"),
            description: value("description"),
            author: ImportedSite.Value(users.first?["name"] as? String, origin: "the export's first user"),
            language: settings["locale"] != nil ? value("locale") : value("lang"),
            timeZone: timeZone.flatMap { TimeZone(identifier: $0.text) == nil ? nil : $0 }
        )
    }
}
