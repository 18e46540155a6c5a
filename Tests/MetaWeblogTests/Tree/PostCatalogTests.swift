import BakeTestSupport
import Foundation
@testable import MetaWeblog
import Testing

@Suite struct PostCatalogTests {
    static func catalog(_ blog: TestBlog) -> PostCatalog {
        PostCatalog(tree: BlogTree(blog: blog.folder, dates: PostDate(timeZone: TimeZone(identifier: "America/Los_Angeles")!)))
    }

    @Test func listsEveryPostForAnyCountTheTreeCannotFill() throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let catalog = Self.catalog(blog)
        let all = blog.files("posts").count
        #expect(try catalog.recent(Int.max).count == all)
        #expect(try catalog.recent(Int.max - 16).count == all)
        #expect(try catalog.recent(3).count == 3)
        #expect(try catalog.recent(0).isEmpty)
        #expect(try catalog.recent(-1).isEmpty)
    }
}
