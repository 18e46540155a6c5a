import BakeKit
import Foundation
import Testing

extension MicropubServer {
    /// Replies, likes, reposts and bookmarks: stored as `@in_reply_to` … header lines of
    /// checked `http`/`https` URLs, given back by `q=source` under their Micropub names, and
    /// shown by the default theme.
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubResponsesTests {
        @Test func storesARepliesAndALikesURLAsHeaderLinesAndGivesThemBack() async throws {
            try await MicropubShim.run { shim in
                let original = "https://other.example/2024/05/01/their-post.html"
                let reply = try await shim.create(form: [("h", "entry"), ("content", "I agree."), ("in-reply-to", original)])
                let liked = "https://other.example/photos/1?size=large&view=full"
                // JSON, with the like as an h-cite as some clients send it, and a bookmark beside it.
                let like = try await shim.create(json: ["type": ["h-entry"], "properties": [
                    "content": ["Lovely."],
                    "like-of": [["type": ["h-cite"], "properties": ["url": [liked], "name": ["A photo"]]]],
                    "bookmark-of": ["https://a.example/read-later", "https://en.wikipedia.org/wiki/Washington,_D.C."],
                ]])

                let replyLines = try shim.blog.read(try shim.file(for: reply)).split(separator: "\n").map(String.init)
                #expect(replyLines.contains("@in_reply_to \(original)"))
                #expect(!replyLines.contains { $0.hasPrefix("@micropub_in_reply_to") })
                let likeLines = try shim.blog.read(try shim.file(for: like)).split(separator: "\n").map(String.init)
                #expect(likeLines.contains("@like_of \(liked)"))
                #expect(likeLines.contains("@bookmark_of https://a.example/read-later, https://en.wikipedia.org/wiki/Washington%2C_D.C."))
                #expect(!likeLines.contains { $0.hasPrefix("@micropub_") })

                #expect(try await shim.source(reply)["in-reply-to"] as? [String] == [original])
                let source = try await shim.source(like, properties: ["like-of", "bookmark-of"])
                #expect(source["like-of"] as? [String] == [liked])
                #expect(source["bookmark-of"] as? [String] == ["https://a.example/read-later", "https://en.wikipedia.org/wiki/Washington%2C_D.C."])

                // Answered once baked: the pages show what the posts answer.
                #expect(try shim.page(reply).contains("In reply to <a class=\"u-in-reply-to\" href=\"\(original)\">other.example/2024/05/01/their-post.html</a>"))
                #expect(try shim.page(like).contains("Liked <a class=\"u-like-of\" href=\"https://other.example/photos/1?size=large&amp;view=full\">"))
            }
        }

        /// A value that is not an `http` or `https` URL never reaches a header line: not a
        /// script URL, not a line break that would start a header of its own.
        @Test func refusesAResponseThatIsNotAWebURL() async throws {
            try await MicropubShim.run { shim in
                let posts = shim.blog.files("posts")
                for value in ["javascript:alert(1)", "https://a.example/\n@link javascript:alert(1)", "/2024/05/01/relative.html", "https://a.example/\"><script>"] {
                    let answer = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "Bad reply."), ("in-reply-to", value)], files: [], token: shim.token)
                    #expect(answer.status == 400 && answer.error == "invalid_request", "\(value): \(answer.status) \(answer.text)")
                }
                #expect(shim.blog.files("posts") == posts, "nothing was written")
                let url = try await shim.create(form: [("h", "entry"), ("content", "A reply."), ("in-reply-to", "https://a.example/1")])
                let before = try shim.blog.read(try shim.file(for: url))
                let answer = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": url, "replace": ["in-reply-to": ["data:text/html,hi"]]], token: shim.token)
                #expect(answer.status == 400 && answer.error == "invalid_request")
                #expect(try shim.blog.read(try shim.file(for: url)) == before)
            }
        }

        /// Posts the shim wrote before keep their replies as JSON: read as such, and moved to
        /// the header of their own by the next update.
        @Test func readsTheOlderJSONLineAndAnUpdateRewritesIt() async throws {
            try await MicropubShim.run { shim in
                let original = "https://old.example/2020/01/01/post.html"
                try shim.blog.write("""
                    @pubDate 2024-02-03 10:00:00 -0800
                    @micropub_in_reply_to ["\(original)"]
                    @micropub_syndication ["https://elsewhere.example/1"]

                    An old reply.
                    """, to: "posts/2024/02/03/old-reply.markdown")
                let url = "https://smallbatch.example.com/2024/02/03/old-reply.html"
                let source = try await shim.source(url)
                #expect(source["in-reply-to"] as? [String] == [original])
                #expect(source["syndication"] as? [String] == ["https://elsewhere.example/1"])

                let answer = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": url, "replace": ["content": ["An old reply, edited."]]], token: shim.token)
                #expect([200, 204].contains(answer.status))
                let file = try shim.parsed(url)
                #expect(file.metadata["in_reply_to"] == original)
                #expect(file.metadata["micropub_in_reply_to"] == nil)
                #expect(file.metadata["micropub_syndication"] == "[\"https://elsewhere.example/1\"]")
                #expect(try await shim.source(url)["in-reply-to"] as? [String] == [original])
                #expect(try shim.page(url).contains("class=\"u-in-reply-to\" href=\"\(original)\""))
            }
        }
    }
}
