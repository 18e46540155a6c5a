@testable import MetaWeblog
import Testing

@Suite struct PostIDTests {
    @Test func acceptsCalendarPathsToPostFiles() throws {
        let id = try #require(PostID("2014/03/31/mark_all_as_read.markdown"))
        #expect(id.publishedPath == "posts/2014/03/31/mark_all_as_read.markdown")
        #expect(id.draftPath == "drafts/2014/03/31/mark_all_as_read.markdown")
        #expect(id.permalink.path == "2014/03/31/mark_all_as_read.html")
        #expect(id.format == .markdown)
        #expect(PostID("2014/03/31/page.html")?.format == .html)
        #expect(PostID("2014/03/31/short.md") != nil)
    }

    @Test(arguments: [
        "", "hello.markdown", "../site.settings", "2014/03/31/../../x.markdown", "2014/03/31/.hidden.markdown",
        "2014/02/30/no-such-day.markdown", "2014/3/31/x.markdown", "posts/2014/03/31/x.markdown", "/2014/03/31/x.markdown",
        "2014/03/31/x.txt", "2014/03/31/sub/x.markdown", "2014/03/31/x\\y.markdown",
    ])
    func refusesEverythingElse(text: String) {
        #expect(PostID(text) == nil)
    }
}
