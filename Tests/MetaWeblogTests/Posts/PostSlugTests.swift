@testable import MetaWeblog
import Testing

@Suite struct PostSlugTests {
    @Test func prefersTheRequestedSlugThenTheTitleThenTheText() {
        #expect(PostSlug(requested: "mark_all_as_read", title: "Other", body: "").text == "mark_all_as_read")
        #expect(PostSlug(requested: "Hello World", title: "Other", body: "").text == "hello-world")
        #expect(PostSlug(requested: "", title: "Mark All as Read!", body: "").text == "mark-all-as-read")
        #expect(PostSlug(requested: "!!!", title: "Title", body: "").text == "title")
        #expect(PostSlug(requested: nil, title: "", body: "<p>Moved the <b>last</b> of the old posts over tonight.</p>").text == "moved-the-last-of-the-old")
        #expect(PostSlug(requested: nil, title: nil, body: nil).text == "post")
        #expect(PostSlug(requested: "../../etc", title: nil, body: nil).text == "etc")
    }

    @Test func cutsLongSlugsAtAWordBoundary() {
        let slug = PostSlug(requested: nil, title: String(repeating: "lengthy ", count: 20), body: nil).text
        #expect(slug.count <= PostSlug.maxLength)
        #expect(slug.hasSuffix("lengthy"))
        let requested = PostSlug(requested: String(repeating: "part_", count: 30), title: nil, body: nil).text
        #expect(requested.count <= PostSlug.maxLength)
        #expect(requested.hasSuffix("part"))
    }
}
