import BakeKit
import Foundation
import Hummingbird

/// Serves the baked site for `GET` and `HEAD`: content types, `ETag` and `Last-Modified`,
/// a 304 for a matching `If-None-Match`, folders through their `index.html`, the site's
/// `404.html` for missing pages, and the reload script in every HTML page.
///
/// Requests under `/_bake/` go on to the router.
struct SiteMiddleware<Context: RequestContext>: RouterMiddleware {
    let site: ServedSite
    /// Whose version goes into the reload script of each page.
    let broadcaster: ReloadBroadcaster

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard request.method == .get || request.method == .head, !path.hasPrefix("/_bake/") else {
            return try await next(request, context)
        }
        // Taken before the file is read: the build it names has already been published, so
        // the page is at least as new, never older, and a page whose stream opens after a
        // later build hears a newer version and reloads.
        let version = await broadcaster.version
        let (found, notFoundPage) = await site.reading { folder, basePath in
            let found = folder.lookup(path, basePath: basePath)
            return (found, found == .notFound ? folder.lookup(basePath + "/404.html", basePath: basePath) : nil)
        }
        let response: Response
        switch found {
        case .file(let file):
            response = Self.response(for: file, status: .ok, request: request, version: version)
        case .redirect(let location):
            let query = request.uri.query.map { "?" + $0 } ?? ""
            response = Response(status: .movedPermanently, headers: [.location: location + query, .cacheControl: "no-cache"])
        case .badRequest:
            response = Self.text("Bad request: the path cannot name a file of the site.\n", status: .badRequest)
        case .notFound:
            if case .file(let page) = notFoundPage {
                response = Self.response(for: page, status: .notFound, request: request, version: version)
            } else {
                response = Self.page(Self.missingPage, status: .notFound, version: version)
            }
        }
        return request.method == .head ? response.createHeadResponse() : response
    }
}

private extension SiteMiddleware {
    /// For a site that has no `404.html` yet, for instance while its first build is broken.
    static var missingPage: [UInt8] {
        Array("<!doctype html>\n<meta charset=\"utf-8\">\n<title>Not found</title>\n<h1>Not found</h1>\n<p>This site has no such page.</p>\n".utf8)
    }

    static func response(for file: SiteFolder.File, status: HTTPResponse.Status, request: Request, version: String) -> Response {
        let type = ContentType.of(file.path)
        let bytes = ContentType.isHTML(type) ? ReloadScript.inject(into: file.bytes, version: version) : file.bytes
        let tag = "\"" + String(ContentHasher.hash(bytes), radix: 16) + "\""
        var headers: HTTPFields = [
            .contentType: type,
            .eTag: tag,
            .lastModified: HTTPDate.string(nanoseconds: file.modified),
            .cacheControl: "no-cache",
        ]
        if status == .ok, matches(request.headers[values: .ifNoneMatch], tag: tag) {
            var response = Response(status: .notModified, headers: headers)
            response.headers[.contentLength] = nil
            return response
        }
        headers[.contentLength] = String(bytes.count)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func page(_ html: [UInt8], status: HTTPResponse.Status, version: String) -> Response {
        let bytes = ReloadScript.inject(into: html, version: version)
        return Response(
            status: status,
            headers: [.contentType: ContentType.html, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Whether an `If-None-Match` header names `tag` (compared weakly, as RFC 9110 asks) or is `*`.
    static func matches(_ values: [String], tag: String) -> Bool {
        for value in values {
            for candidate in value.split(separator: ",") {
                var candidate = candidate.trimmingCharacters(in: .whitespaces)
                if candidate == "*" { return true }
                if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
                if candidate == tag { return true }
            }
        }
        return false
    }
}
