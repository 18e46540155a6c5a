/// How dates and month headings read on pages, from `@month_names` and `@date_format`.
/// Feeds keep RFC 822 and RFC 3339 whatever this says.
///
/// ```swift
/// let style = DateStyle(monthNames: DateStyle.englishMonthNames, format: "%e %B %Y")
/// style.date(civil)          // "31 March 2014"
/// style.month(2014, 3)       // "March 2014"
/// ```
public struct DateStyle: Sendable, Hashable {
    /// Twelve names, January first.
    public let monthNames: [String]
    /// `%Y` year, `%m` two-digit month, `%B` month name, `%b` its first three letters,
    /// `%d` two-digit day, `%e` day without padding, `%%` a percent sign; other text as written.
    public let format: String

    public static let englishMonthNames = CivilTime.monthNames
    public static let defaultFormat = "%B %e, %Y"

    public init(monthNames: [String], format: String) {
        self.monthNames = monthNames
        self.format = format
    }

    /// Whether `format` uses only known directives.
    static func isValid(format: String) -> Bool {
        var percent = false
        for character in format {
            if percent {
                guard "YmBbde%".contains(character) else { return false }
                percent = false
            } else if character == "%" {
                percent = true
            }
        }
        return !percent && !format.isEmpty
    }

    /// The date as people read it, e.g. `March 31, 2014`.
    public func date(_ civil: CivilTime) -> String {
        var text = ""
        var percent = false
        for character in format {
            if percent {
                switch character {
                case "Y": text += String(civil.year)
                case "m": text += Permalink.twoDigits(civil.month)
                case "B": text += monthNames[civil.month - 1]
                case "b": text += String(monthNames[civil.month - 1].prefix(3))
                case "d": text += Permalink.twoDigits(civil.day)
                case "e": text += String(civil.day)
                default: text.append(character)
                }
                percent = false
            } else if character == "%" {
                percent = true
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// A month heading, e.g. `March 2014`.
    public func month(_ key: MonthKey) -> String {
        "\(monthNames[key.month - 1]) \(key.year)"
    }

    /// A month's name, e.g. `March`.
    public func monthName(_ month: Int) -> String {
        monthNames[month - 1]
    }
}
