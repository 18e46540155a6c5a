import BakeKit
import BakeTestSupport
import Foundation
@testable import MetaWeblog
import Testing

/// The shim dates posts in the time zone the settings say now, not the one it started with.
@Suite struct SettingsTimeZoneTests {
    @Test func aChangedTimeZoneIsReadOnTheNextRequest() throws {
        let blog = try TestBlog(prefix: "bake-zone-test-")
        defer { blog.delete() }
        let zone = SettingsTimeZone(blog: blog.folder, zone: TimeZone(identifier: "America/Los_Angeles")!)
        let tree = BlogTree(blog: blog.folder, timeZone: { zone.current })
        #expect(tree.dates.timeZone.identifier == "America/Los_Angeles")
        try blog.write(try blog.read("site.settings").replacingOccurrences(of: "@time_zone America/Los_Angeles", with: "@time_zone Europe/Paris"), to: "site.settings")
        #expect(tree.dates.timeZone.identifier == "Europe/Paris")
        // 23:30 on 31 March in Los Angeles is already 1 April in Paris: the day folder follows.
        let instant = Timestamp(seconds: 1_396_333_800)
        #expect(tree.dates.dayFolder(instant) == "2014/04/01")
    }

    @Test func aSettingsFileThatDoesNotReadKeepsTheLastGoodZone() throws {
        let blog = try TestBlog(prefix: "bake-zone-test-")
        defer { blog.delete() }
        let zone = SettingsTimeZone(blog: blog.folder, zone: TimeZone(identifier: "Asia/Tokyo")!)
        try blog.write("@site_name half-saved\n@time_zone Mars/Olympus\n", to: "site.settings")
        #expect(zone.current.identifier == "Asia/Tokyo")
    }
}
