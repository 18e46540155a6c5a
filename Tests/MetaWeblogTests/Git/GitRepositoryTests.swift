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
        let blog = try await Self.committedBlog()
        defer { blog.delete() }

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
        #expect(try await runGit(["status", "--porcelain"], in: blog.root) == Self.workInProgress)
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

    /// A Git GUI holds `.git/index.lock` while it stages, so git cannot commit: the post is
    /// answered as saved (a fault would make the editor send it again), the log says that it
    /// waits, and a change that comes before the shim's own retry commits both. (The retry is
    /// an hour away here; `commitsAPostGitCouldNotCommitByItselfOnceGitIsFree` has it soon.)
    @Test func commitsAPostGitCouldNotCommitWithTheNextChange() async throws {
        try #require(gitIsAvailable, Self.gitIsMissing)
        let blog = try await Self.committedBlog()
        defer { blog.delete() }
        let shim = try await ShimHarness(blog: blog, commitRetry: .seconds(3600))
        let (first, second) = try await shim.whileRunning {
            try blog.write("", to: ".git/index.lock")
            let first = try await Self.newPost("While locked", on: shim)
            let waiting = shim.log.events.compactMap { if case .notCommitted(let saved, let error, _) = $0 { (saved, error.said) } else { nil } }
            #expect(waiting.map(\.0) == [first])
            #expect(waiting.first?.1.hasPrefix("fatal: Unable to create ") == true, "\(waiting)")
            #expect(waiting.first?.1.contains("index.lock") == true, "\(waiting)")

            try FileManager.default.removeItem(atPath: blog.path(".git/index.lock"))
            let second = try await Self.newPost("Unlocked", on: shim)
            let caughtUp = shim.log.events.compactMap { if case .committedEarlier(let earlier, let saved) = $0 { (earlier, saved) } else { nil } }
            #expect(caughtUp.map(\.0) == [[first]])
            #expect(caughtUp.map(\.1) == [second])
            return (first, second)
        }

        let log = try await runGit(["log", "--format=%s"], in: blog.root).split(separator: "\n").map(String.init)
        #expect(log == ["newPost: \(second) \"Unlocked\" (and 1 earlier change)", "The sample"])
        let body = try await runGit(["log", "-1", "--format=%b"], in: blog.root)
        #expect(body.contains("newPost: \(first) \"While locked\""), "\(body)")
        let files = try await runGit(["show", "--name-only", "--format=", "HEAD"], in: blog.root).split(separator: "\n").map(String.init)
        #expect(files.sorted() == [first, second].sorted())
        #expect(try await runGit(["status", "--porcelain"], in: blog.root) == Self.workInProgress)
    }

    /// The same lock, and the shim left alone: nothing else is sent, and once the lock is gone
    /// the shim's own retry commits the post, with its own message, and says so.
    @Test func commitsAPostGitCouldNotCommitByItselfOnceGitIsFree() async throws {
        try #require(gitIsAvailable, Self.gitIsMissing)
        let blog = try await Self.committedBlog()
        defer { blog.delete() }
        let shim = try await ShimHarness(blog: blog)
        let first = try await shim.whileRunning {
            try blog.write("", to: ".git/index.lock")
            let first = try await Self.newPost("While locked", on: shim)
            #expect(shim.log.events.contains { if case .notCommitted(let saved, _, _) = $0 { saved == first } else { false } })
            try FileManager.default.removeItem(atPath: blog.path(".git/index.lock"))
            try await shim.log.wait(until: "the post committed by the shim's retry") { events in
                events.contains { if case .committedLater(let saved) = $0 { saved == [first] } else { false } }
            }
            return first
        }
        let log = try await runGit(["log", "--format=%s"], in: blog.root).split(separator: "\n").map(String.init)
        #expect(log == ["newPost: \(first) \"While locked\"", "The sample"])
        let files = try await runGit(["show", "--name-only", "--format=", "HEAD"], in: blog.root).split(separator: "\n").map(String.init)
        #expect(files == [first])
        #expect(try await runGit(["status", "--porcelain"], in: blog.root) == Self.workInProgress)
        // Nothing is left on the list for the next start.
        #expect(!FileManager.default.fileExists(atPath: blog.path(".git/bake-metaweblog-uncommitted")))
    }

    /// The shim stopped (or was killed) before git could commit a post: the shim started
    /// again finds it, and commits it at once, before any change comes.
    @Test func commitsAfterARestartThePostsGitCouldNotCommitBefore() async throws {
        try #require(gitIsAvailable, Self.gitIsMissing)
        let blog = try await Self.committedBlog()
        defer { blog.delete() }
        try blog.write("", to: ".git/index.lock")
        let before = try await ShimHarness(blog: blog)
        let first = try await before.whileRunning { try await Self.newPost("Before the restart", on: before) }
        try FileManager.default.removeItem(atPath: blog.path(".git/index.lock"))

        let after = try await ShimHarness(blog: blog)
        let second = try await after.whileRunning {
            try await after.log.wait(until: "the post of before the restart committed") { events in
                events.contains { if case .committedLater(let saved) = $0 { saved == [first] } else { false } }
            }
            return try await Self.newPost("After the restart", on: after)
        }
        let found = after.log.events.compactMap { if case .uncommittedAtStart(let saved) = $0 { saved } else { nil } }
        #expect(found == [[first]])

        let log = try await runGit(["log", "--format=%s"], in: blog.root).split(separator: "\n").map(String.init)
        #expect(log == ["newPost: \(second) \"After the restart\"", "newPost: \(first) \"Before the restart\"", "The sample"])
        #expect(try await runGit(["status", "--porcelain"], in: blog.root) == Self.workInProgress)
    }

    /// What an editor or an app is told when git cannot commit holds no path of the machine
    /// (git's own message names the blog's folder); the log keeps git's words.
    @Test func answersWithoutAPathOfTheMachineWhenGitFails() async throws {
        try #require(gitIsAvailable, Self.gitIsMissing)
        let blog = try await Self.committedBlog()
        defer { blog.delete() }
        let (token, _) = try TokenStore(blog: blog.folder).add(name: "Tests", scopes: [.create], now: Date())
        let shim = try await ShimHarness(blog: blog)
        try await shim.whileRunning {
            try blog.write("", to: ".git/index.lock")
            let answer = try await shim.call("metaWeblog.newPost", ["1"] + ShimHarness.login + [["title": "Locked", "description": "Text."], true])
            let xml = String(decoding: try XMLRPCWriter().encode(answer), as: UTF8.self)
            #expect(!xml.contains(blog.root), "\(xml)")
            #expect(!xml.contains("<fault>"), "\(xml)")

            let reply = try await TestHTTP.request(
                "POST", "/micropub", port: shim.port,
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer \(token)"],
                body: Array("h=entry&content=From+an+app".utf8)
            )
            #expect(reply.status == 201, "\(reply.status) \(reply.text)")
            #expect(!reply.text.contains(blog.root), "\(reply.text)")
            #expect(!reply.headers.values.contains { $0.contains(blog.root) }, "\(reply.headers)")

            // The log keeps what git said.
            let said = shim.log.events.compactMap { if case .notCommitted(_, let error, _) = $0 { error.said } else { nil } }
            #expect(said.count == 2)
            #expect(said.allSatisfy { $0.contains("index.lock") }, "\(said)")
        }
    }
}

private extension GitRepositoryTests {
    /// What `git status` shows of the work in progress `committedBlog()` leaves.
    static let workInProgress = " M posts/2019/03/14/late_night_note.markdown\n"

    /// The sample blog with `@commit_changes true`, committed, and then someone's unrelated
    /// work in progress, which must stay out of the shim's commits.
    static func committedBlog() async throws -> TestBlog {
        let blog = try TestBlog(settings: ["@commit_changes true"])
        try await commitAll(of: blog)
        try blog.write("@title Work in progress\n@pubDate 2019-03-14 23:40:02 -0700\n\nStill writing.\n", to: "posts/2019/03/14/late_night_note.markdown")
        return blog
    }

    /// Posts with metaWeblog.newPost, which must succeed, and returns the post's path in the blog.
    static func newPost(_ title: String, on shim: ShimHarness) async throws -> String {
        let answer = try await shim.call("metaWeblog.newPost", ["1"] + ShimHarness.login + [["title": .string(title), "description": "Text."], true])
        guard case .success(.string(let postID)) = answer else { throw TestFailure(description: "newPost answered \(answer)") }
        return "posts/" + postID
    }
}

/// Makes `blog` a git repository with an identity and every file committed, as a blogger's
/// is; `site/`, `.bake-cache/` and `.trash/` are ignored.
func commitAll(of blog: TestBlog) async throws {
    try await runGit(["init", "--quiet"], in: blog.root)
    try await runGit(["config", "user.name", "Test"], in: blog.root)
    try await runGit(["config", "user.email", "test@example.com"], in: blog.root)
    try blog.write("site/\n.bake-cache/\n.trash/\n", to: ".gitignore")
    try await runGit(["add", "-A"], in: blog.root)
    try await runGit(["commit", "--quiet", "-m", "The sample"], in: blog.root)
}

@discardableResult
func runGit(_ arguments: [String], in folder: String) async throws -> String {
    let run = try await Program.named("git").run(["-C", folder] + arguments)
    let text = run.output + run.errors
    guard run.succeeded else { throw TestFailure(description: "git \(arguments): \(text)") }
    return text
}
