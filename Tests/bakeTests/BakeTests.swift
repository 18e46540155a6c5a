import BakeTestSupport
import Foundation
import Testing

/// The root command.
@Suite struct BakeTests {
    @Test func help() async throws {
        try await withTemporaryFolder { root in
            let result = try await runBake(["--help"], in: root)
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: bake"))
            for subcommand in ["build", "new", "init", "deploy", "check"] {
                #expect(result.stdout.contains("  \(subcommand) "), "\(subcommand) in --help")
            }
            let build = try await runBake(["build", "--help"], in: root)
            #expect(build.status == 0)
            for option in ["--output", "--drafts", "--future", "--theme", "--clean", "--verbose"] {
                #expect(build.stdout.contains(option), "\(option) in build --help")
            }
            let check = try await runBake(["check", "--help"], in: root)
            #expect(check.status == 0)
            for option in ["--output", "--drafts", "--future", "--theme", "--clean", "--verbose", "--external", "--timeout"] {
                #expect(check.stdout.contains(option), "\(option) in check --help")
            }
        }
    }
}
