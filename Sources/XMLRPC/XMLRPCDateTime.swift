/// An XML-RPC `dateTime.iso8601`: civil date and time fields, with the UTC offset if one was sent.
///
/// Clients send many shapes of ISO 8601; all of these parse:
/// ```swift
/// XMLRPCDateTime(iso8601: "19980717T14:08:55")          // no zone: utcOffset is nil
/// XMLRPCDateTime(iso8601: "1998-07-17T14:08:55Z")       // utcOffset 0
/// XMLRPCDateTime(iso8601: "20140331T20:16:46-07:00")    // utcOffset -25200
/// XMLRPCDateTime(iso8601: "2014-03-31T20:16:46+0000")
/// ```
/// Fractional seconds are accepted and dropped.
public struct XMLRPCDateTime: Sendable, Hashable {
    /// The year, 0–9999.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31 and valid for the month.
    public let day: Int
    /// The hour, 0–23.
    public let hour: Int
    /// The minute, 0–59.
    public let minute: Int
    /// The second, 0–59.
    public let second: Int
    /// Seconds east of UTC, at most 18 hours either way, or nil when the client named no zone
    /// and the reader must choose one.
    public let utcOffset: Int?

    private static let maxOffset = 18 * 3600

    /// Creates a date-time from fields, or returns nil if any is out of range.
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, utcOffset: Int? = nil) {
        guard (0...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        if let utcOffset, !(-Self.maxOffset...Self.maxOffset).contains(utcOffset) { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffset = utcOffset
    }

    /// Parses the ISO 8601 shapes XML-RPC clients send, or returns nil.
    public init?(iso8601 text: String) {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(digits: 4) else { return nil }
        let extended = scanner.skip("-")
        guard let month = scanner.number(digits: 2),
              !extended || scanner.skip("-"),
              let day = scanner.number(digits: 2),
              scanner.skip("T"),
              let hour = scanner.number(digits: 2)
        else { return nil }
        let colons = scanner.skip(":")
        guard let minute = scanner.number(digits: 2),
              !colons || scanner.skip(":"),
              let second = scanner.number(digits: 2)
        else { return nil }
        if scanner.skip(".") || scanner.skip(",") {
            guard scanner.skipDigits() else { return nil }
        }
        guard let utcOffset = scanner.utcOffset(), scanner.isAtEnd else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffset: utcOffset.offset)
    }

    /// The value as XML-RPC writes it: `19980717T14:08:55`, then `Z` or `±hh:mm` when the offset is known.
    public var iso8601: String {
        var text = Self.padded(year, 4) + Self.padded(month, 2) + Self.padded(day, 2)
        text += "T" + Self.padded(hour, 2) + ":" + Self.padded(minute, 2) + ":" + Self.padded(second, 2)
        guard let utcOffset else { return text }
        guard utcOffset != 0 else { return text + "Z" }
        let minutes = abs(utcOffset) / 60
        return text + (utcOffset < 0 ? "-" : "+") + Self.padded(minutes / 60, 2) + ":" + Self.padded(minutes % 60, 2)
    }
}

extension XMLRPCDateTime: CustomStringConvertible {
    /// The ISO 8601 text, as written to XML-RPC.
    public var description: String {
        iso8601
    }
}

private extension XMLRPCDateTime {
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return isLeap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Reads fixed-width ASCII numbers and separators from the front of a string.
private struct DigitScanner {
    /// A parsed zone designator: `offset` is nil when the text named no zone.
    struct Zone {
        let offset: Int?
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool {
        index == bytes.count
    }

    mutating func skip(_ character: Character) -> Bool {
        guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index > start
    }

    /// Reads `Z`, `±hh`, `±hhmm` or `±hh:mm`; nothing at all means no zone.
    mutating func utcOffset() -> Zone? {
        if isAtEnd { return Zone(offset: nil) }
        if skip("Z") { return Zone(offset: 0) }
        let sign: Int
        if skip("+") {
            sign = 1
        } else if skip("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(digits: 2) else { return nil }
        var minutes = 0
        if !isAtEnd {
            _ = skip(":")
            guard let value = number(digits: 2), value <= 59 else { return nil }
            minutes = value
        }
        return Zone(offset: sign * (hours * 3600 + minutes * 60))
    }
}
