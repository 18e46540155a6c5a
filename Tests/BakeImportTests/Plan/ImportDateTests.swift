@testable import BakeImport
import BakeKit
import Foundation
import Testing

/// RSS dates (RFC 822), the `<pubDate>` a WordPress export gives every item.
@Suite struct ImportDateTests {
    @Test(arguments: [
        ("Tue, 31 Mar 2009 17:00:00 +0000", "2009-03-31 17:00:00 +0000"),
        ("Tue, 31 Mar 2009 10:00:00 -0700", "2009-03-31 17:00:00 +0000"),
        ("31 Mar 2009 17:00 GMT", "2009-03-31 17:00:00 +0000"),
        ("Tue 31 MAR 2009 12:00:00 EST", "2009-03-31 17:00:00 +0000"),
        ("Thu, 1 Jan 2015 00:30:00 +0130", "2014-12-31 23:00:00 +0000"),
    ])
    func readsRSSDates(text: String, utc: String) throws {
        let instant = try #require(ImportDate.rss(text))
        #expect(instant.civil(in: TimeZone(identifier: "UTC")!).headerText == utc)
    }

    /// WordPress writes `Mon, 30 Nov -0001 00:00:00 +0000` for an item that has no date.
    @Test(arguments: ["", "Mon, 30 Nov -0001 00:00:00 +0000", "Tue, 31 Feb 2009 17:00:00 +0000", "Tue, 31 Mar 09 17:00:00 +0000",
                      "Tue, 31 Mar 2009 25:00:00 +0000", "Tue, 31 Mar 2009 17:00:00 +2500", "Tue, 31 Mar 2009 17:00:00 Mars",
                      "2009-03-31 17:00:00", "Tue, 31 Mär 2009 17:00:00 +0000"])
    func refusesWhatIsNotOne(text: String) {
        #expect(ImportDate.rss(text) == nil)
    }
}
