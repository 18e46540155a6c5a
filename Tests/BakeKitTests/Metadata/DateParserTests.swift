import BakeKit
import Foundation
import Testing

@Suite struct DateParserTests {
    let losAngeles = DateParser(timeZone: TimeZone(identifier: "America/Los_Angeles")!)

    /// 2014-03-31 20:16:46 -0700.
    static let march31 = Timestamp(seconds: 1_396_322_206)

    @Test(arguments: [
        "2014-03-31 20:16:46 -0700",
        "2014-03-31 20:16:46-0700",
        "2014-03-31T20:16:46-07:00",
        "2014-03-31T20:16:46.250-07:00",
        "2014-04-01T03:16:46Z",
        "2014-04-01 03:16:46 UTC",
        "Mon Mar 31 20:16:46 -0700 2014",
        "  2014-03-31 20:16:46 -0700  ",
        "\t2014-03-31 20:16:46 -0700\t",
        "\u{00A0}2014-03-31 20:16:46 -0700\u{2003}",
        "mon mar 31 20:16:46 -0700 2014",
        "Monday March 31 20:16:46 -0700 2014",
    ])
    func formsWithAnOffset(_ text: String) {
        // In a zone far from the offset, to show the zone is not used.
        let tokyo = DateParser(timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(tokyo.parse(text) == Self.march31)
    }

    @Test func unixStyleFromWildcat() {
        #expect(losAngeles.parse("Fri Jan 30 09:29:34 -0800 2009") == Timestamp(seconds: 1_233_336_574))
    }

    @Test func offsetsWithMinutes() {
        #expect(losAngeles.parse("2020-02-29T12:00:00+05:30") == Timestamp(seconds: 1_582_957_800))
        #expect(losAngeles.parse("2020-02-29 12:00:00 +0530") == Timestamp(seconds: 1_582_957_800))
    }

    @Test func noOffsetIsReadInTheSiteZoneWithDaylightSaving() {
        // March 31 is in daylight saving time (-0700), January 31 is not (-0800).
        #expect(losAngeles.parse("2014-03-31 20:16:46") == Self.march31)
        #expect(losAngeles.parse("2014-03-31T20:16:46") == Self.march31)
        #expect(losAngeles.parse("2014-01-31 20:16:46") == Timestamp(seconds: 1_391_228_206))
        #expect(losAngeles.parse("Mon Mar 31 20:16:46 2014") == Self.march31)
        // The days DST starts and ends, away from the change itself.
        #expect(losAngeles.parse("2023-03-11 12:00:00") == Timestamp(seconds: 1_678_564_800))
        #expect(losAngeles.parse("2023-03-12 12:00:00") == Timestamp(seconds: 1_678_647_600))
    }

    @Test func noSecondsAndNoTime() {
        #expect(losAngeles.parse("2014-03-31 20:16") == Timestamp(seconds: 1_396_322_160))
        #expect(losAngeles.parse("2014-03-31") == Timestamp(seconds: 1_396_249_200))
    }

    @Test func theRepeatedHourWhenDaylightSavingEndsIsOneOfItsTwoInstants() throws {
        let parsed = try #require(losAngeles.parse("2023-11-05 01:30:00"))
        #expect([Timestamp(seconds: 1_699_173_000), Timestamp(seconds: 1_699_176_600)].contains(parsed))
    }

    @Test func theSkippedHourWhenDaylightSavingStartsStillReadsAsThatMorning() throws {
        let parsed = try #require(losAngeles.parse("2023-03-12 02:30:00"))
        let civil = parsed.civil(in: losAngeles.timeZone)
        #expect((civil.year, civil.month, civil.day) == (2023, 3, 12))
        #expect([1, 3].contains(civil.hour))
    }

    @Test func utcSite() {
        let utc = DateParser(timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.parse("2014-03-31 20:16:46") == Timestamp(seconds: 1_396_297_006))
    }

    @Test(arguments: [
        "", "yesterday", "last Tuesday", "2014/03/31 20:16:46",
        "2014-13-01 10:00:00", "2014-02-30 10:00:00", "2019-02-29", "2014-03-31 24:00:00", "2014-03-31 20:61:00",
        "2014-03-31 20:16:46 -0700 and more", "2014-03-31 20:16:46 +2500", "2014-03-31 20:16:46 PST",
        "14-03-31 20:16:46", "Fri Foo 30 09:29:34 -0800 2009", "Fri Jan 30 09:29:34 -0800",
        "2014-03-31T", "2014-03-31 20:16:4",
        "Fri Mär 30 09:29:34 -0800 2009", "２０１４-03-31 20:16:46 -0700", "2014-03-31 20:16:46 -0700 🍞",
    ])
    func unreadable(_ text: String) {
        #expect(losAngeles.parse(text) == nil)
    }

    @Test func leapDay() {
        #expect(losAngeles.parse("2020-02-29 12:00:00 +0000") == Timestamp(seconds: 1_582_977_600))
    }

    /// An importer keeps the wall-clock time and offset the text gives, in every form.
    @Test(arguments: [
        ("Fri Jan 30 09:29:34 -0800 2009", "2009-01-30T09:29:34-08:00"),
        ("2014-03-31 20:16:46 +0200", "2014-03-31T20:16:46+02:00"),
        ("2014-03-31T20:16:46Z", "2014-03-31T20:16:46+00:00"),
        ("2014-03-31 20:16:46", "2014-03-31T20:16:46-07:00"),
    ])
    func wallClockTimesKeepTheirOwnOffset(_ text: String, _ expected: String) {
        #expect(losAngeles.parseCivil(text)?.rfc3339 == expected)
    }
}

