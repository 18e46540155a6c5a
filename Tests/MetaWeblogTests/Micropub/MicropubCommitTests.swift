import BakeTestSupport
import Foundation
import Testing

extension MicropubServer {
    /// A post an app sends while a Git GUI holds `.git/index.lock`, through the real binary and
    /// Python's `requests`: answered `201` (the app will never send it again), and committed by
    /// the shim itself once the lock is gone, with nothing else sent.
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubCommitTests {
        @Test func aPostSavedWhileGitIsLockedIsCommittedOnceGitIsFree() async throws {
            try await MicropubShim.run(settings: ["@commit_changes true"], prepare: { blog in
                try await commitAll(of: blog)
                try blog.write("", to: ".git/index.lock")
            }) { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Sent while git was busy.")])
                let path = try shim.file(for: url)
                #expect(try await runGit(["log", "--format=%s"], in: shim.blog.root) == "The sample\n")
                try FileManager.default.removeItem(atPath: shim.blog.path(".git/index.lock"))
                // The shim's retry is the only thing that can commit it now.
                var log = ""
                for _ in 0..<2700 where !log.contains(path) {
                    try await Task.sleep(for: .milliseconds(200))
                    log = try await runGit(["log", "--format=%s"], in: shim.blog.root)
                }
                let subjects = log.split(separator: "\n").map(String.init)
                #expect(subjects.count == 2 && subjects.first?.hasPrefix("newPost: \(path)") == true && subjects.last == "The sample", "\(subjects)")
                let files = try await runGit(["show", "--name-only", "--format=", "HEAD"], in: shim.blog.root)
                #expect(files == path + "\n")
            }
        }
    }
}
