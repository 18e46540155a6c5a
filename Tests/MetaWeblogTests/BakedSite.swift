import BakeIO
import BakeTestSupport
import Foundation
import Testing

/// The blog's baked site as a reader meets it: served from its output folder by a plain static
/// server on 127.0.0.1 (`Tests/Scripts/site_server.py`), and loaded with Python's `requests`
/// by the URLs the shim answers with, which name the public site (`https://smallbatch.example.com/…`).
///
/// ```swift
/// try await BakedSite.serve(shim.blog) { site in
///     let photo = try await site.load(mediaURL)       // 200, and the bytes uploaded
///     let images = try await site.images(on: postURL)  // [Image(src: mediaURL, alt: "A cat")]
/// }
/// ```
final class BakedSite: Sendable {
    /// An `<img>` in a post's content, its attributes as an HTML parser reads them.
    struct Image: Hashable, CustomStringConvertible {
        let src: String?
        let alt: String?

        var description: String { "<img src=\(src.debugDescription) alt=\(alt.debugDescription)>" }
    }

    /// The public site's address, which the sample blog's settings name.
    static let origin = "https://smallbatch.example.com"

    private let server: LinkServer
    private let client: RequestsClient

    private init(server: LinkServer, client: RequestsClient) {
        self.server = server
        self.client = client
    }

    /// Serves the output folder of `blog` while `body` runs.
    static func serve(_ blog: TestBlog, _ body: (BakedSite) async throws -> Void) async throws {
        let server = try await LinkServer.start(script: "site_server.py", arguments: [blog.path("site")])
        defer { server.stop() }
        let client = try await RequestsClient()
        defer { client.close() }
        try await body(BakedSite(server: server, client: client))
    }

    /// Loads `url`, a URL of the public site or a path from its root, from the local server.
    func load(_ url: String) async throws -> RequestsClient.Answer {
        let path = url.hasPrefix(Self.origin + "/") ? String(url.dropFirst(Self.origin.count)) : url
        guard path.hasPrefix("/") else { throw TestFailure(description: "\(url) is not on the site") }
        return try await client.get(server.url(path))
    }

    /// The images in the content of the post page at `url`, as libxml2's HTML parser reads it.
    func images(on url: String) async throws -> [Image] {
        let page = try await load(url)
        guard page.status == 200 else { throw TestFailure(description: "\(url) answered \(page.status)") }
        let document = try #require(SiteCheck.document(html: page.bytes), "\(url) is not HTML")
        let content = try #require(document.descendants.first { $0.classes.contains("e-content") }, "\(url) has no e-content")
        return content.descendants.filter { $0.name == "img" }.map { Image(src: $0.attributes["src"], alt: $0.attributes["alt"]) }
    }
}
