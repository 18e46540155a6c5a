import BakeKit
import Foundation

/// A Jekyll permalink template, e.g. `/:categories/:year/:month/:day/:title.html`, and the
/// URL it gives a post, as Jekyll 4's `Jekyll::URL` makes it.
struct JekyllPermalink {
    let template: String

    /// The template for a `permalink` setting: one of Jekyll's named styles, or a template.
    init(setting: String?) {
        switch setting ?? "date" {
        case "date": template = "/:categories/:year/:month/:day/:title:output_ext"
        case "pretty": template = "/:categories/:year/:month/:day/:title/"
        case "ordinal": template = "/:categories/:year/:y_day/:title:output_ext"
        case "weekdate": template = "/:categories/:year/W:week/:short_day/:title:output_ext"
        case "none": template = "/:categories/:title:output_ext"
        case let other: template = other
        }
    }

    /// The post's URL: placeholders replaced and escaped, repeated slashes squeezed.
    func url(date: CivilTime, title: String, slug: String, categories: [String]) -> String {
        var seen: Set<String> = []
        let lowered = categories.map { $0.lowercased() }.filter { seen.insert($0).inserted }
        let values: [String: String] = [
            "year": pad(date.year, 4), "month": pad(date.month), "day": pad(date.day),
            "hour": pad(date.hour), "minute": pad(date.minute), "second": pad(date.second),
            "i_month": String(date.month), "i_day": String(date.day),
            "short_year": pad(date.year % 100), "y_day": pad(dayOfYear(date), 3),
            "short_month": String(CivilTime.monthNames[date.month - 1].prefix(3)),
            "long_month": CivilTime.monthNames[date.month - 1],
            "short_day": String(weekdayNames[date.weekday].prefix(3)), "long_day": weekdayNames[date.weekday],
            "w_day": String(date.weekday == 0 ? 7 : date.weekday), "week": pad(isoWeek(date)),
            "title": Self.slugify(title, pretty: true), "slug": Self.slugify(slug, pretty: false).lowercased(),
            "name": Self.slugify(slug, pretty: false).lowercased(), "categories": lowered.joined(separator: "/"),
            "slugified_categories": lowered.map { Slug.make(from: $0) }.joined(separator: "/"),
            "collection": "posts", "output_ext": ".html",
        ]
        var url = ""
        var rest = template[...]
        while let colon = rest.firstIndex(of: ":") {
            url += rest[..<colon]
            let nameEnd = rest[rest.index(after: colon)...].firstIndex { !($0.isASCII && ($0.isLowercase || $0 == "_")) } ?? rest.endIndex
            var name = String(rest[rest.index(after: colon)..<nameEnd])
            // Jekyll reads `:title_` as `:title` followed by `_` when only the shorter name exists.
            var suffix = ""
            if values[name] == nil, name.hasSuffix("_"), values[String(name.dropLast())] != nil {
                name.removeLast()
                suffix = "_"
            }
            if let value = values[name] {
                url += Self.escape(value) + suffix
            } else {
                url += rest[colon..<nameEnd]
            }
            rest = rest[nameEnd...]
        }
        url += rest
        url = "/" + url.replacingOccurrences(of: "..", with: "/").replacingOccurrences(of: "./", with: "")
        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
        return url
    }
}

private extension JekyllPermalink {
    /// What Jekyll's `escape_path` keeps as it is; everything else is percent-encoded.
    static let kept = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")

    /// Jekyll's `Utils.slugify`: runs of other characters become `-`, none at either end.
    /// The `pretty` mode also keeps `._~!$&'()+,;=@` and the case.
    static func slugify(_ text: String, pretty: Bool) -> String {
        let extra: Set<Character> = pretty ? Set("._~!$&'()+,;=@") : []
        var slug = ""
        var pendingHyphen = false
        for character in text {
            let kept = extra.contains(character) || character.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic && !$0.properties.isWhitespace || $0.properties.generalCategory == .decimalNumber
                    || $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .spacingMark
            }
            if kept {
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.append(character)
            } else {
                pendingHyphen = true
            }
        }
        return slug
    }

    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: kept) ?? value
    }

    var weekdayNames: [String] { ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] }

    func dayOfYear(_ date: CivilTime) -> Int {
        CivilTime.days(year: date.year, month: date.month, day: date.day) - CivilTime.days(year: date.year, month: 1, day: 1) + 1
    }

    /// The ISO 8601 week number (`%V`).
    func isoWeek(_ date: CivilTime) -> Int {
        let isoWeekday = date.weekday == 0 ? 7 : date.weekday
        let thursday = CivilTime.days(year: date.year, month: date.month, day: date.day) - isoWeekday + 4
        let year = CivilTime.civil(fromDays: thursday).year
        return (thursday - CivilTime.days(year: year, month: 1, day: 1)) / 7 + 1
    }

    func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
