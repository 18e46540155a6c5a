import BakeKit
import Foundation

/// Dates as other blogs write them, read with bake's own `DateParser`, keeping the wall-clock
/// time and offset the text gives rather than moving it into the blog's zone.
enum ImportDate {
    /// The wall-clock time `text` names: with its own offset when it has one, else in `zone`.
    static func civil(_ text: String, zone: TimeZone) -> CivilTime? {
        DateParser(timeZone: zone).parseCivil(text)
    }

    /// The instant an RSS date (RFC 822, as RFC 1123 writes its year) names, e.g.
    /// `Tue, 31 Mar 2009 17:00:00 +0000`; nil for anything else, such as the
    /// `Mon, 30 Nov -0001 00:00:00 +0000` WordPress writes for a post that has no date.
    static func rss(_ text: String) -> Timestamp? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        // The day's name is optional, and says nothing the date does not.
        if let first = words.first, first.hasSuffix(",") || first.allSatisfy(\.isLetter) { words.removeFirst() }
        guard words.count == 4 || words.count == 5,
              words[0].count <= 2, words[0].allSatisfy(\.isASCIIDigit), let day = Int(words[0]),
              let month = months.firstIndex(of: words[1].lowercased()).map({ $0 + 1 }),
              words[2].count == 4, words[2].allSatisfy(\.isASCIIDigit), let year = Int(words[2]),
              CivilTime.isValid(year: year, month: month, day: day)
        else { return nil }
        let clock = words[3].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3,
              clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60
        else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) ?? 99 : 0
        guard second < 61, let offset = words.count == 5 ? zoneOffset(words[4]) : 0 else { return nil }
        return CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset).timestamp
    }
}

private extension ImportDate {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Seconds east of UTC for `+hhmm`, `-hhmm` or one of RFC 822's zone names.
    static func zoneOffset(_ text: String) -> Int? {
        let names = ["UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7]
        if let hours = names[text.uppercased()] { return hours * 3600 }
        guard text.count == 5, let sign = text.first, sign == "+" || sign == "-",
              text.dropFirst().allSatisfy(\.isASCIIDigit), let hours = Int(text.dropFirst().prefix(2)), let minutes = Int(text.suffix(2)),
              hours <= 14, minutes < 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
