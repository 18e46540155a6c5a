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
        var scanner = DateScanner(text.trimmingCharacters(in: .whitespaces))
        let fields: DateFields?
        if let first = scanner.peek, first.isLetter {
            fields = scanner.scanUnixStyle()
        } else {
            fields = scanner.scanNumericStyle()
        }
        guard let fields, scanner.isAtEnd,
              CivilTime.isValid(year: fields.year, month: fields.month, day: fields.day),
              fields.hour < 24, fields.minute < 60, fields.second < 61
        else { return nil }
        if let offset = fields.offset {
            return CivilTime(year: fields.year, month: fields.month, day: fields.day,
                             hour: fields.hour, minute: fields.minute, second: fields.second, offset: offset).timestamp
        }
        return localTimestamp(fields)
    }
}

private struct DateFields {
    var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
    var offset: Int?
}

private extension DateParser {
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

private struct DateScanner {
    let characters: [Character]
    var index = 0

    init(_ text: String) {
        characters = Array(text)
    }

    var isAtEnd: Bool { index == characters.count }
    var peek: Character? { index < characters.count ? characters[index] : nil }

    mutating func skipSpaces() {
        while let c = peek, c == " " { index += 1 }
    }

    mutating func expect(_ c: Character) -> Bool {
        guard peek == c else { return false }
        index += 1
        return true
    }

    mutating func number(digits: ClosedRange<Int>) -> Int? {
        var value = 0
        var count = 0
        while let c = peek, let digit = c.wholeNumberValue, c.isASCII, count < digits.upperBound {
            value = value * 10 + digit
            count += 1
            index += 1
        }
        return digits.contains(count) ? value : nil
    }

    mutating func word() -> String {
        var text = ""
        while let c = peek, c.isLetter {
            text.append(c)
            index += 1
        }
        return text
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
        if let c = peek, c == "+" || c == "-" || c == "Z" || c.isLetter {
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
        if let c = peek, c.isLetter {
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
