import BakeKit
import Foundation

extension FeedEntry {
    /// A JSON Feed 1.x item: `content_html`, else `content_text` (or `summary`) in paragraphs;
    /// dated by `date_published`, else `date_modified` (RFC 3339); `tags`; `url` (an `external_url` is another site's page).
    /// - Parameter index: Its place in `items`, from 0, which names it in the report.
    init(json item: [String: Any], index: Int, path: String, zone: TimeZone) {
        func string(_ key: String) -> String {
            (item[key] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        let html = string("content_html")
        let text = string("content_text").isEmpty ? string("summary") : string("content_text")
        let published = string("date_published").isEmpty ? "date_modified" : "date_published"
        let location = "\(path): items[\(index)]"
        self.init(
            title: Self.oneLine(string("title")),
            html: html.isEmpty ? Self.html(fromText: text) : html,
            date: ImportDate.civil(string(published), zone: zone),
            dateText: string(published).isEmpty ? "no date_published" : "\(published) `\(string(published))`",
            categories: Self.categories((item["tags"] as? [Any] ?? []).compactMap { $0 as? String }),
            link: string("url"),
            location: location,
            dateLocation: location
        )
    }
}
