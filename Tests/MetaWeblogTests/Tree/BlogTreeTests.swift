import BakeKit
import BakeTestSupport
import Foundation
@testable import MetaWeblog
import Testing

@Suite struct BlogTreeTests {
    static func tree(_ blog: TestBlog) -> BlogTree {
        BlogTree(blog: blog.folder, dates: PostDate(timeZone: TimeZone(identifier: "America/Los_Angeles")!))
    }

    @Test func picksANameFreeInPostsAndDrafts() throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        try blog.write("@title Draft\n\nx\n", to: "drafts/2019/03/14/why-i-moved-my-blog-home-2.html")
        let id = try Self.tree(blog).newPostID(day: "2019/03/14", slug: "why-i-moved-my-blog-home", format: .markdown)
        #expect(id.path == "2019/03/14/why-i-moved-my-blog-home-3.markdown")
    }

    @Test func throwsForADayNoCalendarFolderCanName() throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        // What dayFolder writes for the years 10000 and -1, and a day that does not exist.
        for day in ["10000/01/01", "00-1/12/31", "2019/02/30"] {
            let error = try #require(throws: MetaWeblogError.self) {
                try Self.tree(blog).newPostID(day: day, slug: "far-future", format: .markdown)
            }
            #expect(error.reason == .noCalendarFolder(day: day))
            #expect(error.faultCode == 500)
        }
    }

    @Test func publishesUnderANewNameOnlyWhenPostsHasTheOld() throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let tree = Self.tree(blog)
        try blog.write("@title Mine\n\nDraft.\n", to: "drafts/2019/03/14/late_night_note.markdown")
        let draft = try tree.post(try #require(PostID("2019/03/14/late_night_note.markdown")))
        // posts/ has that file, so the postid finds the published post first…
        #expect(draft.status == .published)
        let shadowed = StoredPost(id: draft.id, status: .draft, header: try MetadataParser().parse(Array("@title Mine\n".utf8)).metadata, body: "Draft.\n")
        // …and publishing the draft must not overwrite it.
        let now = Timestamp(seconds: 1_700_000_000)
        let published = try tree.publish(shadowed, now: now)
        #expect(published.id.path == "2019/03/14/late_night_note-2.markdown")
        #expect(try blog.read("posts/2019/03/14/late_night_note-2.markdown") == "@title Mine\n@pubDate 2023-11-14 14:13:20 -0800\n\nDraft.\n")
        #expect(try blog.read("posts/2019/03/14/late_night_note.markdown").contains("Moved the last"))
        #expect(!blog.exists("drafts/2019/03/14/late_night_note.markdown"))
        #expect(!blog.exists("drafts/2019"))
    }

    @Test func trashesUnderFreeNames() throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let tree = Self.tree(blog)
        try blog.write("a", to: "static/media/2020/01/a.png")
        #expect(try tree.trash("static/media/2020/01/a.png") == ".trash/static/media/2020/01/a.png")
        try blog.write("b", to: "static/media/2020/01/a.png")
        #expect(try tree.trash("static/media/2020/01/a.png") == ".trash/static/media/2020/01/a~2.png")
        #expect(tree.freePath("static/noext") == "static/noext")
        try blog.write("c", to: "static/noext")
        #expect(tree.freePath("static/noext") == "static/noext-2")
    }
}
