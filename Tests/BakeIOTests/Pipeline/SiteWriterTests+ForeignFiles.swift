import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

extension SiteWriterTests {
    @Test func aFileBakeDidNotWriteIsNeverReplaced() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try makeBlog(goodBlog, in: blog)
            _ = try await bake(blog, into: root + "/site").summary()
            // Someone puts a file where a new page will go, then the page is added.
            try write("<p>Mine.</p>\n", to: "colophon.html", in: root + "/site")
            try write("@title Colophon\n\nBaked.\n", to: "pages/colophon.markdown", in: blog)
            let before = try snapshot(root + "/site")
            let problems = await bake(blog, into: root + "/site").problems()
            #expect(problems == ["\(root)/site/colophon.html: is in the way: bake did not write it and will not replace it; expected you to move or delete it"])
            #expect(try snapshot(root + "/site") == before)
        }
    }
}
