import BakeKit
import Foundation

extension FeedEntry {
    /// An RSS 2.0 `<item>`: `content:encoded`, else `description`, as HTML; dated by `pubDate`
    /// (RFC 822), else `dc:date`; its `category` elements; its `link`, else a permalink `guid`.
    /// Titles are decoded once more, as feeds often escape them twice (`&amp;amp;`).
    init(rss item: WXRElement, path: String, zone: TimeZone) {
        let encoded = item["content:encoded"].trimmingCharacters(in: .whitespacesAndNewlines)
        let pubDate = item.first("pubDate")
        let dcDate = item.first("dc:date")
        var date = pubDate.flatMap { ImportDate.rss($0.text.trimmingCharacters(in: .whitespacesAndNewlines))?.civil(in: zone) }
        if date == nil, let dcDate { date = ImportDate.civil(dcDate.text.trimmingCharacters(in: .whitespacesAndNewlines), zone: zone) }
        let dates = [pubDate, dcDate].compactMap { $0 }
        let guid = item.first("guid")
        let permalinkGUID = guid.flatMap { $0.attributes["isPermaLink"] == "false" ? nil : $0.text }
        self.init(
            title: Self.oneLine(CharacterReferences.decode(item["title"])),
            html: encoded.isEmpty ? item["description"].trimmingCharacters(in: .whitespacesAndNewlines) : encoded,
            date: date,
            dateText: dates.isEmpty ? "no <pubDate>" : dates.map { "<\($0.name)> `\($0.text.trimmingCharacters(in: .whitespacesAndNewlines))`" }.joined(separator: ", "),
            categories: Self.categories(item.elements.filter { $0.name == "category" || $0.name == "dc:subject" }.map { CharacterReferences.decode($0.text) }),
            link: item["link"].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? permalinkGUID ?? "" : item["link"],
            location: "\(path):\(item.line)",
            dateLocation: "\(path):\((pubDate ?? dcDate)?.line ?? item.line)"
        )
    }
}
