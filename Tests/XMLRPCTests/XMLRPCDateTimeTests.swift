import Foundation
import Testing
import XMLRPC

@Suite struct XMLRPCDateTimeTests {
    @Test(arguments: [
        ("19980717T14:08:55", nil),
        ("1998-07-17T14:08:55Z", 0),
        ("19980717T14:08:55Z", 0),
        ("19980717T140855", nil),
        ("1998-07-17T14:08:55.123Z", 0),
        ("19980717T14:08:55-07:00", -25_200),
        ("1998-07-17T14:08:55+0000", 0),
        ("1998-07-17T14:08:55+0530", 19_800),
        ("1998-07-17T14:08:55-03", -10_800),
    ] as [(String, Int?)])
    func readsTheShapesClientsSend(text: String, utcOffset: Int?) throws {
        let dateTime = try #require(XMLRPCDateTime(iso8601: text))
        #expect(dateTime == XMLRPCDateTime(year: 1998, month: 7, day: 17, hour: 14, minute: 8, second: 55, utcOffset: utcOffset))
    }

    @Test(arguments: [
        "", "1998", "19980717", "19980717 14:08:55", "1998-0717T14:08:55", "19980717T14:0855", "19980717T14:08:5",
        "19981317T14:08:55", "19980229T14:08:55", "19980731T24:00:00", "19980717T14:60:00", "19980717T14:08:60",
        "19980717T14:08:55+", "19980717T14:08:55+1", "19980717T14:08:55+19:00", "19980717T14:08:55+05:60",
        "19980717T14:08:55.", "19980717T14:08:55Zjunk", "１９９８0717T14:08:55",
    ])
    func rejectsAnythingElse(text: String) {
        #expect(XMLRPCDateTime(iso8601: text) == nil)
    }

    @Test func acceptsLeapDays() {
        #expect(XMLRPCDateTime(iso8601: "20000229T00:00:00") != nil)
        #expect(XMLRPCDateTime(iso8601: "20240229T00:00:00") != nil)
        #expect(XMLRPCDateTime(iso8601: "19000229T00:00:00") == nil)
    }

    @Test func writesTheCompactForm() throws {
        let plain = try #require(XMLRPCDateTime(year: 7, month: 1, day: 2, hour: 3, minute: 4, second: 5))
        #expect(plain.iso8601 == "00070102T03:04:05")
        #expect(plain.description == plain.iso8601)
        #expect(XMLRPCDateTime(year: 2014, month: 3, day: 31, hour: 20, minute: 16, second: 46, utcOffset: 0)?.iso8601 == "20140331T20:16:46Z")
        #expect(XMLRPCDateTime(year: 2014, month: 3, day: 31, hour: 20, minute: 16, second: 46, utcOffset: -9000)?.iso8601 == "20140331T20:16:46-02:30")
    }

    @Test func convertsToADateInTheSentZoneOrTheDefault() throws {
        let utc = try #require(XMLRPCDateTime(iso8601: "20140331T20:16:46Z"))
        let moment = Date(timeIntervalSince1970: 1_396_297_006)
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(utc.date(defaultTimeZone: tokyo) == moment)
        #expect(try #require(XMLRPCDateTime(iso8601: "20140331T13:16:46-07:00")).date(defaultTimeZone: tokyo) == moment)
        let unzoned = try #require(XMLRPCDateTime(iso8601: "20140401T05:16:46"))
        #expect(unzoned.date(defaultTimeZone: tokyo) == moment)
    }

    @Test func convertsFromADateInAZone() throws {
        let moment = Date(timeIntervalSince1970: 1_396_297_006)
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let dateTime = try #require(XMLRPCDateTime(moment, in: newYork))
        #expect(dateTime.iso8601 == "20140331T16:16:46-04:00")
        #expect(dateTime.date(defaultTimeZone: .gmt) == moment)
        #expect(XMLRPCDateTime(Date(timeIntervalSince1970: 1e12), in: .gmt) == nil)
    }
}
