import BakeIO
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
import XMLRPC

/// With `--deploy` or `@deploy_on_post true`, the shim publishes the site after every change.
@Suite(.timeLimit(.minutes(2)))
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
        let port = try freePort()
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

    @Test func refusesToStartWithNowhereToPublish() throws {
        let blog = try TestBlog(settings: ["@deploy_on_post true"])
        defer { blog.delete() }
        let error = try #require(throws: ShimConfigurationError.self) {
            try MetaWeblogServer(options: MetaWeblogOptions(blog: blog.folder, port: 0, environment: [:]))
        }
        #expect(error.reason == .deploy(DeployError(.noTarget)))
        #expect(error.message.hasPrefix("cannot publish after each change: no target to publish to"))
    }
}
