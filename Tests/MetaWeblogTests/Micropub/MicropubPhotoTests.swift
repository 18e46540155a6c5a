import BakeTestSupport
import Foundation
import Testing

extension MicropubServer {
    /// Issue 35, from the editors: a photo posted through Micropub shows on the post's page
    /// with its alt text as soon as the post is answered, and the media endpoint's URL loads as
    /// soon as the upload is answered (Micro.blog waits for it before it publishes). Pages and
    /// photos are loaded from the baked site over HTTP, as a reader would.
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubPhotoTests {
        @Test func aPhotoFromTheMediaEndpointLoadsAtOnceAndShowsWithItsAltText() async throws {
            let jpeg = try await TestImages.photo()
            try await MicropubShim.run { shim in
                try await BakedSite.serve(shim.blog) { site in
                    let media = try await shim.client.post(shim.mediaEndpoint, form: [], files: [.init(field: "file", name: "Harbour at dusk.jpg", type: "image/jpeg", bytes: jpeg)], token: shim.token)
                    #expect(media.status == 201)
                    let photo = try #require(media.location)
                    let loaded = try await site.load(photo)
                    #expect(loaded.status == 200)
                    #expect(TestImages.isPublishedCopy(loaded.bytes, of: jpeg), "the full-size copy, without the photo's EXIF")

                    let post = try await shim.create(form: [("h", "entry"), ("content", "Dusk."), ("photo", photo), ("mp-photo-alt", TestImages.alt)])
                    // The post names the file the upload wrote, so the build finds it under static/.
                    #expect(try shim.parsed(post).metadata["micropub_photo"]?.contains(photo) == true)
                    #expect(shim.blog.exists("static" + photo.dropFirst(BakedSite.origin.count)))
                    #expect(try await site.images(on: post) == [.init(src: photo, alt: TestImages.alt)])
                    // Served in the sizes the build made: the page's srcset names a WebP variant that loads.
                    let page = String(decoding: try await site.load(post).bytes, as: UTF8.self)
                    let variant = String(photo.dropLast(".jpg".count)) + "-320.webp"
                    #expect(page.contains("srcset=\"\(variant) 320w\""), "\(page)")
                    #expect(try await site.load(variant).status == 200)

                    let plain = try await shim.create(form: [("h", "entry"), ("content", "No words for it."), ("photo[]", photo)])
                    #expect(try await site.images(on: plain) == [.init(src: photo, alt: "")])
                }
            }
        }

        @Test func aPhotoWithAltTextInJSONShowsInMarkdownAndInHTML() async throws {
            let jpeg = try await TestImages.photo()
            try await MicropubShim.run { shim in
                try await BakedSite.serve(shim.blog) { site in
                    let media = try await shim.client.post(shim.mediaEndpoint, form: [], files: [.init(field: "file", name: "door.jpg", type: "image/jpeg", bytes: jpeg)], token: shim.token)
                    let photo = try #require(media.location)
                    let photos: [Any] = [["value": photo, "alt": TestImages.alt], ["value": photo, "alt": ""], photo]
                    let expected: [BakedSite.Image] = [.init(src: photo, alt: TestImages.alt), .init(src: photo, alt: ""), .init(src: photo, alt: "")]

                    let markdown = try await shim.create(json: ["type": ["h-entry"], "properties": ["content": ["A door."], "photo": photos]])
                    #expect(try shim.file(for: markdown).hasSuffix(".markdown"))
                    #expect(try await site.images(on: markdown) == expected)

                    let html = try await shim.create(json: ["type": ["h-entry"], "properties": ["content": [["html": "<p>A door.</p>"]], "photo": photos]])
                    #expect(try shim.file(for: html).hasSuffix(".html"))
                    #expect(try await site.images(on: html) == expected)
                }
            }
        }

        @Test func aPhotoUploadedWithThePostLoadsAndShowsWithItsAltText() async throws {
            let jpeg = try await TestImages.photo()
            try await MicropubShim.run { shim in
                try await BakedSite.serve(shim.blog) { site in
                    let post = try await shim.create(
                        form: [("h", "entry"), ("content", "Sent from a phone."), ("mp-photo-alt", TestImages.alt)],
                        files: [.init(field: "photo", name: "IMG_0001.JPG", type: "image/jpeg", bytes: jpeg)]
                    )
                    let images = try await site.images(on: post)
                    #expect(images.map(\.alt) == [TestImages.alt])
                    let photo = try #require(images.first?.src)
                    #expect(photo.hasPrefix(BakedSite.origin + "/media/") && photo.hasSuffix("/IMG_0001.JPG"))
                    let loaded = try await site.load(photo)
                    #expect(loaded.status == 200)
                    #expect(TestImages.isPublishedCopy(loaded.bytes, of: jpeg), "the full-size copy, without the photo's EXIF")
                    #expect(try shim.blog.bytes("static" + photo.dropFirst(BakedSite.origin.count)) == jpeg)
                }
            }
        }
    }
}
