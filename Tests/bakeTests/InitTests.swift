import BakeTestSupport
import Foundation
import Testing

/// `bake init`.
@Suite struct InitTests {
    @Test func initRefusesABlogThatExists() throws {
        try withTemporaryFolder { root in
            #expect(try runBake(["init", "b"], in: root).status == 0)
            let again = try runBake(["init", "b"], in: root)
            #expect(again.status != 0)
            #expect(again.stderr.contains("already has a site.settings"))
        }
    }
}
