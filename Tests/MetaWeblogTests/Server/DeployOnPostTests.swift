import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
import XMLRPC

/// With `--deploy` or `@deploy_on_post true`, the shim publishes the site after every change.
@Suite(.timeLimit(.minutes(10)))
struct DeployOnPostTests {
    static let content: XMLRPCValue = [
        "title": "Published from the editor", "description": "Live at once.",
        "dateCreated": .dateTime(XMLRPCDateTime(iso8601: "2021-02-03T20:00:00Z")!),
    ]

    @Test func publishesAfterAPostAndAfterADelete() async throws {
        try await ShimHarness.run(settings: ["@deploy_on_post true", "@deploy_to ../target"]) { shim in
            let target = shim.blog.outside + "/target"
            try write("not bake's\n", to: "favicon.ico", in: target)
            let postID = try #require(try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [Self.content, true]).stringValue)
            let page = "2021/02/03/published-from-the-editor.html"
            #expect(postID == "2021/02/03/published-from-the-editor.markdown")
            #expect(FileManager.default.fileExists(atPath: target + "/" + page))
            #expect(FileManager.default.fileExists(atPath: target + "/index.html"))
            #expect(!FileManager.default.fileExists(atPath: target + "/.bake-manifest"))
            #expect(shim.log.events.contains { if case .published(let summary) = $0 { summary.sent.contains(page) } else { false } })

            #expect(try await shim.success("blogger.deletePost", ["", .string(postID)] + ShimHarness.login + [true]) == true)
            #expect(!FileManager.default.fileExists(atPath: target + "/" + page))
            #expect(FileManager.default.fileExists(atPath: target + "/favicon.ico"))
        }
    }

    /// A git branch target (GitHub Pages): each change is one commit on the branch, read back
    /// with git.
    @Test func publishesEachChangeAsACommitOnAGitBranch() async throws {
        let remote = NSTemporaryDirectory() + "bake-pages-" + UUID().uuidString + ".git"
        defer { try? FileManager.default.removeItem(atPath: remote) }
        let git = Program(executable: "/usr/bin/env")
        #expect(try await git.run(["git", "init", "--quiet", "--bare", remote]).succeeded)
        let blog = try TestBlog(settings: ["@deploy_on_post true", "@deploy_to git+file://\(remote)#main"])
        defer { blog.delete() }
        let shim = try await ShimHarness(blog: blog)
        try await shim.whileRunning {
            _ = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [Self.content, true])
            let files = try await git.run(["git", "--git-dir", remote, "ls-tree", "-r", "--name-only", "main"]).output.split(separator: "\n")
            #expect(files.contains("2021/02/03/published-from-the-editor.html") && files.contains(".nojekyll") && files.contains("index.html"))
            let count = try await git.run(["git", "--git-dir", remote, "rev-list", "--count", "main"]).output
            #expect(count == "1\n")
            #expect(!shim.log.events.contains { if case .notPublished = $0 { true } else { false } })
        }
    }

    /// After its publish, the shim tells the web, once the editor has its answer: the first
    /// publish records the posts, the next post's link gets its webmention, and the hub its
    /// ping for the feeds; and a post scheduled ahead is published, with its webmention, when
    /// its time comes.
    @Test func sendsWebmentionsAndPingsAfterEachPublishAndAtAScheduledTime() async throws {
        let sites = try await LinkServer.start(script: "webmention_sites.py")
        defer { sites.stop() }
        let clock = ManualWallClock(now: Timestamp(seconds: 1_893_499_200))  // 2030-01-01 12:00 UTC
        let blog = try TestBlog(settings: ["@deploy_on_post true", "@deploy_to ../target", "@websub_hub \(sites.url("/hub"))"])
        defer { blog.delete() }
        let shim = try await ShimHarness(blog: blog, clock: clock)
        func received() async throws -> [[String: Any]] {
            try JSONSerialization.jsonObject(with: Data(try await TestHTTP.request("GET", "/received", port: sites.port).body)) as? [[String: Any]] ?? []
        }
        func mentions() async throws -> [[String: String]] {
            try await received().filter { $0["path"] as? String == "/a/endpoint" }.compactMap { $0["form"] as? [String: String] }
        }
        try await shim.whileRunning {
            _ = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [Self.content, true])
            try await eventually("the first publish is announced") {
                shim.log.events.contains { if case .announced(let report) = $0 { report.webmentions.recordedPosts != nil } else { false } }
            }
            let linking: XMLRPCValue = [
                "title": "Linking", "description": .string("<p>See <a href=\"\(sites.url("/a/page"))\">A</a>.</p>"),
                "dateCreated": .dateTime(XMLRPCDateTime(iso8601: "2030-01-01T11:00:00Z")!),
            ]
            _ = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [linking, true])
            let source = "https://smallbatch.example.com/2030/01/01/linking.html"
            try await eventually("the webmention arrives") { try await mentions() == [["source": source, "target": sites.url("/a/page")]] }
            try await eventually("the hub hears of the feed") {
                try await received().contains { ($0["form"] as? [String: String])?["hub.url"] == "https://smallbatch.example.com/xml/rss.xml" }
            }

            let later: XMLRPCValue = [
                "title": "Later", "description": .string("<p>Also <a href=\"\(sites.url("/a/page"))\">A</a>.</p>"),
                "dateCreated": .dateTime(XMLRPCDateTime(iso8601: "2030-01-01T13:00:00Z")!),
            ]
            _ = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [later, true])
            #expect(try await mentions().count == 1)
            #expect(!FileManager.default.fileExists(atPath: blog.outside + "/target/2030/01/01/later.html"))
            try await eventually("the shim waits for the scheduled post") { clock.waitingFor.contains(Timestamp(seconds: 1_893_499_200 + 3600)) }
            clock.advance(seconds: 3600)
            try await eventually("the scheduled post is published, and its webmention sent") {
                try await mentions().count == 2 && FileManager.default.fileExists(atPath: blog.outside + "/target/2030/01/01/later.html")
            }
        }
    }

    /// The settings are read again for each publish, as for each bake: no restart needed.
    @Test func anEditedDeployTargetIsUsedForTheNextPost() async throws {
        try await ShimHarness.run(settings: ["@deploy_on_post true", "@deploy_to ../target"]) { shim in
            let settings = try shim.blog.read("site.settings")
            try shim.blog.write(settings.replacingOccurrences(of: "@deploy_to ../target", with: "@deploy_to ../moved"), to: "site.settings")
            _ = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [Self.content, true])
            let page = "2021/02/03/published-from-the-editor.html"
            #expect(FileManager.default.fileExists(atPath: shim.blog.outside + "/moved/" + page))
            #expect(!FileManager.default.fileExists(atPath: shim.blog.outside + "/target/" + page))
        }
    }

    @Test func aFailedDeployKeepsThePostAndSaysSo() async throws {
        // Held for the whole test, so that no daemon of another test takes the port.
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        // --deploy, rather than @deploy_on_post.
        let blog = try TestBlog(settings: ["@deploy_to rsync://127.0.0.1:\(port)/site"])
        defer { blog.delete() }
        let shim = try await ShimHarness(blog: blog, deploy: true)
        try await shim.whileRunning {
            let fault = try await shim.fault("metaWeblog.newPost", ["1"] + ShimHarness.login + [Self.content, true])
            #expect(fault.code == 500)
            #expect(fault.message.hasPrefix("Saved posts/2021/02/03/published-from-the-editor.markdown, but not published: cannot publish to 127.0.0.1:\(port) (rsync exit "), "\(fault.message)")
            #expect(fault.message.hasSuffix("; nothing on the target was changed"), "\(fault.message)")
            #expect(blog.exists("posts/2021/02/03/published-from-the-editor.markdown"))
            #expect(blog.exists("site/2021/02/03/published-from-the-editor.html"))
            #expect(shim.log.events.contains { if case .notPublished = $0 { true } else { false } })
        }
    }

    /// No one is at a terminal to answer ssh: a target that would ask for a password fails
    /// at once, and the editor is told that it needs a key, rather than wait forever.
    @Test func aTargetThatWouldAskForAPasswordFailsAtOnceSayingItNeedsAKey() async throws {
        let blog = try TestBlog(settings: ["@deploy_on_post true", "@deploy_to me@example.invalid:www"])
        defer { blog.delete() }
        // Stands in for ssh: it records its arguments, and fails as ssh does in batch mode
        // without a usable key; without batch mode it would have asked for a password.
        let ssh = blog.outside + "/fake-ssh"
        try write("""
            #!/bin/sh
            printf '%s\\n' "$@" > "$0.arguments"
            case " $* " in
            *" BatchMode=yes "*) echo "me@example.invalid: Permission denied (publickey,password)." >&2 ;;
            *) echo "me@example.invalid's password: (no one answers)" >&2 ;;
            esac
            exit 255

            """, to: "fake-ssh", in: blog.outside)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ssh)
        let shim = try await ShimHarness(blog: blog, environment: ["RSYNC_RSH": ssh])
        try await shim.whileRunning {
            let fault = try await shim.fault("metaWeblog.newPost", ["1"] + ShimHarness.login + [Self.content, true])
            #expect(fault.code == 500)
            #expect(fault.message == "Saved posts/2021/02/03/published-from-the-editor.markdown, but not published: cannot publish to example.invalid: "
                + "ssh needs a key, as it may not ask for a password here (me@example.invalid: Permission denied (publickey,password).); "
                + "expected a key that logs in to example.invalid without a prompt (ssh-copy-id, and ssh-agent for a passphrase), "
                + "and the host in known_hosts; nothing on the target was changed", "\(fault.message)")
            #expect(blog.exists("posts/2021/02/03/published-from-the-editor.markdown"))
            let arguments = try String(contentsOfFile: ssh + ".arguments", encoding: .utf8).split(separator: "\n")
            #expect(arguments.starts(with: ["-o", "BatchMode=yes", "-o", "ConnectTimeout=\(Rsync.connectTimeout)"]), "\(arguments)")
        }
    }

    @Test func refusesToStartWithNowhereToPublish() async throws {
        let blog = try TestBlog(settings: ["@deploy_on_post true"])
        defer { blog.delete() }
        let error = try await #require(throws: ShimConfigurationError.self) {
            try await MetaWeblogServer(options: MetaWeblogOptions(blog: blog.folder, port: 0, environment: [:]))
        }
        #expect(error.reason == .deploy(DeployError(.noTarget)))
        #expect(error.message.hasPrefix("cannot publish after each change: no target to publish to"))
    }
}
