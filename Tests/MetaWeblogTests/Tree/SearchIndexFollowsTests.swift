import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
import XMLRPC

/// With `@search true`, the shim answers an editor once the pages are written, and the real
/// Pagefind makes the index after; the log says when it did.
@Suite(.timeLimit(.minutes(10)))
struct SearchIndexFollowsTests {
    static let sample = "2019/03/14/why-i-moved-my-blog-home.markdown"
    static let page = "site/2019/03/14/why-i-moved-my-blog-home.html"

    /// Pagefind waits until the test lets it run: the answer comes while it waits.
    @Test func anEditIsAnsweredBeforePagefindRunsAndTheIndexFollows() async throws {
        let (blog, configuration, bundle) = try await Self.bakedBlog()
        defer { blog.delete() }
        let environment = try await Self.waitingPagefind(in: blog.outside)

        let shim = try await ShimHarness(blog: blog, environment: environment.variables)
        try await shim.whileRunning {
            // An editor's call through Python's own XML-RPC client.
            let python = try await PythonClient(endpoint: shim.endpoint)
            defer { python.close() }
            let edit: XMLRPCValue = ["description": "Now it names a quetzalcoatl."]
            guard case .result(let answer) = try await python.call("metaWeblog.editPost", [.string(Self.sample)] + ShimHarness.login + [edit, true]) else {
                Issue.record("editPost failed")
                return
            }
            #expect(answer == true)
            // Answered: the page is written, the index is still the last one.
            #expect(try blog.read(Self.page).contains("quetzalcoatl"))
            #expect(try blog.read("site/pagefind/2019/pagefind-entry.json") == bundle)
            #expect(!FileIO.exists(blog.path("site/pagefind/recent")))
            #expect(Self.indexed(shim.log.events).isEmpty)
            let unrecorded = try #require(SiteManifest(bytes: try blog.bytes("site/" + SiteManifest.fileName)))
            #expect(unrecorded.state == nil, "until the index is made, the next build indexes again")

            _ = FileManager.default.createFile(atPath: environment.gate, contents: nil)
            try await eventually("the index follows") { !Self.indexed(shim.log.events).isEmpty }
            let done = try #require(Self.indexed(shim.log.events).first)
            // The edited post, as a recent change; 2019's bundle stays, and its copy is dropped.
            #expect(done.bundles == ["recent"])
            #expect(done.pages > 0)
            #expect(done.afterTheAnswer != nil)
            #expect(try blog.read("site/pagefind/2019/pagefind-entry.json") == bundle)
            #expect(FileIO.exists(blog.path("site/pagefind/recent/pagefind-entry.json")))
            #expect(try blog.read("site/pagefind/bundles.json").contains("\"drop\":[[\"en_"))
            let manifest = try #require(SiteManifest(bytes: try blog.bytes("site/" + SiteManifest.fileName)))
            #expect(manifest.state != nil)
            #expect(Set(allFiles(in: blog.path("site/pagefind")).map { "pagefind/" + $0 }).isSubset(of: Set(manifest.records.keys)))

            // A bake of the same tree now does nothing, as after `bake build`: the index is recorded.
            let again = try await SiteBuilder(options: BuildOptions(configuration: configuration, now: Timestamp(Date()), environment: environment.variables)).build()
            #expect(again.written.isEmpty)
            #expect(again.searchIndexed == nil)
        }
    }

    /// A Pagefind that fails after the answer leaves the last index, says so, and the next
    /// change indexes again.
    @Test func aPagefindThatFailsAfterTheAnswerIsReportedAndTheNextChangeIndexesAgain() async throws {
        let (blog, configuration, bundle) = try await Self.bakedBlog()
        defer { blog.delete() }
        let bin = blog.outside + "/failing"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho 'Error: the index is on fire' >&2\nexit 1\n".write(toFile: bin + "/pagefind", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/pagefind")

        let shim = try await ShimHarness(blog: blog, environment: ["PATH": bin])
        try await shim.whileRunning {
            let edit: XMLRPCValue = ["description": "Now it names a quetzalcoatl."]
            #expect(try await shim.success("metaWeblog.editPost", [.string(Self.sample)] + ShimHarness.login + [edit, true]) == true)
            #expect(try blog.read(Self.page).contains("quetzalcoatl"))
            try await eventually("the failure is reported") {
                shim.log.events.contains { if case .searchNotIndexed = $0 { true } else { false } }
            }
            #expect(try blog.read("site/pagefind/2019/pagefind-entry.json") == bundle)
            let failure = shim.log.events.compactMap { if case .searchNotIndexed(let failure) = $0 { failure } else { nil } }.first
            #expect(failure?.description.contains("the index is on fire") == true)
        }
        // The next bake, with a working Pagefind, indexes the edited post's year again: what the
        // last index left is not known.
        let next = try await SiteBuilder(options: BuildOptions(configuration: configuration, now: Timestamp(Date()))).build()
        #expect(next.searchBundlesIndexed.contains("2019"))
        #expect(try blog.read("site/pagefind/2019/pagefind-entry.json") != bundle)
        #expect(!FileIO.exists(blog.path("site/pagefind/recent")))
    }

    /// With a publish after each change, the answer waits for the index: the published site
    /// searches what it shows.
    @Test func aPublishedChangeIsPublishedWithItsIndex() async throws {
        let (blog, _, bundle) = try await Self.bakedBlog(["@deploy_on_post true", "@deploy_to ../target"])
        defer { blog.delete() }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

        let shim = try await ShimHarness(blog: blog, environment: ["PATH": path])
        try await shim.whileRunning {
            let edit: XMLRPCValue = ["description": "Now it names a quetzalcoatl."]
            #expect(try await shim.success("metaWeblog.editPost", [.string(Self.sample)] + ShimHarness.login + [edit, true]) == true)
            // Answered after the publish, which came after the index.
            let published = try String(contentsOfFile: blog.outside + "/target/pagefind/recent/pagefind-entry.json", encoding: .utf8)
            #expect(published == (try blog.read("site/pagefind/recent/pagefind-entry.json")))
            let list = try String(contentsOfFile: blog.outside + "/target/pagefind/bundles.json", encoding: .utf8)
            #expect(list == (try blog.read("site/pagefind/bundles.json")))
            #expect(list.contains("\"recent\":\"recent\""))
            #expect(try String(contentsOfFile: blog.outside + "/target/pagefind/2019/pagefind-entry.json", encoding: .utf8) == bundle)
            let order = shim.log.events.compactMap { event -> String? in
                switch event {
                case .searchIndexed(let bundles, _, let after): "indexed \(bundles) \(after == nil ? "before" : "after") the answer"
                case .published: "published"
                default: nil
                }
            }
            #expect(order == ["indexed [\"recent\"] before the answer", "published"])
        }
    }

    /// A copy of the sample blog with `@search true` (and `settings`), its site and index as
    /// `bake build` leaves them, and 2019's bundle as it is then.
    static func bakedBlog(_ settings: [String] = []) async throws -> (blog: TestBlog, configuration: BlogConfiguration, bundle: String) {
        let blog = try TestBlog(settings: ["@search true"] + settings)
        do {
            let configuration = BlogConfiguration.load(blog.folder)
            _ = try await SiteBuilder(options: BuildOptions(configuration: configuration, now: Timestamp(Date()))).build()
            return (blog, configuration, try blog.read("site/pagefind/2019/pagefind-entry.json"))
        } catch {
            blog.delete()
            throw error
        }
    }

    static func indexed(_ events: [MetaWeblogEvent]) -> [(bundles: [String], pages: Int, afterTheAnswer: Duration?)] {
        events.compactMap { event in
            if case .searchIndexed(let bundles, let pages, let after) = event { (bundles, pages, after) } else { nil }
        }
    }

    /// A PATH whose `pagefind` waits for the file `gate` before it runs the real one.
    static func waitingPagefind(in folder: String) async throws -> (variables: [String: String], gate: String) {
        let real = try #require(await Pagefind.locate()).executable
        let bin = folder + "/waiting", gate = folder + "/pagefind-may-run"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = "#!/bin/sh\nwhile [ ! -e '\(gate)' ]; do sleep 0.05; done\nexec '\(real)' \"$@\"\n"
        try script.write(toFile: bin + "/pagefind", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/pagefind")
        return (["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")], gate)
    }
}
