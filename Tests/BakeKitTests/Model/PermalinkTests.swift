import BakeKit
import Testing

@Suite struct PermalinkTests {
    @Test(arguments: [
        ("2014/03/31/mark_all_as_read.markdown", "2014/03/31/mark_all_as_read.html"),
        ("2021/03/03/markdown-is-enough.md", "2021/03/03/markdown-is-enough.html"),
        ("2021/03/19/a-page-made-by-hand.html", "2021/03/19/a-page-made-by-hand.html"),
        ("2020/02/29/leap-day.markdown", "2020/02/29/leap-day.html"),
        ("2019/01/02/v1.2-notes.markdown", "2019/01/02/v1.2-notes.html"),
    ])
    func fromACalendarPath(_ example: (source: String, path: String)) throws {
        let permalink = try #require(Permalink(calendarPath: example.source))
        #expect(permalink.path == example.path)
    }

    @Test(arguments: [
        "2014/03/notes.markdown", "2014/3/31/notes.markdown", "14/03/31/notes.markdown",
        "2014/13/01/notes.markdown", "2019/02/29/notes.markdown", "2014/03/31/.markdown",
        "2014/03/31/a/b.markdown", "notes.markdown", "2014/03/31/", "abcd/03/31/x.md",
    ])
    func notACalendarPath(_ source: String) {
        #expect(Permalink(calendarPath: source) == nil)
    }

    @Test func parts() {
        let permalink = Permalink(year: 2014, month: 3, day: 1, slug: "hello")
        #expect(permalink.path == "2014/03/01/hello.html")
        #expect(permalink.monthFolder == "2014/03/")
        #expect(permalink.monthKey == MonthKey(year: 2014, month: 3))
        #expect(permalink.monthKey.folder == "2014/03/")
        #expect(permalink.monthKey.label == "March 2014")
    }

    @Test func ordering() {
        let a = Permalink(year: 2014, month: 3, day: 31, slug: "a")
        let b = Permalink(year: 2014, month: 3, day: 31, slug: "b")
        let april = Permalink(year: 2014, month: 4, day: 1, slug: "a")
        #expect(a < b)
        #expect(b < april)
        #expect(MonthKey(year: 2013, month: 12) < MonthKey(year: 2014, month: 1))
    }

    /// A post of a year before 1000 lives in its four-digit calendar folder (`0999/`), and its
    /// page, archive folders and URL use the same digits, so that the URL reads back as the
    /// post: the shim's Micropub `Location` for it resolves.
    @Test func aYearBefore1000KeepsItsFourDigitsThroughItsPathAndURL() throws {
        let permalink = try #require(Permalink(calendarPath: "0999/01/02/old.markdown"))
        #expect(permalink.year == 999)
        #expect(permalink.path == "0999/01/02/old.html")
        #expect(permalink.monthFolder == "0999/01/")
        #expect(permalink.monthKey.folder == "0999/01/")
        #expect(Permalink(calendarPath: permalink.path) == permalink)
        #expect(Permalink(year: 7, month: 3, day: 4, slug: "x").path == "0007/03/04/x.html")
        #expect(Permalink.fourDigits(2014) == "2014")
    }
}

