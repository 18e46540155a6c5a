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
                #expect(TestImages.isPublishedCopy(try shim.blog.bytes("site/" + relative), of: bytes))
            }
        }

        /// A token that may only upload media cannot publish active content: SVG, HTML and
        /// scripts are refused at the media endpoint and as a post's photo.
        @Test func refusesActiveContentAtTheMediaEndpointAndAsAPhoto() async throws {
            try await MicropubShim.run { shim in
                let before = shim.blog.files("static") + shim.blog.files("posts")
                for (name, type) in [("x.svg", "image/svg+xml"), ("x.html", "text/html"), ("x.php", "image/jpeg")] {
                    let bytes = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".utf8)
                    let media = try await shim.client.post(shim.mediaEndpoint, form: [], files: [.init(field: "file", name: name, type: type, bytes: bytes)], token: shim.token)
                    #expect(media.status == 400 && media.error == "invalid_request", "\(name) at the media endpoint: \(media.status)")
                    let photo = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "With a picture.")],
                                                           files: [.init(field: "photo", name: name, type: type, bytes: bytes)], token: shim.token)
                    #expect(photo.status == 400 && photo.error == "invalid_request", "\(name) as a photo: \(photo.status)")
                }
                #expect(shim.blog.files("static") + shim.blog.files("posts") == before)
            }
        }

        @Test func refusesABodyWithoutAFilePartAndANameOutsideTheMediaFolder() async throws {
            try await MicropubShim.run { shim in
                let none = try await shim.client.post(shim.mediaEndpoint, form: [("x", "y")], files: [.init(field: "other", name: "a.jpg", type: "image/jpeg", bytes: TestImages.jpeg)], token: shim.token)
                #expect(none.status == 400 && none.error == "invalid_request")
                let sneaky = try await shim.client.post(shim.mediaEndpoint, form: [], files: [.init(field: "file", name: "../../site.settings", type: "text/plain", bytes: Array("x".utf8))], token: shim.token)
                // Its name is made safe ("site.settings"), and then refused: not a kind of media.
                #expect(sneaky.status == 400 && sneaky.error == "invalid_request")
                #expect(sneaky.location == nil)
                #expect(try shim.blog.read("site.settings").contains("@site_name"))
                let sneakyPicture = try await shim.client.post(shim.mediaEndpoint, form: [], files: [.init(field: "file", name: "../../site.jpg", type: "image/jpeg", bytes: TestImages.jpeg)], token: shim.token)
                #expect(sneakyPicture.status == 201)
                #expect(sneakyPicture.location?.contains("/media/") == true && sneakyPicture.location?.hasSuffix("/site.jpg") == true)
            }
        }
    }
}
