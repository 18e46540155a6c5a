import BakeIO
import BakeTestSupport
import Foundation
import Testing

/// Pictures as a reader's phone gets them: a post with a phone photo (4032 × 3024 stored
/// sideways, EXIF orientation 6, a GPS position), a large PNG, a small JPEG and a GIF, baked by
/// the real `bake build` and opened in headless Chromium at 390 px and DPR 2.
@Suite struct PictureBrowserTests {
    static let postPath = "/2024/05/06/photos.html"
    static let pictures = ["phone.jpg", "large.png", "small.jpg", "animated.gif"]

    @Test func aPhoneFetchesSmallUprightPicturesAndTheLayoutDoesNotShift() async throws {
        let blog = try TestBlog(prefix: "bake-picture-browser-test-")
        defer { blog.delete() }
        try await TestPictures.make(in: blog.path("static/media"), "phone.jpg", "large.png", "small.jpg", "animated.gif")
        // Text first, so the pictures load below the first screen as well as in it.
        try blog.write("""
        @title Photos from the marsh
        @pubDate 2024-05-06 21:00:00 -0700

        \(String(repeating: "The marsh at dawn, before the wind. ", count: 12))

        ![A heron standing in reeds](/media/phone.jpg "A heron at dawn")

        \(String(repeating: "Later, a screenshot of the tide table. ", count: 12))

        ![The tide table](/media/large.png)

        A small map ![A small map](/media/small.jpg) and a moving one ![A moving map](/media/animated.gif).

        """, to: "posts/2024/05/06/photos.markdown")
        let site = blog.outside + "/site"
        let baked = try await runBake([blog.root, "--output", site], in: blog.outside)
        #expect(baked.status == 0, "\(baked.stderr)")

        let report = try await PictureBrowserCheck(root: site, path: Self.postPath).run()
        if let problem = report.problem {
            Issue.record("the picture browser test cannot run: \(problem)")
            return
        }
        let images = report.images ?? []
        #expect(images.count == 4, "\(images.map(\.src))")
        for image in images {
            #expect(image.width != nil && image.height != nil, "\(image.src) has no width and height")
            #expect(image.complete && image.naturalWidth > 0, "\(image.src) did not load")
            if image.src.hasSuffix(".gif") {
                #expect(image.srcset == nil && image.currentSrc == "/media/animated.gif")
            } else {
                #expect(image.srcset != nil, "\(image.src) has no srcset")
            }
        }
        let phone = try #require(images.first { $0.src == "/media/phone.jpg" })
        // 358 CSS px of column at DPR 2: the 800 px variant, as WebP, upright.
        #expect(phone.currentSrc == "/media/phone-800.webp", "\(phone.currentSrc)")
        #expect(phone.naturalWidth < phone.naturalHeight, "the photo shows upright")
        #expect(phone.loading == nil, "the first picture loads at once")
        #expect(images.dropFirst().allSatisfy { $0.loading == "lazy" })

        let originals = try Self.pictures.reduce(0) { $0 + (try FileIO.read(blog.path("static/media/" + $1)).count) }
        let fetched = (report.fetched ?? []).reduce(0) { $0 + $1.bytes }
        #expect(fetched > 0 && fetched * 4 < originals, "fetched \(fetched) bytes of pictures; the originals are \(originals): \(report.fetched ?? [])")
        #expect((report.layoutShift ?? 1) == 0, "the layout shifted by \(report.layoutShift ?? -1) while the page loaded")
        #expect((report.scrollWidth ?? .max) <= (report.phoneWidth ?? 0), "the page scrolls sideways")
        #expect(report.console == [], "\(report.console ?? [])")

        // No picture the site publishes carries a GPS position, read by Pillow.
        let published = try FileManager.default.contentsOfDirectory(atPath: site + "/media").filter { !$0.hasSuffix(".svg") }.map { site + "/media/" + $0 }
        #expect(published.count > 20)
        for (path, reading) in zip(published, try await TestPictures.read(published)) {
            #expect(!reading.gps, "\(path) carries a GPS position")
        }
    }
}
