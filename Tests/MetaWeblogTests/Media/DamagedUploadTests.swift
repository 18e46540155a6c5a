import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
import XMLRPC

/// A picture cut off on the way (a flaky phone connection) is refused at the door, by every
/// door and through clients nobody here wrote, so that it never stops the posts after it; a
/// good one sent without a usable name is stored under the extension its bytes show.
@Suite(.timeLimit(.minutes(10)))
struct DamagedUploadTests {
    /// The pictures, in a folder of their own: `cut.png` (a third of a large PNG), and
    /// `good.png`, a small good one (quick to resize on a busy machine).
    static func pictures() async throws -> (cut: [UInt8], good: [UInt8], folder: String) {
        let folder = NSTemporaryDirectory() + "bake-pictures-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try await TestPictures.make(in: folder, "cut.png")
        try Data(TestImages.png).write(to: URL(fileURLWithPath: folder + "/good.png"))
        return (try TestPictures.bytes("cut.png", in: folder), TestImages.png, folder)
    }

    struct Session: Decodable {
        struct Outcome: Decodable {
            let stored: Bool?
            let fault: Int?
            let message: String?
        }

        struct Post: Decodable {
            let id: String
            let link: String
            let status: String
        }

        let problem: String?
        let cut: Outcome?
        let post: Post?
        let blob: [String: String]?
    }

    /// python-wordpress-xmlrpc's `wp.uploadFile`: the cut-off PNG is a fault naming it, nothing
    /// is stored, the post sent right after is published, and a PNG named `blob` is `blob.png`.
    @Test func aCutOffPNGIsRefusedThroughPythonWordPressXMLRPCAndTheNextPostIsPublished() async throws {
        let pictures = try await Self.pictures()
        defer { try? FileManager.default.removeItem(atPath: pictures.folder) }
        try await ShimHarness.run { shim in
            let before = shim.blog.files("static")
            let script = repositoryRoot + "/Tests/Scripts/wordpress_session.py"
            let run = try await Program(executable: "/usr/bin/env").run(
                ["python3", script, "--damaged-upload", shim.endpoint, TestLogin.user, TestLogin.password,
                 pictures.folder + "/cut.png", pictures.folder + "/good.png"], timeout: .seconds(600)
            )
            let session = try #require(try? JSONDecoder().decode(Session.self, from: Data(run.output.utf8)), "the script printed \(run.output) \(run.errors)")
            try #require(session.problem == nil, "\(session.problem ?? "")")
            let cut = try #require(session.cut)
            #expect(cut.stored == nil && cut.fault != nil)
            let message = cut.message ?? ""
            #expect(message.contains("\"harbour.png\" cannot be published: it is a damaged PNG file"), "\(message)")
            #expect(!message.contains(shim.blog.root) && !message.contains(".upload-"), "no machine path: \(message)")
            let post = try #require(session.post)
            #expect(post.status == "publish")
            #expect(shim.blog.exists("site/" + post.id.replacingOccurrences(of: ".markdown", with: ".html")))
            let blob = try #require(session.blob)
            #expect(blob["url"]?.hasSuffix("/blob.png") == true, "\(blob)")
            let stored = Set(shim.blog.files("static")).subtracting(before)
            #expect(stored.count == 1 && stored.first?.hasSuffix("/blob.png") == true, "only the good picture is stored: \(stored)")
            #expect(!shim.log.events.contains { if case .siteNotRebuilt = $0 { true } else { false } })
        }
    }

    /// Python's `xmlrpc.client` and `metaWeblog.newMediaObject`, MarsEdit's call.
    @Test func aCutOffPNGIsRefusedThroughXMLRPCClientAndAPictureWithAWrongNameIsStoredAsWhatItIs() async throws {
        let pictures = try await Self.pictures()
        defer { try? FileManager.default.removeItem(atPath: pictures.folder) }
        try await ShimHarness.run { shim in
            let python = try await PythonClient(endpoint: shim.endpoint)
            defer { python.close() }
            let before = shim.blog.files("static")
            let cut: XMLRPCValue = ["name": "Harbour at dusk.png", "type": "image/png", "bits": .base64(Data(pictures.cut))]
            guard case .fault(_, let message) = try await python.call("metaWeblog.newMediaObject", ["1"] + ShimHarness.login + [cut]) else {
                Issue.record("the cut-off PNG was stored")
                return
            }
            #expect(message.contains("\"Harbour-at-dusk.png\" cannot be published: it is a damaged PNG file"), "\(message)")
            #expect(shim.blog.files("static") == before)

            let content: XMLRPCValue = ["title": "Right after", "description": "Still published."]
            let postID = try #require(try await python.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, .bool(true)]).stringValue)
            #expect(shim.blog.exists("site/" + postID.replacingOccurrences(of: ".markdown", with: ".html")))

            // The same bytes as a PNG named .jpg, and as a phone app's "image".
            for (name, expected) in [("photo.jpg", "/photo.png"), ("image", "/image.png")] {
                let media: XMLRPCValue = ["name": .string(name), "type": "image/jpeg", "bits": .base64(Data(pictures.good))]
                let url = try #require(try await python.success("metaWeblog.newMediaObject", ["1"] + ShimHarness.login + [media])["url"]?.stringValue)
                #expect(url.hasSuffix(expected), "\(name): \(url)")
                #expect(try shim.blog.bytes("static" + url.dropFirst("https://smallbatch.example.com".count)) == pictures.good)
            }
        }
    }

    /// A damaged picture copied into the tree by hand, and a post that shows it: every change
    /// an editor sends is still published, and the log names the file.
    @Test func aDamagedPictureInTheTreeStopsNoPostAndTheLogNamesIt() async throws {
        let pictures = try await Self.pictures()
        defer { try? FileManager.default.removeItem(atPath: pictures.folder) }
        try await ShimHarness.run { shim in
            try FileManager.default.createDirectory(atPath: shim.blog.path("static/media"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: pictures.folder + "/cut.png", toPath: shim.blog.path("static/media/cut.png"))
            try shim.blog.write("@title Cut\n@pubDate 2014-04-07 10:00:00 -0700\n\nSee:\n\n![cut](/media/cut.png)\n", to: "posts/2014/04/07/cut.markdown")
            let content: XMLRPCValue = ["title": "After the damage", "description": "Still published."]
            let postID = try #require(try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, .bool(true)]).stringValue)
            #expect(shim.blog.exists("site/" + postID.replacingOccurrences(of: ".markdown", with: ".html")))
            #expect(shim.blog.exists("site/2014/04/07/cut.html"))
            let warnings: [Diagnostic] = shim.log.events.flatMap { event -> [Diagnostic] in
                if case .bakeWarnings(let warnings) = event { warnings } else { [] }
            }
            #expect(warnings.map(\.description).contains { $0.hasPrefix("posts/2014/04/07/cut.markdown:6: shows static/media/cut.png, which is a damaged PNG file") }, "\(warnings)")
            #expect(!shim.log.events.contains { if case .siteNotRebuilt = $0 { true } else { false } })
        }
    }
}

extension MicropubServer {
    /// The media endpoint and a post's `photo`, through Python's `requests` and the real binary.
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubDamagedUploadTests {
        @Test func aCutOffPNGIsRefusedAtTheMediaEndpointAndAsAPhotoAndABlobIsStoredAsPNG() async throws {
            let pictures = try await DamagedUploadTests.pictures()
            defer { try? FileManager.default.removeItem(atPath: pictures.folder) }
            try await MicropubShim.run { shim in
                let before = shim.blog.files("static") + shim.blog.files("posts")
                let cut = RequestsClient.File(field: "file", name: "harbour.png", type: "image/png", bytes: pictures.cut)
                let media = try await shim.client.post(shim.mediaEndpoint, form: [], files: [cut], token: shim.token)
                #expect(media.status == 400 && media.error == "invalid_request", "\(media.status) \(media.text)")
                #expect((media["error_description"] as? String)?.contains("\"harbour.png\" cannot be published: it is a damaged PNG file") == true, "\(media.text)")
                let photo = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "With a cut-off picture.")],
                                                       files: [.init(field: "photo", name: "harbour.png", type: "image/png", bytes: pictures.cut)], token: shim.token)
                #expect(photo.status == 400 && photo.error == "invalid_request", "\(photo.status) \(photo.text)")
                #expect(shim.blog.files("static") + shim.blog.files("posts") == before, "nothing stored")

                let url = try await shim.create(form: [("h", "entry"), ("content", "Sent right after.")])
                #expect(try shim.page(url).contains("Sent right after."))

                // A browser's Blob, as a photo and at the media endpoint.
                let blob = try await shim.client.post(shim.mediaEndpoint, form: [], files: [.init(field: "file", name: "blob", type: "image/png", bytes: pictures.good)], token: shim.token)
                #expect(blob.status == 201 && blob.location?.hasSuffix("/blob.png") == true, "\(blob.status) \(blob.text)")
                let withPhoto = try await shim.create(form: [("h", "entry"), ("content", "A Blob photo.")],
                                                      files: [.init(field: "photo", name: "blob", type: "image/png", bytes: pictures.good)])
                #expect(try shim.page(withPhoto).contains("/blob-2"), "the photo shown under its new name")
            }
        }

        /// A damaged picture copied in by hand: the app's next answer names it, and the post
        /// is published.
        @Test func anAppIsToldOfADamagedPictureInTheTreeAndItsPostIsPublished() async throws {
            let pictures = try await DamagedUploadTests.pictures()
            defer { try? FileManager.default.removeItem(atPath: pictures.folder) }
            try await MicropubShim.run(prepare: { blog in
                try FileManager.default.createDirectory(atPath: blog.path("static/media"), withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: pictures.folder + "/cut.png", toPath: blog.path("static/media/cut.png"))
                try blog.write("@title Cut\n@pubDate 2014-04-07 10:00:00 -0700\n\nSee:\n\n![cut](/media/cut.png)\n", to: "posts/2014/04/07/cut.markdown")
            }) { shim in
                let answer = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "Published all the same.")], token: shim.token)
                #expect(answer.status == 201)
                let url = try #require(answer.location)
                #expect(try shim.page(url).contains("Published all the same."))
                let warnings = answer["warnings"] as? [String] ?? []
                #expect(warnings.contains { $0.hasPrefix("posts/2014/04/07/cut.markdown:6: shows static/media/cut.png, which is a damaged PNG file") }, "\(answer.text)")
            }
        }
    }
}
