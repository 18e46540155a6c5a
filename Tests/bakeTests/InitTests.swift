import BakeTestSupport
import Foundation
import Testing

/// `bake init`.
@Suite struct InitTests {
    @Test func initRefusesABlogThatExists() async throws {
        try await withTemporaryFolder { root in
            #expect(try await runBake(["init", "b"], in: root).status == 0)
            let again = try await runBake(["init", "b"], in: root)
            #expect(again.status != 0)
            #expect(again.stderr.contains("already has a site.settings"))
        }
    }

    /// The login (`root` on many servers) is no author's name.
    @Test func theAuthorIsNeverTheLogin() async throws {
        try await withTemporaryFolder { root in
            #expect(try await runBake(["init", "b"], in: root).status == 0)
            let settings = try String(contentsOfFile: root + "/b/site.settings", encoding: .utf8)
            let author = settings.split(separator: "\n").first { $0.hasPrefix("@author") }.map(String.init) ?? ""
            #expect(author != "@author " + NSUserName(), "\(author)")
        }
    }

    /// What bake and the shim make for themselves stays out of git, the token hashes too.
    @Test func ignoresTheSiteTheCacheTheTrashAndTheTokens() async throws {
        try await withTemporaryFolder { root in
            #expect(try await runBake(["init", "b"], in: root).status == 0)
            let ignored = try String(contentsOfFile: root + "/b/.gitignore", encoding: .utf8).split(separator: "\n")
            #expect(ignored == ["site/", ".bake-cache/", ".trash/", ".micropub-tokens"])
        }
    }
}
