import Foundation

/// An instant, to the second, as the number of seconds since 1970-01-01T00:00:00Z.
///
/// Formatting is done here by calendar arithmetic rather than with `DateFormatter`, which is
/// slow and depends on the process's locale; the zone offset comes from the site's `TimeZone`.
public struct Timestamp: Sendable, Hashable, Comparable {
    public let seconds: Int64

    public init(seconds: Int64) {
        self.seconds = seconds
    }

    public init(_ date: Date) {
        self.seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.seconds < rhs.seconds
    }

    /// The same instant as a Foundation `Date`.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    /// The wall-clock time of this instant in `zone`.
    public func civil(in zone: TimeZone) -> CivilTime {
        let offset = zone.secondsFromGMT(for: date)
        return CivilTime(utcSeconds: seconds, offset: offset)
    }
}

/// A wall-clock date and time together with its offset from UTC.
public struct CivilTime: Sendable, Hashable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// Seconds east of UTC.
    public let offset: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.offset = offset
    }

    /// The wall-clock time of a UTC instant shifted by `offset` seconds.
    public init(utcSeconds: Int64, offset: Int) {
        let local = utcSeconds + Int64(offset)
        let days = Int(local.floorDivided(by: 86_400))
        let secondOfDay = Int(local - Int64(days) * 86_400)
        let (year, month, day) = CivilTime.civil(fromDays: days)
        self.init(
            year: year, month: month, day: day,
            hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60, second: secondOfDay % 60,
            offset: offset
        )
    }

    /// The instant this wall-clock time names.
    public var timestamp: Timestamp {
        let days = Int64(CivilTime.days(year: year, month: month, day: day))
        return Timestamp(seconds: days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset))
    }

    /// Day of the week, 0 = Sunday.
    public var weekday: Int {
        let days = CivilTime.days(year: year, month: month, day: day)
        return ((days % 7) + 11) % 7
    }

    /// RFC 3339, e.g. `2014-03-31T20:16:46-07:00`.
    public var rfc3339: String {
        "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))\(offsetText(colon: true))"
    }

    /// RFC 822 as RSS wants it, e.g. `Mon, 31 Mar 2014 20:16:46 -0700`.
    public var rfc822: String {
        "\(Self.weekdayAbbreviations[weekday]), \(pad(day)) \(Self.monthAbbreviations[month - 1]) \(pad(year, 4)) "
            + "\(pad(hour)):\(pad(minute)):\(pad(second)) \(offsetText(colon: false))"
    }

    /// The form bake writes in `@pubDate` and `@modDate` headers, e.g. `2014-03-31 20:16:46 -0700`.
    public var headerText: String {
        "\(pad(year, 4))-\(pad(month))-\(pad(day)) \(pad(hour)):\(pad(minute)):\(pad(second)) \(offsetText(colon: false))"
    }

    /// The calendar folder of the day under `posts/`, e.g. `2014/03/31`.
    public var dayFolder: String {
        "\(pad(year, 4))/\(pad(month))/\(pad(day))"
    }

    /// The date as people read it, e.g. `March 31, 2014`.
    public var longDate: String {
        "\(Self.monthNames[month - 1]) \(day), \(year)"
    }

    /// English month names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
    static let monthAbbreviations = monthNames.map { String($0.prefix(3)) }
    static let weekdayAbbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Whether the date exists in the Gregorian calendar.
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let next = month == 12 ? days(year: year + 1, month: 1, day: 1) : days(year: year, month: month + 1, day: 1)
        return day <= next - days(year: year, month: month, day: 1)
    }
}

private extension CivilTime {
    func offsetText(colon: Bool) -> String {
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return "\(sign)\(pad(magnitude / 3600))\(colon ? ":" : "")\(pad(magnitude % 3600 / 60))"
    }
}

private func pad(_ value: Int, _ width: Int = 2) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

private extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
