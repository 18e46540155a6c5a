import BakeKit
@testable import MetaWeblog
import Testing

@Suite struct PostHeaderTests {
    @Test func setsInPlaceAppendsAndRemoves() throws {
        let parsed = try MetadataParser().parse(Array("@title Old\n@dbid 7\n@title Older\n@link x\n\nBody\n".utf8))
        var header = PostHeader(metadata: parsed.metadata)
        header.set("title", "New")
        header.set("link", "")
        header.set("modDate", "2020-01-01 00:00:00 +0000")
        #expect(header.fields.map(\.key) == ["title", "dbid", "modDate"])
        #expect(header["title"] == "New")
        #expect(header["dbid"] == "7")
        header.set("dbid", nil)
        #expect(header.fields.map(\.key) == ["title", "modDate"])
    }

    @Test func writesAFileThatReadsBackTheSame() throws {
        var header = PostHeader()
        header.set("title", "Hi")
        let body = "\n@looks like a header\r\nbut is body\n"
        let post = StoredPost(id: try #require(PostID("2020/01/01/hi.markdown")), status: .published, header: header, body: body)
        let parsed = try MetadataParser().parse(Array(post.text.utf8))
        #expect(parsed.metadata["title"] == "Hi")
        #expect(parsed.body == body)
        // With no header at all, a line still separates the body.
        let bare = StoredPost(id: post.id, status: .draft, header: PostHeader(), body: body)
        #expect(try MetadataParser().parse(Array(bare.text.utf8)).body == body)
    }
}
