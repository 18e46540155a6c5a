import Foundation

public extension XMLRPCDateTime {
    /// The civil fields of `date` in `timeZone`, with that zone's offset at that moment;
    /// nil outside the years 0–9999, which XML-RPC cannot write.
    init?(_ date: Date, in timeZone: TimeZone) {
        let fields = Self.calendar(in: timeZone).dateComponents([.era, .year, .month, .day, .hour, .minute, .second], from: date)
        guard fields.era == 1, let year = fields.year, let month = fields.month, let day = fields.day,
              let hour = fields.hour, let minute = fields.minute, let second = fields.second
        else { return nil }
        self.init(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            utcOffset: timeZone.secondsFromGMT(for: date)
        )
    }

    /// The moment this names, reading the fields in `defaultTimeZone` when no offset was sent.
    func date(defaultTimeZone: TimeZone) -> Date? {
        let timeZone = utcOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? defaultTimeZone
        let fields = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return Self.calendar(in: timeZone).date(from: fields)
    }
}

private extension XMLRPCDateTime {
    static func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
