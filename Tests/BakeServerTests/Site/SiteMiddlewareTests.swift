import BakeIO
@testable import BakeServer
import BakeTestSupport
import Foundation
import Testing

/// Serving the baked site over real HTTP: types, caching headers, folders, 404s, and
/// requests that try to leave the site folder.
@Suite(.timeLimit(.minutes(10)))
struct SiteMiddlewareTests {
    @Test func servesFilesWithTypesAndCachingHeaders() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let preview = try await PreviewHarness(blog: blog)
        try await preview.whileRunning {
            let css = try await preview.get("/style.css")
            #expect(css.status == 200)
            #expect(css.headers["content-type"] == "text/css; charset=utf-8")
            #expect(css.headers["cache-control"] == "no-cache")
            #expect(css.headers["last-modified"]?.hasSuffix(" GMT") == true)
            #expect(!css.text.contains(ReloadScript.eventsPath), "only HTML gets the script")
            let tag = try #require(css.headers["etag"])

            #expect(try await preview.get("/style.css", headers: ["If-None-Match": tag]).status == 304)
            #expect(try await preview.get("/style.css", headers: ["If-None-Match": "\"other\", W/\(tag)"]).status == 304)
            #expect(try await preview.get("/style.css", headers: ["If-None-Match": "\"other\""]).status == 200)

            for (target, type) in [
                ("/xml/rss.xml", "application/rss+xml; charset=utf-8"),
                ("/feed.json", "application/feed+json; charset=utf-8"),
                ("/media/loaf.svg", "image/svg+xml"),
                ("/sitemap.xml", "application/xml; charset=utf-8"),
                ("/about.html", "text/html; charset=utf-8"),
            ] {
                let reply = try await preview.get(target)
                #expect(reply.status == 200, "\(target)")
                #expect(reply.headers["content-type"] == type, "\(target)")
            }

            let head = try await TestHTTP.request("HEAD", "/about.html", port: preview.port)
            #expect(head.status == 200)
            #expect(Int(head.headers["content-length"] ?? "") ?? 0 > 0)
            #expect(head.body.isEmpty)
        }
    }

    @Test func foldersServeTheirIndexAndMissingPagesTheSite404() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let preview = try await PreviewHarness(blog: blog)
        try await preview.whileRunning {
            let month = try await preview.get("/2019/03/")
            #expect(month.status == 200)
            #expect(month.text.contains("Plain text lasts"))

            let bare = try await preview.get("/2019/03?from=test")
            #expect(bare.status == 301)
            #expect(bare.headers["location"] == "/2019/03/?from=test")

            let home = try await preview.get("/")
            #expect(home.status == 200)
            #expect(home.text.contains(#"<script id="bake-preview">"#))
            let onDisk = try String(contentsOfFile: preview.server.output + "/index.html", encoding: .utf8)
            #expect(!onDisk.contains(ReloadScript.eventsPath), "the script is added as pages go out, never on disk")

            let missing = try await preview.get("/2019/03/no-such-post.html")
            #expect(missing.status == 404)
            #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
            #expect(missing.text.contains("Page not found"))
            #expect(missing.text.contains(ReloadScript.eventsPath))

            #expect(try await preview.get("/.bake-manifest").status == 404)
        }
    }

    @Test func requestsCannotLeaveTheSiteFolder() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let outside = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try Data("TOP-SECRET\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
        // Baked inside the blog, so that `..` from the site would reach site.settings.
        let output = blog.path("preview-site")
        let preview = try await PreviewHarness(blog: blog, output: output)
        try await preview.whileRunning {
            try FileManager.default.createSymbolicLink(atPath: output + "/leak.txt", withDestinationPath: outside + "/secret.txt")
            try FileManager.default.createSymbolicLink(atPath: output + "/leak", withDestinationPath: outside)
            try FileManager.default.createSymbolicLink(atPath: output + "/2019/settings", withDestinationPath: "../../site.settings")
            for target in [
                "/../site.settings", "/../../etc/passwd", "/%2e%2e/site.settings", "/%2E%2E/%2e%2E/etc/passwd",
                "/..%2f..%2fetc/passwd", "/2019/..%2F..%2Fsite.settings", "/2019/%2e%2e/%2e%2e/site.settings",
                "/index.html%00.css", "/%00", "/about.html%00", "/%zz/../x",
                "/leak.txt", "/leak/secret.txt", "/leak/", "/2019/settings", "//etc/passwd", "/.%2e/site.settings",
            ] {
                let reply = try await preview.get(target)
                #expect([400, 404].contains(reply.status), "\(target) answered \(reply.status)")
                #expect(!reply.text.contains("TOP-SECRET"), "\(target)")
                #expect(!reply.text.contains("@site_name"), "\(target)")
                #expect(!reply.text.contains("root:"), "\(target)")
            }
        }
    }
}
