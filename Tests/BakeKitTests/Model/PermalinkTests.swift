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
}
