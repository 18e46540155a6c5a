import BakeKit
import Testing

@Suite struct ResponseKindTests {
    @Test func namesEachKindAsHeaderAndMicropubDo() {
        #expect(ResponseKind.allCases.map(\.key) == ["in_reply_to", "like_of", "repost_of", "bookmark_of"])
        #expect(ResponseKind.allCases.map(\.property) == ["in-reply-to", "like-of", "repost-of", "bookmark-of"])
        #expect(ResponseKind.inReplyTo.legacyKey == "micropub_in_reply_to")
    }

    @Test func readsTheURLsOfAPostsHeaders() throws {
        let post = try parsePost("""
        @pubDate 2014-03-31 20:16:46 -0700
        @in_reply_to https://a.example/1, https://b.example/2?x=1&amp;y=2
        @bookmark_of https://c.example/

        A reply.
        """).post
        #expect(ResponseKind.inReplyTo.urls(in: post.metadata).map(\.text) == ["https://a.example/1", "https://b.example/2?x=1&y=2"])
        #expect(ResponseKind.bookmarkOf.urls(in: post.metadata).map(\.text) == ["https://c.example/"])
        #expect(ResponseKind.likeOf.urls(in: post.metadata).isEmpty)
    }

    /// Posts the shim wrote before the responses had headers keep them as JSON; a header of
    /// the new kind wins over the old line.
    @Test func readsTheOlderJSONLineWhenThereIsNoHeader() throws {
        let post = try parsePost("""
        @pubDate 2014-03-31 20:16:46 -0700
        @micropub_in_reply_to ["https://old.example/post", "javascript:alert(1)", {"type": ["h-cite"], "properties": {"url": ["https://cite.example/"]}}]
        @micropub_like_of ["https://old.example/liked"]
        @like_of https://new.example/liked

        A reply.
        """).post
        #expect(ResponseKind.inReplyTo.urls(in: post.metadata).map(\.text) == ["https://old.example/post", "https://cite.example/"])
        #expect(ResponseKind.likeOf.urls(in: post.metadata).map(\.text) == ["https://new.example/liked"])
    }

    @Test func aHeaderThatIsNotAWebURLIsAnErrorAtItsLine() {
        let failure = buildFailure {
            try parsePost("@pubDate 2014-03-31 20:16:46 -0700\n@like_of https://ok.example/\n@repost_of javascript:alert(1)\n\nText.\n")
        }
        #expect(failure.map(lines) == [
            "posts/2014/03/31/hello.markdown:3: @repost_of has the value `javascript:alert(1)`; expected http or https URLs separated by commas, such as https://example.com/2014/03/31/hello.html",
        ])
    }

    @Test func readsMicropubPhotos() throws {
        let post = try parsePost("""
        @pubDate 2014-03-31 20:16:46 -0700
        @micropub_photo ["https://img.example/a.jpg", {"value": "https://img.example/b.jpg", "alt": "A cat"}, "/relative.jpg", 3]

        Photos.
        """).post
        let photos = MicropubJSON.photos(in: post.metadata)
        #expect(photos.map(\.url.text) == ["https://img.example/a.jpg", "https://img.example/b.jpg"])
        #expect(photos.map(\.alt) == ["", "A cat"])
    }
}
