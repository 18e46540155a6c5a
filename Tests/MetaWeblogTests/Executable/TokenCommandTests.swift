import BakeTestSupport
import Foundation
import Testing

/// `new-token`, `list-tokens` and `revoke-token`, run as the user runs them.
@Suite(.timeLimit(.minutes(10)))
struct TokenCommandTests {
    @Test func makesListsAndRevokesTokens() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let made = try await MicropubShim.command(["new-token", blog.root, "--name", "iA Writer", "--scope", "create,media"])
        #expect(made.status == 0)
        let token = try #require(made.stdout.split(separator: "\n").last.map(String.init))
        #expect(token.hasPrefix("bake_"))
        #expect(try !blog.read(".micropub-tokens").contains(token))
        let listed = try await MicropubShim.command(["list-tokens", blog.root])
        #expect(listed.stdout.hasPrefix("iA Writer\tcreate,media\t"))
        #expect(!listed.stdout.contains(token))
        let again = try await MicropubShim.command(["new-token", blog.root, "--name", "iA Writer"])
        #expect(again.status != 0 && again.stderr.contains("exists already"))
        let badScope = try await MicropubShim.command(["new-token", blog.root, "--name", "X", "--scope", "create,everything"])
        #expect(badScope.status != 0 && badScope.stderr.contains("--scope"))
        #expect(try await MicropubShim.command(["revoke-token", "iA Writer", blog.root]).status == 0)
        #expect(try await MicropubShim.command(["list-tokens", blog.root]).stdout.isEmpty)
        #expect(try await MicropubShim.command(["revoke-token", "iA Writer", blog.root]).status != 0)
    }
}
