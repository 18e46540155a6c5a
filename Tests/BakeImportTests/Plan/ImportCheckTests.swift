@testable import BakeImport
import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// The bake that ends an import: the blog as `bake build` takes it, drafts included, baked elsewhere.
@Suite struct ImportCheckTests {
    @Test func aBlogThatBakesGivesWhatWasBakedAndLeavesItsSiteFolderAlone() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let source = try WordPressExport(path: try fixturePath("wordpress-export.xml"), timeZone: TimeZone(identifier: "UTC")!).read()
            _ = try ImportPlan(source: source, blog: blog).write()
            let summary = try await ImportCheck(blog: blog).bake()
            // The post and the draft, and the page.
            #expect((summary.posts, summary.pages) == (2, 1))
            #expect(!FileManager.default.fileExists(atPath: blog.defaultOutput))
        }
    }

    @Test func aBlogThatDoesNotBakeGivesEveryProblemWithItsLine() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            try write("@title A\n@pubDate 2020-01-01 09:00:00\n@aliases /old/\n\nA.\n", to: "posts/2020/01/01/a.html", in: blog.root)
            try write("@title B\n@pubDate someday\n\nB.\n", to: "drafts/2020/01/02/b.html", in: blog.root)
            try write("@title C\n@aliases /old/\n\nC.\n", to: "pages/c.html", in: blog.root)
            let failure = try await #require(throws: BuildFailure.self) { try await ImportCheck(blog: blog).bake() }
            #expect(failure.diagnostics.map { "\($0.path):\($0.line ?? 0)" } == ["drafts/2020/01/02/b.html:2", "pages/c.html:2"], "\(failure)")
        }
    }
}
