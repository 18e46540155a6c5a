import Foundation
import Testing

extension MicropubServer {
    /// micropub.rocks 700s: the media endpoint stores a file and answers with its URL.
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubMediaTests {
        @Test(arguments: [("photo.jpg", "image/jpeg", TestImages.jpeg), ("photo.png", "image/png", TestImages.png), ("photo.gif", "image/gif", TestImages.gif)])
        func storesAnImageAndAnswersWithItsURL(name: String, type: String, bytes: [UInt8]) async throws {  // 700 (JPEG), 701 (PNG), 702 (GIF)
            try await MicropubShim.run { shim in
                let answer = try await shim.client.post(shim.mediaEndpoint, form: [], files: [.init(field: "file", name: name, type: type, bytes: bytes)], token: shim.token)
                #expect(answer.status == 201)
                let url = try #require(answer.location)
                #expect(url.hasPrefix("https://smallbatch.example.com/media/") && url.hasSuffix("/" + name))
                let relative = String(url.dropFirst("https://smallbatch.example.com/".count))
                #expect(try shim.blog.bytes("static/" + relative) == bytes)
                #expect(try shim.blog.bytes("site/" + relative) == bytes)
            }
        }

        @Test func refusesABodyWithoutAFilePartAndANameOutsideTheMediaFolder() async throws {
            try await MicropubShim.run { shim in
                let none = try await shim.client.post(shim.mediaEndpoint, form: [("x", "y")], files: [.init(field: "other", name: "a.jpg", type: "image/jpeg", bytes: TestImages.jpeg)], token: shim.token)
                #expect(none.status == 400 && none.error == "invalid_request")
                let sneaky = try await shim.client.post(shim.mediaEndpoint, form: [], files: [.init(field: "file", name: "../../site.settings", type: "text/plain", bytes: Array("x".utf8))], token: shim.token)
                #expect(sneaky.status == 201)
                #expect(sneaky.location?.hasSuffix("/site.settings") == true)
                #expect(sneaky.location?.contains("/media/") == true)
                #expect(try shim.blog.read("site.settings").contains("@site_name"))
            }
        }
    }
}
