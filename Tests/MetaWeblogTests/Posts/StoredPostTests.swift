import BakeKit
@testable import MetaWeblog
import Testing

/// A stored post's header is the file's `PostMetadata`, edited in place by key.
@Suite struct StoredPostTests {
    @Test func setsInPlaceAppendsAndRemoves() throws {
        let parsed = try MetadataParser().parse(Array("@title Old\n@dbid 7\n@title Older\n@link x\n\nBody\n".utf8))
        var header = parsed.metadata
        header = header.setting(.title, to: "New")
        header = header.setting(.link, to: "")
        header = header.setting(.modDate, to: "2020-01-01 00:00:00 +0000")
        #expect(header.fields.map(\.key) == ["title", "dbid", "modDate"])
        #expect(header[.title] == "New")
        #expect(header[.dbid] == "7")
        header = header.setting(.dbid, to: nil)
        #expect(header.fields.map(\.key) == ["title", "modDate"])
    }

    @Test func writesAFileThatReadsBackTheSame() throws {
        let header = PostMetadata(fields: []).setting(.title, to: "Hi")
        let body = "\n@looks like a header\r\nbut is body\n"
        let post = StoredPost(id: try #require(PostID("2020/01/01/hi.markdown")), status: .published, header: header, body: body)
        let parsed = try MetadataParser().parse(Array(post.text.utf8))
        #expect(parsed.metadata[.title] == "Hi")
        #expect(parsed.body == body)
        // With no header at all, a line still separates the body.
        let bare = StoredPost(id: post.id, status: .draft, header: PostMetadata(fields: []), body: body)
        #expect(try MetadataParser().parse(Array(bare.text.utf8)).body == body)
    }

    /// An edited header is the header of the file it writes: read back, it is equal.
    @Test func anEditedHeaderIsTheOneItsFileReadsBack() throws {
        let parsed = try MetadataParser().parse(Array("@title Old\n@dbid 7\n@title Older\n\nBody\n".utf8))
        let edited = parsed.metadata.setting(.title, to: "New").setting(.link, to: "https://example.com/")
        let post = StoredPost(id: try #require(PostID("2020/01/01/hi.markdown")), status: .published, header: edited, body: parsed.body)
        #expect(try MetadataParser().parse(Array(post.text.utf8)).metadata == edited)
    }

    /// A key from a request becomes a header line only when the parser reads it back as one.
    @Test func aKeyFromElsewhereIsCheckedFirst() {
        #expect(HeaderKey(checked: "micropub_syndication")?.name == "micropub_syndication")
        #expect(HeaderKey(checked: "title") == .title)
        for bad in ["", "a b", "a-b", "a\nb", "@title", "tïtle"] {
            #expect(HeaderKey(checked: bad) == nil, "\(bad)")
        }
    }
}
