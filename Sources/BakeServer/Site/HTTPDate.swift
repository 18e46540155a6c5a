import BakeKit

/// Dates as HTTP headers write them (RFC 9110's IMF-fixdate), e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    /// The date of a modification time in nanoseconds since 1970.
    static func string(nanoseconds: Int64) -> String {
        let seconds = nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : (nanoseconds + 1) / 1_000_000_000 - 1
        let time = CivilTime(utcSeconds: seconds, offset: 0)
        return "\(weekdays[time.weekday]), \(two(time.day)) \(months[time.month - 1]) \(time.year) "
            + "\(two(time.hour)):\(two(time.minute)):\(two(time.second)) GMT"
    }
}

private extension HTTPDate {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
