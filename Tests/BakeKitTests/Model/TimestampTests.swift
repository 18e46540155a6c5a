import BakeKit
import Foundation
import Testing

@Suite struct TimestampTests {
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    /// 2014-03-31 20:16:46 -0700, a Monday.
    let march31 = Timestamp(seconds: 1_396_322_206)

    @Test func civilTimeInAZoneWithDaylightSaving() {
        let summer = march31.civil(in: losAngeles)
        #expect(summer == CivilTime(year: 2014, month: 3, day: 31, hour: 20, minute: 16, second: 46, offset: -7 * 3600))
        let winter = Timestamp(seconds: 1_391_228_206).civil(in: losAngeles)
        #expect(winter == CivilTime(year: 2014, month: 1, day: 31, hour: 20, minute: 16, second: 46, offset: -8 * 3600))
    }

    @Test func theSameInstantIsTheNextDayInUTC() {
        let utc = march31.civil(in: TimeZone(identifier: "UTC")!)
        #expect((utc.year, utc.month, utc.day, utc.hour) == (2014, 4, 1, 3))
    }

    @Test func formats() {
        let civil = march31.civil(in: losAngeles)
        #expect(civil.rfc3339 == "2014-03-31T20:16:46-07:00")
        #expect(civil.rfc822 == "Mon, 31 Mar 2014 20:16:46 -0700")
        #expect(civil.longDate == "March 31, 2014")
        #expect(civil.weekday == 1)
        #expect(civil.headerText == "2014-03-31 20:16:46 -0700")
        #expect(civil.dayFolder == "2014/03/31")
        // What bake writes in a header, bake reads back as the same instant.
        #expect(DateParser(timeZone: TimeZone(identifier: "UTC")!).parse(civil.headerText) == march31)
        #expect(CivilTime(year: 999, month: 1, day: 2, hour: 3, minute: 4, second: 5, offset: 0).dayFolder == "0999/01/02")
    }

    @Test func offsetsWithMinutesAndPadding() {
        let kolkata = Timestamp(seconds: 1_582_957_800).civil(in: TimeZone(identifier: "Asia/Kolkata")!)
        #expect(kolkata.rfc3339 == "2020-02-29T12:00:00+05:30")
        #expect(kolkata.rfc822 == "Sat, 29 Feb 2020 12:00:00 +0530")
        let stJohns = Timestamp(seconds: 1_582_957_800).civil(in: TimeZone(identifier: "America/St_Johns")!)
        #expect(stJohns.rfc822.hasSuffix(" -0330"))
        #expect(stJohns.rfc3339.hasSuffix("-03:30"))
        let utc = Timestamp(seconds: 0).civil(in: TimeZone(identifier: "UTC")!)
        #expect(utc.rfc3339 == "1970-01-01T00:00:00+00:00")
        #expect(utc.rfc822 == "Thu, 01 Jan 1970 00:00:00 +0000")
    }

    @Test func beforeNineteenSeventy() {
        let moon = Timestamp(seconds: -14_182_940).civil(in: TimeZone(identifier: "UTC")!)
        #expect(moon == CivilTime(year: 1969, month: 7, day: 20, hour: 20, minute: 17, second: 40, offset: 0))
        #expect(moon.timestamp == Timestamp(seconds: -14_182_940))
        #expect(moon.weekday == 0)
    }

    @Test func civilTimeRoundTrips() {
        let zones = ["UTC", "America/Los_Angeles", "Asia/Kolkata", "Australia/Sydney", "Pacific/Kiritimati"].map { TimeZone(identifier: $0)! }
        for seconds: Int64 in [0, 1, -1, 951_782_400, 1_396_322_206, 4_102_444_800, -2_208_988_800, 1_699_173_000, 1_699_176_600] {
            for zone in zones {
                let civil = Timestamp(seconds: seconds).civil(in: zone)
                #expect(civil.timestamp == Timestamp(seconds: seconds), "\(seconds) in \(zone.identifier)")
            }
        }
    }

    @Test func daysAgreeWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for (year, month, day) in [(1970, 1, 1), (2000, 2, 29), (1900, 3, 1), (2038, 1, 19), (1601, 1, 1), (2400, 12, 31)] {
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day))!
            #expect(CivilTime.days(year: year, month: month, day: day) == Int(date.timeIntervalSince1970 / 86_400))
            let back = CivilTime.civil(fromDays: CivilTime.days(year: year, month: month, day: day))
            #expect(back == (year, month, day))
        }
    }

    @Test func validDates() {
        #expect(CivilTime.isValid(year: 2020, month: 2, day: 29))
        #expect(CivilTime.isValid(year: 2000, month: 2, day: 29))
        #expect(!CivilTime.isValid(year: 2019, month: 2, day: 29))
        #expect(!CivilTime.isValid(year: 1900, month: 2, day: 29))
        #expect(CivilTime.isValid(year: 2014, month: 12, day: 31))
        #expect(!CivilTime.isValid(year: 2014, month: 4, day: 31))
        #expect(!CivilTime.isValid(year: 2014, month: 13, day: 1))
        #expect(!CivilTime.isValid(year: 2014, month: 0, day: 1))
        #expect(!CivilTime.isValid(year: 2014, month: 1, day: 0))
    }

    @Test func fromDateRoundsDown() {
        #expect(Timestamp(Date(timeIntervalSince1970: 10.9)) == Timestamp(seconds: 10))
        #expect(Timestamp(Date(timeIntervalSince1970: -0.5)) == Timestamp(seconds: -1))
        #expect(Timestamp(seconds: 42).date == Date(timeIntervalSince1970: 42))
    }

    @Test func ordering() {
        #expect(Timestamp(seconds: 1) < Timestamp(seconds: 2))
        #expect(!(Timestamp(seconds: 2) < Timestamp(seconds: 2)))
    }
}
