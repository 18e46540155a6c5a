import BakeIO
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
import XMLRPC

/// Whether `git` can be run here.
let gitIsAvailable = Program.find("git") != nil

/// `@commit_changes true`: every change is a commit naming the post.
///
/// git is always installed where the tests run, so a missing git fails these tests
/// instead of skipping them.
@Suite(.timeLimit(.minutes(10)))
struct GitRepositoryTests {
    static let gitIsMissing: Comment = "git must be on the PATH for these tests; install it (apt-get install git)"

    @Test func commitsEveryChangeNamingThePost() async throws {
        try #require(gitIsAvailable, Self.gitIsMissing)
        let blog = try TestBlog(settings: ["@commit_changes true"])
        defer { blog.delete() }
        try await runGit(["init", "--quiet"], in: blog.root)
        try await runGit(["config", "user.name", "Test"], in: blog.root)
        try await runGit(["config", "user.email", "test@example.com"], in: blog.root)
        try blog.write("site/\n.bake-cache/\n.trash/\n", to: ".gitignore")
        try await runGit(["add", "-A"], in: blog.root)
        try await runGit(["commit", "--quiet", "-m", "The sample"], in: blog.root)
        // Someone's unrelated work in progress must stay out of the shim's commits.
        try blog.write("@title Work in progress\n@pubDate 2019-03-14 23:40:02 -0700\n\nStill writing.\n", to: "posts/2019/03/14/late_night_note.markdown")

        let shim = try await ShimHarness(blog: blog)
        let postID = try await shim.whileRunning {
            let postID = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [["title": "Committed", "description": "Yes."], true])
            _ = try await shim.success("metaWeblog.editPost", [postID] + ShimHarness.login + [["title": "Committed twice"], true])
            _ = try await shim.success("blogger.deletePost", ["", postID] + ShimHarness.login + [true])
            return postID
        }

        let path = "posts/" + (postID.stringValue ?? "")
        let log = try await runGit(["log", "--format=%s"], in: blog.root).split(separator: "\n").map(String.init)
        #expect(log == [
            "deletePost: \(path) \"Committed twice\", moved to .trash/\(path)",
            "editPost: \(path) \"Committed twice\"",
            "newPost: \(path) \"Committed\"",
            "The sample",
        ])
        #expect(try await runGit(["ls-files", "--", path], in: blog.root).isEmpty)
        let status = try await runGit(["status", "--porcelain"], in: blog.root)
        #expect(status == " M posts/2019/03/14/late_night_note.markdown\n")
    }

    @Test func runsNoGitForAChangeThatTouchedNoFile() async throws {
        try #require(gitIsAvailable, Self.gitIsMissing)
        let blog = try TestBlog(settings: ["@commit_changes true"])
        defer { blog.delete() }
        try await runGit(["init", "--quiet"], in: blog.root)
        try await runGit(["config", "user.name", "Test"], in: blog.root)
        try await runGit(["config", "user.email", "test@example.com"], in: blog.root)

        let shim = try await ShimHarness(blog: blog)
        try await shim.whileRunning {
            // With the repository gone after the shim checked it, any git command fails.
            try FileManager.default.removeItem(atPath: blog.path(".git"))
            // Publishing a published post re-bakes the site but changes no file.
            #expect(try await shim.success("mt.publishPost", ["2019/03/14/why-i-moved-my-blog-home.markdown"] + ShimHarness.login) == true)
        }
    }

    @Test func saysClearlyWhenTheBlogIsNotARepository() async throws {
        try #require(gitIsAvailable, Self.gitIsMissing)
        let blog = try TestBlog(settings: ["@commit_changes true"])
        defer { blog.delete() }
        let error = try await #require(throws: ShimConfigurationError.self) {
            try await MetaWeblogServer(options: MetaWeblogOptions(blog: blog.folder, port: 0, environment: [:]))
        }
        guard case .git(let gitError) = error.reason, case .notARepository = gitError.reason else {
            Issue.record("expected notARepository, got \(error)")
            return
        }
        #expect(error.message.contains("\(blog.root) is not a git repository"))
        #expect(error.message.contains("git init"))
    }
}

@discardableResult
func runGit(_ arguments: [String], in folder: String) async throws -> String {
    let run = try await Program.named("git").run(["-C", folder] + arguments)
    let text = run.output + run.errors
    guard run.succeeded else { throw TestFailure(description: "git \(arguments): \(text)") }
    return text
}
