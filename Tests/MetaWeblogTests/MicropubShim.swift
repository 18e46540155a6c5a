import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// The real `bake-metaweblog` binary on a fresh sample blog, on 127.0.0.1 port 0, with a
/// token made by its own `new-token` command and a `requests` client to talk to it.
///
/// Each of these runs a process that bakes the sample blog on every change, so the suites
/// that use it are `.serialized`: one shim per suite at a time, not one per test, leaves the
/// two cores to the in-process servers of the other tests.
final class MicropubShim: Sendable {
    let blog: TestBlog
    let process: ShimProcess
    let client: RequestsClient
    /// A token with every scope.
    let token: String

    private init(blog: TestBlog, process: ShimProcess, client: RequestsClient, token: String) {
        self.blog = blog
        self.process = process
        self.client = client
        self.token = token
    }

    /// Runs `body` with a shim on a fresh sample blog, then stops both and deletes the blog.
    /// - Parameter prepare: Runs on the blog before the shim starts (a git repository made, say).
    static func run(settings: [String] = [], prepare: (TestBlog) async throws -> Void = { _ in }, _ body: (MicropubShim) async throws -> Void) async throws {
        let blog = try TestBlog(settings: settings)
        defer { blog.delete() }
        try await prepare(blog)
        let token = try await newToken(blog: blog, name: "Tests", scope: "create,update,delete,media")
        let process = try await ShimProcess(blog: blog.root)
        let client = try await RequestsClient()
        defer { client.close() }
        let shim = MicropubShim(blog: blog, process: process, client: client, token: token)
        try await body(shim)
        try await process.stop(SIGTERM)
    }

    /// Makes a token with `bake-metaweblog new-token` and returns its last line.
    static func newToken(blog: TestBlog, name: String, scope: String) async throws -> String {
        let result = try await command(["new-token", blog.root, "--name", name, "--scope", scope])
        guard result.status == 0, let line = result.stdout.split(separator: "\n").last else {
            throw TestFailure(description: "new-token failed: \(result.stderr)")
        }
        return String(line)
    }

    /// Runs `bake-metaweblog` with `arguments` to its end.
    static func command(_ arguments: [String]) async throws -> BakeMetaWeblogCommandTests.Result {
        try await BakeMetaWeblogCommandTests.run(arguments)
    }

    var base: String { "http://127.0.0.1:\(process.port)" }
    var endpoint: String { base + "/micropub" }
    var mediaEndpoint: String { base + "/micropub/media" }

    /// Creates a post from a form and returns its `Location`.
    func create(form: [(String, String)], files: [RequestsClient.File] = []) async throws -> String {
        let answer = try await client.post(endpoint, form: form, files: files, token: token)
        guard answer.status == 201, let location = answer.location else {
            throw TestFailure(description: "create answered \(answer.status): \(answer.text)")
        }
        return location
    }

    /// Creates a post from JSON and returns its `Location`.
    func create(json: Any) async throws -> String {
        let answer = try await client.post(endpoint, json: json, token: token)
        guard answer.status == 201, let location = answer.location else {
            throw TestFailure(description: "create answered \(answer.status): \(answer.text)")
        }
        return location
    }

    /// `q=source` for a URL: the `properties` object.
    func source(_ url: String, properties: [String] = []) async throws -> [String: [Any]] {
        let answer = try await client.get(endpoint, query: [("q", "source"), ("url", url)] + properties.map { ("properties[]", $0) }, token: token)
        guard answer.status == 200, let members = answer["properties"] as? [String: [Any]] else {
            throw TestFailure(description: "q=source answered \(answer.status): \(answer.text)")
        }
        return members
    }

    /// The post file (relative to the blog) whose permalink is `url`, in `posts/` or `drafts/`.
    func file(for url: String) throws -> String {
        let prefix = "https://smallbatch.example.com/"
        guard url.hasPrefix(prefix), url.hasSuffix(".html") else { throw TestFailure(description: "\(url) is not a post URL") }
        let stem = String(url.dropFirst(prefix.count).dropLast(".html".count))
        for folder in ["posts", "drafts"] {
            for ext in ["markdown", "html"] where blog.exists("\(folder)/\(stem).\(ext)") {
                return "\(folder)/\(stem).\(ext)"
            }
        }
        throw TestFailure(description: "no file for \(url)")
    }

    /// The header and body of the post file for `url`.
    func parsed(_ url: String) throws -> ParsedSource {
        try MetadataParser().parse(blog.bytes(try file(for: url)))
    }

    /// The baked page of `url` in `site/`.
    func page(_ url: String) throws -> String {
        try blog.read("site/" + url.dropFirst("https://smallbatch.example.com/".count))
    }
}
