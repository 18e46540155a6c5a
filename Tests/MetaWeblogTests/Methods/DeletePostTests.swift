import Foundation
import MetaWeblog
import Testing
import XMLRPC

@Suite(.timeLimit(.minutes(10)))
struct DeletePostTests {
    @Test func movesTwoDeletionsOfTheSameNameToTwoTrashFiles() async throws {
        try await ShimHarness.run { shim in
            let postID: XMLRPCValue = "2019/03/14/late_night_note.markdown"
            let original = try shim.blog.read("posts/2019/03/14/late_night_note.markdown")
            #expect(try await shim.success("blogger.deletePost", ["", postID] + ShimHarness.login + [true]) == true)
            try shim.blog.write("@pubDate 2019-03-14 23:50:00 -0700\n\nAgain.\n", to: "posts/2019/03/14/late_night_note.markdown")
            #expect(try await shim.success("blogger.deletePost", ["", postID] + ShimHarness.login + [true]) == true)
            #expect(try shim.blog.read(".trash/posts/2019/03/14/late_night_note.markdown") == original)
            #expect(try shim.blog.read(".trash/posts/2019/03/14/late_night_note-2.markdown").contains("Again."))
            #expect(shim.blog.files("posts/2019/03/14") == ["why-i-moved-my-blog-home.markdown"])
            #expect(!shim.blog.exists("site/2019/03/14/late_night_note.html"))
        }
    }
}
