import BakeKit
import BakeTestSupport
import Foundation
@testable import MetaWeblog
import Testing

/// The readers under the endpoint: forms, multipart bodies, JSON requests, post URLs.
@Suite struct MicropubParsingTests {
    @Test func readsFormFields() {
        let form = FormFields("h=entry&content=a+b%26c&category%5B%5D=x&category[]=y&bad=%zz&empty")
        #expect(form["content"] == "a b&c")
        #expect(form.values("category") == ["x", "y"])
        #expect(form["bad"] == "%zz")
        #expect(form["empty"] == "")
        #expect(form.names == ["h", "content", "category", "bad", "empty"])
    }

    @Test func splitsAMultipartBody() throws {
        let body = Array("preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"content\"\r\n\r\nHello\r\n--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a \\\"b\\\".jpg\"\r\nContent-Type: image/jpeg\r\n\r\n\u{0}\r\n--X\r\n--XyZ--\r\n".utf8)
        let form = try MultipartForm(body: body, boundary: "XyZ")
        #expect(form.fields["content"] == "Hello")
        let photo = try #require(form.files("photo").first)
        #expect(photo.fileName == "a \"b\".jpg")
        #expect(photo.contentType == "image/jpeg")
        #expect(photo.body == Array("\u{0}\r\n--X".utf8))
    }

    @Test func refusesBrokenMultipartBodies() {
        #expect(throws: MultipartError.truncated) { try MultipartForm(body: Array("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end".utf8), boundary: "b") }
        #expect(throws: MultipartError.noBoundary) { try MultipartForm(body: Array("nothing".utf8), boundary: "b") }
        #expect(throws: MultipartError.noName) { try MultipartForm(body: Array("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--".utf8), boundary: "b") }
        let many = (0...MultipartForm.maxParts).map { "--b\r\nContent-Disposition: form-data; name=\"f\($0)\"\r\n\r\nx\r\n" }.joined() + "--b--"
        #expect(throws: MultipartError.tooManyParts) { try MultipartForm(body: Array(many.utf8), boundary: "b") }
    }

    /// Bodies stitched from the pieces multipart is made of, in random order: the reader
    /// answers each with parts or an error, and never traps.
    @Test func neverTrapsOnBodiesMadeOfMultipartPieces() {
        let pieces = ["--b", "--", "\r\n", "\r", "\n", "Content-Disposition: form-data; name=\"a\"", "; filename=\"x\\\"", "Content-Type: a/b", ":", "x", "\"", ";", "="]
        var generator = SeededGenerator(seed: 25)
        var read = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...24, using: &generator)
            let body = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if (try? MultipartForm(body: Array(body.utf8), boundary: "b")) != nil { read += 1 }
        }
        #expect(read > 0)
    }

    @Test func readsAJSONCreateAndRefusesWhatIsNotOne() throws {
        let request = try MicropubRequest(contentType: "application/json; charset=utf-8", body: Array(#"{"type":["h-entry"],"properties":{"content":["Hi"],"mp-slug":["s"]},"access_token":"t"}"#.utf8))
        #expect(request.bodyToken == "t")
        guard case .create(let properties, let commands, _) = request.action else { Issue.record("not a create"); return }
        #expect(properties.names == ["content"])
        #expect(commands.text("mp-slug") == "s")
        #expect(throws: MicropubError.self) { try MicropubRequest(contentType: "application/json", body: Array(#"{"type":["h-entry"],"properties":{"Bad Name":["x"]}}"#.utf8)) }
        #expect(throws: MicropubError.self) { try MicropubRequest(contentType: "text/plain", body: []) }
    }

    @Test func mapsPostURLsBackToPermalinks() {
        let urls = SitePaths(layout: SiteLayout(blogFolder: "b/", fileSuffix: ".htm"), siteURL: "https://example.com/blog", basePath: "/blog")
        let permalink = Permalink(year: 2014, month: 3, day: 31, slug: "hello")
        #expect(urls.absoluteURL(urls.post(permalink)) == "https://example.com/blog/b/2014/03/31/hello.htm")
        #expect(urls.permalink(ofPostURL: "http://example.com/blog/b/2014/03/31/hello.htm?x#y") == permalink)
        #expect(urls.permalink(ofPostURL: "https://example.com/blog/b/2014/03/31/../hello.htm") == nil)
        #expect(urls.permalink(ofPostURL: "https://example.com/blog/2014/03/31/hello.htm") == nil)
        #expect(urls.permalink(ofPostURL: "https://example.org/blog/b/2014/03/31/hello.htm") == nil)
    }

    @Test func appliesAnUpdateInTheSpecsOrder() throws {
        var properties = MicropubProperties()
        properties["category"] = [.string("a"), .string("b")]
        properties["name"] = [.string("Old")]
        let update = try MicropubUpdate(json: [
            "replace": .object(["name": .array([.string("New")])]),
            "add": .object(["category": .array([.string("c")])]),
            "delete": .object(["category": .array([.string("a")])]),
        ])
        let result = update.applied(to: properties)
        #expect(result["name"] == [.string("New")])
        #expect(result["category"] == [.string("b"), .string("c")])
    }
}
