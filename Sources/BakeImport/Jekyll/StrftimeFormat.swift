import BakeKit

/// A Ruby `strftime` format, as Liquid's `date` filter takes it, for the conversions whose
/// result depends on the date alone (not on a zone's name or the locale).
///
/// ```swift
/// StrftimeFormat("%b %-d, %Y")?.format(date)  // "Mar 31, 2009"
/// ```
struct StrftimeFormat {
    let pattern: String

    /// Nil when `pattern` has a conversion this reading does not know.
    init?(_ pattern: String) {
        self.pattern = pattern
        guard format(CivilTime(year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0, offset: 0)) != nil else { return nil }
    }

    /// `date` formatted, or nil for an unknown conversion.
    func format(_ date: CivilTime) -> String? {
        var output = ""
        var characters = pattern[...]
        while let percent = characters.firstIndex(of: "%") {
            output += characters[..<percent]
            characters = characters[characters.index(after: percent)...]
            var flags: Set<Character> = []
            while let flag = characters.first, "-_0^#".contains(flag) {
                flags.insert(flag)
                characters = characters.dropFirst()
            }
            guard let conversion = characters.first else { return nil }
            characters = characters.dropFirst()
            guard var text = Self.convert(conversion, date, flags: flags) else { return nil }
            if flags.contains("^") { text = text.uppercased() }
            output += text
        }
        output += characters
        return output
    }
}

private extension StrftimeFormat {
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func convert(_ conversion: Character, _ date: CivilTime, flags: Set<Character>) -> String? {
        func number(_ value: Int, _ width: Int = 2, blank: Bool = false) -> String {
            let digits = String(value)
            if flags.contains("-") || digits.count >= width { return digits }
            let fill: Character = flags.contains("_") || (blank && !flags.contains("0")) ? " " : "0"
            return String(repeating: fill, count: width - digits.count) + digits
        }
        let hour12 = date.hour % 12 == 0 ? 12 : date.hour % 12
        let month = CivilTime.monthNames[date.month - 1]
        switch conversion {
        case "Y": return number(date.year, 4)
        case "C": return number(date.year / 100)
        case "y": return number(date.year % 100)
        case "m": return number(date.month)
        case "d": return number(date.day)
        case "e": return number(date.day, blank: true)
        case "j": return number(CivilTime.days(year: date.year, month: date.month, day: date.day) - CivilTime.days(year: date.year, month: 1, day: 1) + 1, 3)
        case "H": return number(date.hour)
        case "k": return number(date.hour, blank: true)
        case "I": return number(hour12)
        case "l": return number(hour12, blank: true)
        case "M": return number(date.minute)
        case "S": return number(date.second)
        case "p": return flags.contains("#") ? (date.hour < 12 ? "am" : "pm") : (date.hour < 12 ? "AM" : "PM")
        case "P": return date.hour < 12 ? "am" : "pm"
        case "B": return month
        case "b", "h": return String(month.prefix(3))
        case "A": return weekdays[date.weekday]
        case "a": return String(weekdays[date.weekday].prefix(3))
        case "u": return String(date.weekday == 0 ? 7 : date.weekday)
        case "w": return String(date.weekday)
        case "z":
            let minutes = abs(date.offset) / 60
            return (date.offset < 0 ? "-" : "+") + number(minutes / 60) + number(minutes % 60)
        case "D", "x": return format("%m/%d/%y", date)
        case "F": return format("%Y-%m-%d", date)
        case "T", "X": return format("%H:%M:%S", date)
        case "R": return format("%H:%M", date)
        case "r": return format("%I:%M:%S %p", date)
        case "%": return "%"
        case "n": return "\n"
        case "t": return "\t"
        default: return nil
        }
    }

    static func format(_ pattern: String, _ date: CivilTime) -> String? {
        StrftimeFormat(pattern)?.format(date)
    }
}
