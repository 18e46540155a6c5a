import BakeKit
import Foundation
import XMLRPC

/// Dates between the wire, the header and the calendar folders, all in the site's time zone.
///
/// ```swift
/// let dates = PostDate(timeZone: settings.timeZone)
/// dates.headerText(Timestamp(seconds: 1396322206))   // "2014-03-31 20:16:46 -0700"
/// ```
struct PostDate: Sendable {
    /// The site's zone: dates without an offset are read in it, and headers are written in it.
    let timeZone: TimeZone

    /// The instant a client's `dateCreated` names; without an offset it is read in the site's zone.
    func timestamp(_ dateTime: XMLRPCDateTime) -> Timestamp? {
        dateTime.date(defaultTimeZone: timeZone).map(Timestamp.init)
    }

    /// The instant a `@pubDate` or `@modDate` names, or nil when bake could not read it.
    func timestamp(header text: String) -> Timestamp? {
        DateParser(timeZone: timeZone).parse(text)
    }

    /// A header value such as `2014-03-31 20:16:46 -0700`, the form of the sample blog.
    func headerText(_ timestamp: Timestamp) -> String {
        timestamp.civil(in: timeZone).headerText
    }

    /// The wire form, in the site's zone with its offset; nil outside the years XML-RPC can write.
    func dateTime(_ timestamp: Timestamp) -> XMLRPCDateTime? {
        XMLRPCDateTime(timestamp.date, in: timeZone)
    }

    /// The wire form in UTC, for `date_created_gmt`.
    func utcDateTime(_ timestamp: Timestamp) -> XMLRPCDateTime? {
        XMLRPCDateTime(timestamp.date, in: TimeZone(identifier: "UTC")!)
    }

    /// Whether a calendar folder and a `@pubDate` can name this moment: its year in the site's
    /// zone is 0–9999, the four digits both are written with.
    func canFile(_ timestamp: Timestamp) -> Bool {
        (0...9999).contains(timestamp.civil(in: timeZone).year)
    }

    /// The calendar folder for a date, e.g. `2014/03/31`.
    func dayFolder(_ timestamp: Timestamp) -> String {
        timestamp.civil(in: timeZone).dayFolder
    }

    /// The month folder for a date, e.g. `2014/03`.
    func monthFolder(_ timestamp: Timestamp) -> String {
        let civil = timestamp.civil(in: timeZone)
        return "\(Self.pad(civil.year, 4))/\(Self.pad(civil.month))"
    }

    /// Midnight at the start of a permalink's day, in the site's zone: the date shown for a
    /// draft that has no `@pubDate`.
    func startOfDay(_ permalink: Permalink) -> Timestamp {
        DateParser(timeZone: timeZone).parse("\(Self.pad(permalink.year, 4))-\(Self.pad(permalink.month))-\(Self.pad(permalink.day)) 00:00:00")
            ?? CivilTime(year: permalink.year, month: permalink.month, day: permalink.day, hour: 0, minute: 0, second: 0, offset: 0).timestamp
    }
}

private extension PostDate {
    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
