import BakeKit
import Foundation

/// Dates as other blogs write them, read with bake's own `DateParser`, keeping the wall-clock
/// time and offset the text gives rather than moving it into the blog's zone.
enum ImportDate {
    /// The wall-clock time `text` names: with its own offset when it has one, else in `zone`.
    static func civil(_ text: String, zone: TimeZone) -> CivilTime? {
        guard let instant = DateParser(timeZone: zone).parse(text) else { return nil }
        // A text with an offset names the same instant whatever the zone it is read in.
        let utc = TimeZone(secondsFromGMT: 0)!
        let other = TimeZone(secondsFromGMT: 3600)!
        if let inUTC = DateParser(timeZone: utc).parse(text), inUTC == DateParser(timeZone: other).parse(text),
           let wall = DateParser(timeZone: utc).parse(withoutOffset(text)) {
            return CivilTime(utcSeconds: instant.seconds, offset: Int(wall.seconds - instant.seconds))
        }
        return instant.civil(in: zone)
    }
}

private extension ImportDate {
    /// The text without a trailing `Z`, `UTC`, `GMT`, `+07`, `-0700` or `-07:00`.
    static func withoutOffset(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let range = trimmed.range(of: #"\s*(Z|UTC|GMT|[+-]\d\d(:?\d\d)?)$"#, options: .regularExpression) {
            return String(trimmed[..<range.lowerBound])
        }
        return trimmed
    }
}
