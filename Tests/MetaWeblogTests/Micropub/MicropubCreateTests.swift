import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

extension MicropubServer {
    /// micropub.rocks 100s (form-encoded), 200s (JSON) and 300s (multipart): creating posts.
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubCreateTests {
        // MARK: 100s: form-encoded

        @Test func createsAnEntryFromAFormAndAnswersOnceItIsBaked() async throws {  // 100
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Hello from *Micropub*.")])
                #expect(url.hasPrefix("https://smallbatch.example.com/") && url.hasSuffix("/hello-from-micropub.html"))
                let path = try shim.file(for: url)
                #expect(path.hasPrefix("posts/") && path.hasSuffix(".markdown"))
                let file = try shim.parsed(url)
                #expect(file.body == "Hello from *Micropub*.")
                #expect(file.metadata["pubDate"] != nil)
                // Saved means answered: the page is baked before the answer comes.
                #expect(try shim.page(url).contains("Hello from <em>Micropub</em>."))
            }
        }

        @Test func keepsSeveralCategoriesFromAForm() async throws {  // 101
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Tagged."), ("category[]", "indieweb"), ("category[]", "bake, too")])
                #expect(try shim.parsed(url).metadata["categoryArray"] == "indieweb, bake, too")
            }
        }

        @Test func keepsAPhotoURLFromAFormAndShowsIt() async throws {  // 104
            try await MicropubShim.run { shim in
                let photo = "https://images.example.org/sunset.jpg"
                let url = try await shim.create(form: [("h", "entry"), ("content", "Look."), ("photo", photo)])
                let file = try shim.parsed(url)
                #expect(file.metadata["micropub_photo"] == "[\"\(photo)\"]")
                #expect(file.body == "Look.\n\n![](\(photo))")
                #expect(try shim.page(url).contains("src=\"\(photo)\""))
            }
        }

        @Test func takesPhotoAltTextAsMicroBlogSendsIt() async throws {
            try await MicropubShim.run { shim in
                let photo = "https://images.example.org/c.jpg"
                let url = try await shim.create(form: [("h", "entry"), ("content", "Alt."), ("photo[]", photo), ("mp-photo-alt[]", "A cat")])
                #expect(try shim.parsed(url).body == "Alt.\n\n![A cat](\(photo))")
            }
        }

        @Test func keepsOneCategoryFromAForm() async throws {  // 107
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "One tag."), ("category", "solo")])
                #expect(try shim.parsed(url).metadata["categoryArray"] == "solo")
            }
        }

        @Test func namesTheFileFromMpSlugAndDatesItFromPublished() async throws {
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [
                    ("h", "entry"), ("name", "A Title"), ("content", "Body."), ("mp-slug", "my-slug"), ("published", "2019-06-01T10:00:00-07:00"),
                ])
                #expect(url == "https://smallbatch.example.com/2019/06/01/my-slug.html")
                let file = try shim.parsed(url)
                #expect(file.metadata["title"] == "A Title")
                #expect(file.metadata["pubDate"] == "2019-06-01 10:00:00 -0700")
            }
        }

        @Test func savesADraftAndSaysWhereItWillBe() async throws {
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Not yet."), ("post-status", "draft"), ("published", "2020-01-02T03:04:05Z")])
                #expect(url == "https://smallbatch.example.com/2020/01/01/not-yet.html")
                #expect(try shim.file(for: url) == "drafts/2020/01/01/not-yet.markdown")
                #expect(!shim.blog.exists("site/2020/01/01/not-yet.html"))
            }
        }

        // MARK: 200s: JSON

        @Test func createsAnEntryFromJSON() async throws {  // 200
            try await MicropubShim.run { shim in
                let url = try await shim.create(json: ["type": ["h-entry"], "properties": ["content": ["Hello from JSON."]]])
                #expect(try shim.file(for: url).hasSuffix(".markdown"))
                #expect(try shim.parsed(url).body == "Hello from JSON.")
            }
        }

        @Test func keepsSeveralCategoriesFromJSON() async throws {  // 201
            try await MicropubShim.run { shim in
                let url = try await shim.create(json: ["type": ["h-entry"], "properties": ["content": ["Tags."], "category": ["one", "two"]]])
                #expect(try shim.parsed(url).metadata["categoryArray"] == "one, two")
            }
        }

        @Test func keepsHTMLContentByteForByteInAnHTMLFile() async throws {  // 202
            try await MicropubShim.run { shim in
                let html = "<p>Hello <b>bold</b> &amp; <i>true</i> — ✓</p>\r\n<!-- kept -->"
                let url = try await shim.create(json: ["type": ["h-entry"], "properties": ["name": ["HTML"], "content": [["html": html]]]])
                #expect(try shim.file(for: url).hasSuffix(".html"))
                #expect(try shim.parsed(url).body == html)
                let source = try await shim.source(url, properties: ["content"])
                #expect((source["content"]?.first as? [String: String])?["html"] == html)
            }
        }

        @Test func keepsAPhotoURLFromJSON() async throws {  // 203
            try await MicropubShim.run { shim in
                let photo = "https://images.example.org/a.jpg"
                let url = try await shim.create(json: ["type": ["h-entry"], "properties": ["content": ["Pic."], "photo": [photo]]])
                #expect(try shim.parsed(url).body.hasSuffix("![](\(photo))"))
            }
        }

        @Test func keepsANestedObjectProperty() async throws {  // 204
            try await MicropubShim.run { shim in
                let card: [String: Any] = ["type": ["h-card"], "properties": ["name": ["Cafe Luna"], "url": ["https://luna.example"]]]
                let url = try await shim.create(json: ["type": ["h-entry"], "properties": ["content": ["Coffee."], "location": [card]]])
                let source = try await shim.source(url, properties: ["location"])
                let location = try #require(source["location"]?.first as? [String: Any])
                #expect(location["type"] as? [String] == ["h-card"])
                #expect((location["properties"] as? [String: [String]])?["name"] == ["Cafe Luna"])
            }
        }

        @Test func keepsAPhotoWithAltText() async throws {  // 205
            try await MicropubShim.run { shim in
                let photo = "https://images.example.org/b.jpg"
                let url = try await shim.create(json: ["type": ["h-entry"], "properties": ["content": ["Alt."], "photo": [["value": photo, "alt": "A [red] door"]]]])
                #expect(try shim.parsed(url).body.hasSuffix("![A \\[red\\] door](\(photo))"))
                #expect(try shim.page(url).contains("alt=\"A [red] door\""))
            }
        }

        @Test func keepsSeveralPhotoURLs() async throws {  // 206
            try await MicropubShim.run { shim in
                let photos = ["https://images.example.org/1.jpg", "https://images.example.org/2.jpg"]
                let url = try await shim.create(json: ["type": ["h-entry"], "properties": ["content": ["Two."], "photo": photos]])
                let page = try shim.page(url)
                #expect(photos.allSatisfy { page.contains("src=\"\($0)\"") })
            }
        }

        // MARK: 300s: multipart

        @Test func storesAnUploadedPhotoAsMediaAndShowsIt() async throws {  // 300
            try await MicropubShim.run { shim in
                let jpeg = TestImages.jpeg
                let url = try await shim.create(form: [("h", "entry"), ("content", "Uploaded.")], files: [.init(field: "photo", name: "My Photo.jpg", type: "image/jpeg", bytes: jpeg)])
                let file = try shim.parsed(url)
                let photos = try #require(JSONSerialization.jsonObject(with: Data((file.metadata["micropub_photo"] ?? "").utf8)) as? [String])
                #expect(photos.count == 1)
                let photo = try #require(photos.first)
                #expect(photo.hasPrefix("https://smallbatch.example.com/media/") && photo.hasSuffix("/My-Photo.jpg"))
                let mediaPath = "static/" + photo.dropFirst("https://smallbatch.example.com/".count)
                #expect(try shim.blog.bytes(mediaPath) == jpeg)
                #expect(TestImages.isPublishedCopy(try shim.blog.bytes("site/" + photo.dropFirst("https://smallbatch.example.com/".count)), of: jpeg))
                #expect(try shim.page(url).contains("src=\"\(photo)\""))
                // Named from the text, not from the photo added to it.
                #expect(url.hasSuffix("/uploaded.html"))
            }
        }

        /// A file part whose name holds a line break and a header line of its own is refused,
        /// and nothing is written: a name from a request never reaches a post header unchecked.
        @Test func refusesAFilePartNameThatWouldWriteHeaderLines() async throws {
            try await MicropubShim.run { shim in
                let before = shim.blog.files("posts") + shim.blog.files("static")
                for name in ["photo\n@aliases /hijacked", "photo\r@pubDate never", "Photo", "photo x", ""] {
                    let boundary = "b0undary"
                    var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"h\"\r\n\r\nentry\r\n".utf8)
                    body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"content\"\r\n\r\nHello.\r\n".utf8)
                    body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
                    body += TestImages.jpeg + Array("\r\n--\(boundary)--\r\n".utf8)
                    let reply = try await TestHTTP.request("POST", "/micropub", port: shim.process.port, headers: [
                        "Content-Type": "multipart/form-data; boundary=\(boundary)", "Authorization": "Bearer \(shim.token)",
                    ], body: body)
                    #expect(reply.status == 400, "part name \(name.debugDescription) got \(reply.status)")
                }
                #expect(shim.blog.files("posts") + shim.blog.files("static") == before)
            }
        }

        /// One request sets at most `MicropubProperties.maxCount` properties, in any encoding:
        /// thousands of them would hold the one writer, and every editor waits behind it.
        @Test func refusesARequestWithTooManyProperties() async throws {
            try await MicropubShim.run { shim in
                let before = shim.blog.files("posts")
                let many = (0..<5_000).map { ("p\($0)", "x") }
                let form = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "Many.")] + many, token: shim.token)
                #expect(form.status == 400 && form.error == "invalid_request", "\(form.status) \(form.text)")
                var properties: [String: Any] = ["content": ["Many."]]
                for index in 0..<5_000 { properties["p\(index)"] = ["x"] }
                let json = try await shim.client.post(shim.endpoint, json: ["type": ["h-entry"], "properties": properties], token: shim.token)
                #expect(json.status == 400 && json.error == "invalid_request", "\(json.status) \(json.text)")
                #expect(shim.blog.files("posts") == before)
                // A post with many properties, but not too many, is taken.
                let some = (0..<40).map { ("p\($0)", "x") }
                #expect(try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "Some.")] + some, token: shim.token).status == 201)
            }
        }

        /// A post dated before the year 1000 gets a Location the shim reads back: its year
        /// keeps four digits in the URL, as in its folder.
        @Test func aPostOfTheYear999HasALocationThatResolves() async throws {
            try await MicropubShim.run { shim in
                let url = try await shim.create(json: ["type": ["h-entry"], "properties": ["content": ["Long ago."], "published": ["0999-01-02T10:00:00+00:00"]]])
                #expect(url.contains("/0999/01/02/"))
                #expect(try shim.parsed(url).body == "Long ago.")
                let source = try await shim.source(url)
                #expect(source["content"]?.first as? String == "Long ago.")
            }
        }

        @Test func storesTwoUploadedPhotos() async throws {  // 301
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Two uploads.")], files: [
                    .init(field: "photo[]", name: "a.jpg", type: "image/jpeg", bytes: TestImages.jpeg),
                    .init(field: "photo[]", name: "b.png", type: "image/png", bytes: TestImages.png),
                ])
                let file = try shim.parsed(url)
                let photos = try #require(JSONSerialization.jsonObject(with: Data((file.metadata["micropub_photo"] ?? "").utf8)) as? [String])
                #expect(photos.map { $0.split(separator: "/").last.map(String.init) } == ["a.jpg", "b.png"])
                let page = try shim.page(url)
                #expect(photos.allSatisfy { page.contains("src=\"\($0)\"") })
            }
        }
    }
}

/// Small real images: the smallest well-formed JPEG, PNG and GIF headers with a pixel, and a
/// photo as a camera makes one.
enum TestImages {
    /// Alt text for a photo, with what Markdown and HTML would each read as their own.
    static let alt = #"Tom & Jerry's "boat" <at> *dusk*, a_b_c [1] `x` \ 50% #1"#

    /// `small.jpg` of `Tests/Scripts/pictures.py`, made by Pillow: a 320 × 240 JPEG with EXIF,
    /// what a phone sends once its editor has made the photo smaller.
    static func photo() async throws -> [UInt8] {
        try await withTemporaryFolder { folder in
            let run = try await Program(executable: "/usr/bin/env").run(["python3", repositoryRoot + "/Tests/Scripts/pictures.py", "make", folder, "small.jpg"])
            guard run.succeeded else { throw TestFailure(description: "pictures.py make failed (script/setup installs Pillow): \(run.errors)") }
            return try FileIO.read(folder + "/small.jpg")
        }
    }


    /// A 2 × 2 JPEG, by Pillow.
    static let jpeg: [UInt8] = Array(Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAACAAIDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwCpRRRX4ef0gf/Z")!)
    static let png: [UInt8] = Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!)
    static let gif: [UInt8] = Array(Data(base64Encoded: "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")!)

    /// Whether `published` is what the site serves for the picture `original`: a JPEG or PNG
    /// re-encoded by bake without its metadata (no EXIF block), or a GIF as it was.
    static func isPublishedCopy(_ published: [UInt8], of original: [UInt8]) -> Bool {
        if original.starts(with: Array("GIF8".utf8)) { return published == original }
        let exif = Array("Exif\0\0".utf8)
        let hasExif = published.indices.dropLast(exif.count).contains { published[$0..<($0 + exif.count)].elementsEqual(exif) }
        return published.prefix(2).elementsEqual(original.prefix(2)) && !hasExif
    }
}
