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
            #expect(try shim.blog.read(".trash/posts/2019/03/14/late_night_note~2.markdown").contains("Again."))
            #expect(shim.blog.files("posts/2019/03/14") == ["why-i-moved-my-blog-home.markdown"])
            #expect(!shim.blog.exists("site/2019/03/14/late_night_note.html"))
        }
    }

    /// As an editor set up for a WordPress blog calls them, through Python's xmlrpc.client:
    /// `mt_keywords` as an array, and `metaWeblog.deletePost`, which WordPress answers as
    /// `blogger.deletePost`.
    @Test(.enabled(if: PythonClient.isAvailable))
    func takesWordPressStyleKeywordsAndDeletePost() async throws {
        try await ShimHarness.run { shim in
            let python = try await PythonClient(endpoint: shim.endpoint)
            defer { python.close() }
            let post: XMLRPCValue = .struct(XMLRPCStruct([
                ("title", "Keywords as a list"), ("description", "Tagged."), ("mt_keywords", .array(["swift", "static sites"])),
            ]))
            let postID = try #require(try await python.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [post, true]).stringValue)
            #expect(try shim.blog.read("posts/" + postID).contains("@mt_keywords swift, static sites\n"))
            #expect(try await python.success("metaWeblog.deletePost", ["", .string(postID)] + ShimHarness.login + [true]) == true)
            #expect(!shim.blog.exists("posts/" + postID))
            #expect(shim.blog.exists(".trash/posts/" + postID))
        }
    }
}

