import BakeIO
import BakeTestSupport
import Foundation
import Testing
import XMLRPC

/// While the shim waits for a slow git (committing one editor's post) or a slow rsync
/// (publishing it), it answers another editor: the wait is awaited, not held on a thread.
///
/// The real binary runs on one CPU, so its concurrency pool has a single thread; stand-ins
/// for git and rsync on its `PATH` stop until the test lets them go on. The test lets them go
/// only after the second editor has its answer, so a wait that held the thread would never
/// let that answer out.
@Suite(.timeLimit(.minutes(10)), .enabled(if: PythonClient.isAvailable && gitIsAvailable))
struct SlowProgramTests {
    enum Slow: String, CaseIterable, CustomTestStringConvertible {
        case git, rsync
        var testDescription: String { rawValue }
    }

    @Test(arguments: Slow.allCases)
    func anotherEditorIsAnsweredWhileAProgramIsSlow(slow: Slow) async throws {
        let settings = switch slow {
        case .git: ["@commit_changes true"]
        case .rsync: ["@deploy_on_post true", "@deploy_to ../target"]
        }
        let blog = try TestBlog(settings: settings)
        defer { blog.delete() }
        if slow == .git { try await commitAll(of: blog) }
        let real = try Program.named(slow.rawValue).executable
        let bin = blog.outside + "/bin", asked = blog.outside + "/asked", goOn = blog.outside + "/go-on"
        // git stops only to commit; rsync each time it publishes.
        let stops = slow == .git ? "for a in \"$@\"; do [ \"$a\" = commit ] && stop=1; done" : "stop=1"
        try TestPython.script("""
        stop=0
        \(stops)
        if [ $stop = 1 ]; then
            touch '\(asked)'
            while [ ! -e '\(goOn)' ]; do sleep 0.05; done
        fi
        exec '\(real)' "$@"
        """, at: bin + "/" + slow.rawValue)

        let shim = try await ShimProcess(blog: blog.root, path: [bin], oneCPU: true)
        let first = try await PythonClient(endpoint: shim.endpoint)
        defer { first.close() }
        let second = try await PythonClient(endpoint: shim.endpoint)
        defer { second.close() }

        let post: XMLRPCValue = .struct(XMLRPCStruct([("title", .string("Slow to save")), ("description", .string("Waits for \(slow.rawValue)."))]))
        let saving = Task { try await first.success("metaWeblog.newPost", ["1", .string(TestLogin.user), .string(TestLogin.password), post, .bool(true)]) }
        try await eventually("\(slow.rawValue) to be run for the first editor's post") { FileManager.default.fileExists(atPath: asked) }

        // The first editor's program is still stopped; the second editor is answered.
        let recent = try await second.success("metaWeblog.getRecentPosts", ["1", .string(TestLogin.user), .string(TestLogin.password), .int(3)])
        #expect(recent.arrayValue?.count == 3)
        #expect(!FileManager.default.fileExists(atPath: goOn))

        try write("", to: "go-on", in: blog.outside)
        let postID = try #require(try await saving.value.stringValue)
        switch slow {
        case .git:
            let log = try await runGit(["log", "-1", "--format=%s"], in: blog.root)
            #expect(log.hasPrefix("newPost: posts/\(postID)"))
        case .rsync:
            #expect(FileManager.default.fileExists(atPath: blog.outside + "/target/" + postID.replacingOccurrences(of: ".markdown", with: ".html")))
        }
        try await shim.stop(SIGTERM)
        #expect(shim.terminationStatus == 0)
    }
}
