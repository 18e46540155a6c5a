import Foundation

/// Reads the `@pubDate` and `@modDate` forms real blogs carry.
///
/// - `2014-03-31 20:16:46 -0700` and `2014-03-31 20:16:46-0700`
/// - `Fri Jan 30 09:29:34 -0800 2009`
/// - ISO 8601: `2014-03-31T20:16:46-07:00`, `…Z`, with optional fractional seconds
/// - any of these without an offset (or without seconds), read in the site's time zone
public struct DateParser: Sendable {
    /// The zone for dates that carry no offset.
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The instant the text names, or nil if it is in none of the known forms.
    public func parse(_ text: String) -> Timestamp? {
        guard let fields = fields(text) else { return nil }
        if let offset = fields.offset {
            return CivilTime(year: fields.year, month: fields.month, day: fields.day,
                             hour: fields.hour, minute: fields.minute, second: fields.second, offset: offset).timestamp
        }
        return localTimestamp(fields)
    }

    /// The wall-clock time the text names, with the offset it gives, or in `timeZone` when it
    /// gives none: what an importer keeps, so a post stays in the calendar folder its old
    /// blog filed it in.
    public func parseCivil(_ text: String) -> CivilTime? {
        guard let fields = fields(text) else { return nil }
        if let offset = fields.offset {
            return CivilTime(year: fields.year, month: fields.month, day: fields.day,
                             hour: fields.hour, minute: fields.minute, second: fields.second, offset: offset)
        }
        return localTimestamp(fields).civil(in: timeZone)
    }
}

private struct DateFields {
    var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
    var offset: Int?
}

private extension DateParser {
    /// The fields of a date in any of the known forms, checked; nil for anything else.
    func fields(_ text: String) -> DateFields? {
        var scanner = DateScanner(text)
        let fields: DateFields?
        if let first = scanner.peek, DateScanner.isLetter(first) {
            fields = scanner.scanUnixStyle()
        } else {
            fields = scanner.scanNumericStyle()
        }
        guard let fields, scanner.isAtEnd,
              CivilTime.isValid(year: fields.year, month: fields.month, day: fields.day),
              fields.hour < 24, fields.minute < 60, fields.second < 61
        else { return nil }
        return fields
    }

    /// Reads a wall-clock time in the site's zone. Around a DST change the offset of the
    /// result can differ from the first guess, so it is checked once more.
    func localTimestamp(_ f: DateFields) -> Timestamp {
        let wall = CivilTime(year: f.year, month: f.month, day: f.day, hour: f.hour, minute: f.minute, second: f.second, offset: 0).timestamp
        let guess = timeZone.secondsFromGMT(for: wall.date)
        let first = Timestamp(seconds: wall.seconds - Int64(guess))
        let actual = timeZone.secondsFromGMT(for: first.date)
        return actual == guess ? first : Timestamp(seconds: wall.seconds - Int64(actual))
    }
}

/// Scans the UTF-8 bytes of a date. Every form is ASCII; a non-ASCII byte counts as part of
/// a word, so a word in another script is read whole and then fails to match, as it should.
private struct DateScanner {
    let bytes: [UInt8]
    var index = 0

    /// `text` without leading and trailing spaces and tabs (and other Unicode spaces).
    init(_ text: String) {
        var bytes = Array(text.utf8)
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.endIndex
        bytes.removeSubrange(..<start)
        if let first = bytes.first, let last = bytes.last, first >= 0x80 || last >= 0x80 {
            bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        }
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    static func isLetter(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    mutating func skipSpaces() {
        while peek == UInt8(ascii: " ") { index += 1 }
    }

    mutating func expect(_ c: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: c) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: ClosedRange<Int>) -> Int? {
        var value = 0
        var count = 0
        while let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9"), count < digits.upperBound {
            value = value * 10 + Int(c - UInt8(ascii: "0"))
            count += 1
            index += 1
        }
        return digits.contains(count) ? value : nil
    }

    mutating func word() -> String {
        let start = index
        while let c = peek, Self.isLetter(c) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `2014-03-31 20:16:46 -0700`, `2014-03-31T20:16:46-07:00`, `2014-03-31 20:16`, `2014-03-31`.
    mutating func scanNumericStyle() -> DateFields? {
        var f = DateFields()
        guard let year = number(digits: 4...4), expect("-"), let month = number(digits: 1...2), expect("-"),
              let day = number(digits: 1...2) else { return nil }
        (f.year, f.month, f.day) = (year, month, day)
        if isAtEnd { return f }
        guard expect("T") || expect(" ") else { return nil }
        skipSpaces()
        guard scanClock(into: &f) else { return nil }
        skipSpaces()
        if !isAtEnd {
            guard let offset = scanOffset() else { return nil }
            f.offset = offset
        }
        return f
    }

    /// `Fri Jan 30 09:29:34 -0800 2009` (the weekday is not checked against the date).
    mutating func scanUnixStyle() -> DateFields? {
        var f = DateFields()
        _ = word()
        skipSpaces()
        let monthName = word()
        guard monthName.count >= 3,
              let month = CivilTime.monthNames.firstIndex(where: { $0.lowercased().hasPrefix(monthName.lowercased()) })
        else { return nil }
        f.month = month + 1
        skipSpaces()
        guard let day = number(digits: 1...2) else { return nil }
        f.day = day
        skipSpaces()
        guard scanClock(into: &f) else { return nil }
        skipSpaces()
        if let c = peek, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || Self.isLetter(c) {
            guard let offset = scanOffset() else { return nil }
            f.offset = offset
            skipSpaces()
        }
        guard let year = number(digits: 4...4) else { return nil }
        f.year = year
        return f
    }

    mutating func scanClock(into f: inout DateFields) -> Bool {
        guard let hour = number(digits: 1...2), expect(":"), let minute = number(digits: 2...2) else { return false }
        (f.hour, f.minute) = (hour, minute)
        if expect(":") {
            guard let second = number(digits: 2...2) else { return false }
            f.second = second
            if expect(".") || expect(",") {
                guard number(digits: 1...9) != nil else { return false }
            }
        }
        return true
    }

    /// `Z`, `UTC`, `GMT`, `+07`, `-0700`, `-07:00`.
    mutating func scanOffset() -> Int? {
        if expect("Z") { return 0 }
        if let c = peek, Self.isLetter(c) {
            let name = word()
            return name == "UTC" || name == "GMT" ? 0 : nil
        }
        let negative: Bool
        if expect("+") { negative = false } else if expect("-") { negative = true } else { return nil }
        guard let hours = number(digits: 2...2) else { return nil }
        var minutes = 0
        if expect(":") {
            guard let m = number(digits: 2...2) else { return nil }
            minutes = m
        } else if let m = number(digits: 2...2) {
            minutes = m
        }
        guard hours <= 14, minutes < 60 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return negative ? -seconds : seconds
    }
}
