import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// Pictures through a whole build: `SiteBuilder` runs the real `bake-images`, and Pillow (an
/// independent reader) reads what it published.
@Suite struct PictureStageTests {
    static let post = """
    @title Photos
    @pubDate 2014-04-05 10:00:00 -0700

    A phone photo:

    ![A heron](/media/phone.jpg "At dawn")

    <p>A screenshot <img src="https://good.example.com/media/large.png" alt="A screen">, a small one
    <img src="../../../media/small.jpg" alt="">, and a GIF <img src="/media/animated.gif" alt="">.</p>

    """

    /// The good blog with the photo post and the test pictures in `static/media/`.
    func makePhotoBlog(in root: String, extraSettings: String = "") async throws -> String {
        let blog = root + "/blog"
        try makeBlog(goodBlog, in: blog)
        try write(try read("site.settings", in: blog) + extraSettings, to: "site.settings", in: blog)
        try write(Self.post, to: "posts/2014/04/05/photos.markdown", in: blog)
        try await TestPictures.make(in: blog + "/static/media", "phone.jpg", "large.png", "small.jpg", "animated.gif")
        return blog
    }

    @Test func picturesArePublishedInSizesUprightAndWithoutTheirMetadata() async throws {
        try await withTemporaryFolder { root in
            let blog = try await makePhotoBlog(in: root)
            let site = root + "/site"
            let summary = try await bake(blog, into: site).summary()
            // phone.jpg: 5 widths up to 2400 in WebP and JPEG, and its own 3024 in JPEG; large.png
            // the same in WebP and PNG with its own 2600; small.jpg its own 320 in WebP and JPEG.
            #expect(summary.picturesEncoded == 11 + 11 + 2)
            for width in [480, 800, 1200, 1600, 2400, 3024] {
                for format in ["webp", "jpg"] where !(width == 3024 && format == "webp") {
                    #expect(FileIO.exists("\(site)/media/phone-\(width).\(format)"), "phone-\(width).\(format)")
                }
            }
            #expect(!FileIO.exists(site + "/media/phone-3024.webp"))
            #expect(FileIO.exists(site + "/media/small-320.webp") && FileIO.exists(site + "/media/large-2600.png"))
            #expect(!FileIO.exists(site + "/media/small-480.webp"), "no variant is wider than its picture")
            // The GIF is as it was.
            #expect(try FileIO.read(site + "/media/animated.gif") == FileIO.read(blog + "/static/media/animated.gif"))
            let readings = try await TestPictures.read([site + "/media/phone.jpg", site + "/media/phone-800.webp", site + "/media/large.png", site + "/media/small-320.jpg"])
            for reading in readings { #expect(reading.isStripped, "\(reading)") }
            #expect(readings[0].width == 3024 && readings[0].height == 4032, "the photo's own path holds it upright")
            #expect(readings[1].width == 800 && readings[1].height == 1067)
            // The original in the blog is untouched.
            let original = try await TestPictures.read([blog + "/static/media/phone.jpg"])[0]
            #expect(original.gps && original.orientation == 6)

            let page = try read("2014/04/05/photos.html", in: site)
            #expect(page.contains(#"<img src="/media/phone.jpg" alt="A heron""#))
            #expect(page.contains(#"srcset="/media/phone-480.jpg 480w, /media/phone-800.jpg 800w"#))
            #expect(page.contains(#"/media/phone-2400.webp 2400w" sizes="#), "the WebP source ends at the widest variant")
            #expect(page.contains(#"/media/phone-2400.jpg 2400w, /media/phone-3024.jpg 3024w" sizes="#))
            #expect(page.contains(#"width="3024" height="4032""#))
            #expect(page.contains(#"<img src="https://good.example.com/media/large.png" alt="A screen" srcset="https://good.example.com/media/large-480.png 480w"#))
            #expect(page.contains(#"<img src="../../../media/small.jpg" alt="" srcset="../../../media/small-320.jpg 320w""#))
            #expect(page.contains(#"<img src="/media/animated.gif" alt="" width="600" height="400" loading="lazy" decoding="async">"#))
            #expect(page.contains(#"<meta property="og:image" content="https://good.example.com/media/phone-1200.jpg">"#))
            #expect(page.contains(#"<meta property="og:image:height" content="1600">"#))
            let feed = try read("feed.json", in: site)
            #expect(feed.contains(#"src=\"https://good.example.com/media/phone-1600.jpg\" alt=\"A heron\" width=\"1600\" height=\"2133\""#), "\(feed)")
        }
    }

    @Test func onlyNewPicturesAreEncodedAndRemovedOnesTakeTheirVariants() async throws {
        try await withTemporaryFolder { root in
            let blog = try await makePhotoBlog(in: root)
            let site = root + "/site"
            _ = try await bake(blog, into: site).summary()
            #expect(try await bake(blog, into: site).summary().picturesEncoded == 0, "a no-op build")
            try write(Self.post + "\nEdited.\n", to: "posts/2014/04/05/photos.markdown", in: blog)
            let edited = try await bake(blog, into: site).summary()
            #expect(edited.picturesEncoded == 0)
            #expect(!edited.written.contains { $0.hasPrefix("media/") }, "\(edited.written)")
            // One photo added: its variants only.
            try FileManager.default.copyItem(atPath: blog + "/static/media/small.jpg", toPath: blog + "/static/media/small-copy.jpg")
            try write("@title One more\n@pubDate 2014-04-06 10:00:00 -0700\n\n![](/media/small-copy.jpg)\n", to: "posts/2014/04/06/more.markdown", in: blog)
            let added = try await bake(blog, into: site).summary()
            #expect(added.picturesEncoded == 0, "the same bytes are already in the cache")
            #expect(Set(added.written.filter { $0.hasPrefix("media/") }) == ["media/small-copy.jpg", "media/small-copy-320.jpg", "media/small-copy-320.webp"])
            // The page that shows it is new; a post that neither shows it nor neighbours it is not written.
            #expect(added.written.contains("2014/04/06/more.html") && !added.written.contains("2014/03/31/hello.html"))
            // A picture replaced by another under the same name: the pages showing it are made again.
            try await TestPictures.make(in: root, "large.png")
            try FileManager.default.removeItem(atPath: blog + "/static/media/small-copy.jpg")
            try FileManager.default.copyItem(atPath: blog + "/static/media/phone.jpg", toPath: blog + "/static/media/small-copy.jpg")
            let replaced = try await bake(blog, into: site).summary()
            #expect(replaced.picturesEncoded == 0, "phone.jpg's variants are cached under its bytes")
            #expect(replaced.written.contains("2014/04/06/more.html") && replaced.written.contains("media/small-copy-2400.webp") && replaced.written.contains("media/small-copy-3024.jpg"))
            #expect(replaced.removed.contains("media/small-copy-320.jpg"))
            // Removed: its variants go with it.
            try FileManager.default.removeItem(atPath: blog + "/static/media/small-copy.jpg")
            try FileManager.default.removeItem(atPath: blog + "/posts/2014/04/06/more.markdown")
            let removed = try await bake(blog, into: site).summary()
            #expect(removed.removed.contains("media/small-copy-2400.webp") && removed.removed.contains("media/small-copy.jpg"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: site + "/media").allSatisfy { !$0.hasPrefix("small-copy") })
        }
    }

    /// The editors' server bakes past a damaged picture copied in by hand, so that one file
    /// never stops every later post: the page that shows it is published with the file as it
    /// is, and the build's warnings name both; `bake build` keeps failing at the line.
    @Test func theEditorsServerPublishesPastAPictureBakeCannotReadAndNamesIt() async throws {
        try await withTemporaryFolder { root in
            let blog = try await makePhotoBlog(in: root)
            try await TestPictures.make(in: blog + "/static/media", "cut.png")
            try write("@title Cut\n@pubDate 2014-04-07 10:00:00 -0700\n\nSee:\n\n![cut](/media/cut.png)\n", to: "posts/2014/04/07/cut.markdown", in: blog)
            try write("@title Next\n@pubDate 2014-04-08 10:00:00 -0700\n\nStill published.\n", to: "posts/2014/04/08/next.markdown", in: blog)
            let refused = await bake(blog, into: root + "/site").problems()
            #expect(refused.count == 1 && refused.first?.hasPrefix("posts/2014/04/07/cut.markdown:6: shows static/media/cut.png, which is a damaged PNG file") == true, "\(refused)")

            let options = BuildOptions(configuration: .load(BlogFolder(root: blog), overrides: .init(output: root + "/site")), now: testNow,
                                       publishesPastUnreadablePictures: true)
            let summary = try await SiteBuilder(options: options).build()
            #expect(summary.written.contains("2014/04/08/next.html") && summary.written.contains("2014/04/07/cut.html"))
            let warnings = summary.warnings.map(\.description)
            #expect(warnings.count == 1 && warnings.first?.hasPrefix("posts/2014/04/07/cut.markdown:6: shows static/media/cut.png, which is a damaged PNG file") == true, "\(warnings)")
            #expect(!warnings.joined().contains(root), "no machine path")
            #expect(try FileIO.read(root + "/site/media/cut.png") == FileIO.read(blog + "/static/media/cut.png"))
        }
    }

    @Test func aPageShowingAFileThatIsNoPictureFailsAtItsLine() async throws {
        try await withTemporaryFolder { root in
            let blog = try await makePhotoBlog(in: root)
            try await TestPictures.make(in: blog + "/static/media", "notes.jpg")
            // Unshown, it is published as it is.
            _ = try await bake(blog, into: root + "/site").summary()
            #expect(try FileIO.read(root + "/site/media/notes.jpg") == FileIO.read(blog + "/static/media/notes.jpg"))
            try write("@title Notes\n@pubDate 2014-04-07 10:00:00 -0700\n\nSee:\n\n![notes](/media/notes.jpg)\n", to: "posts/2014/04/07/notes.markdown", in: blog)
            let problems = await bake(blog, into: root + "/site").problems()
            #expect(problems.count == 1)
            #expect(problems.first?.hasPrefix("posts/2014/04/07/notes.markdown:6: shows static/media/notes.jpg, which is not a picture bake can read") == true, "\(problems)")
            #expect(!(problems.first ?? "").contains(root), "no machine path")
            // The failed build left the site as it was.
            #expect(!FileIO.exists(root + "/site/2014/04/07/notes.html"))
        }
    }

    @Test func theSameBlogBakesToTheSameBytesAndKeepCarriesTheMetadata() async throws {
        try await withTemporaryFolder { root in
            let blog = try await makePhotoBlog(in: root)
            _ = try await bake(blog, into: root + "/a", clean: true).summary()
            try FileManager.default.removeItem(atPath: blog + "/.bake-cache")
            _ = try await bake(blog, into: root + "/b", clean: true).summary()
            try expectSameSite(root + "/a", root + "/b")

            try write(try read("site.settings", in: blog) + "@image_metadata keep\n", to: "site.settings", in: blog)
            let kept = try await bake(blog, into: root + "/a").summary()
            #expect(kept.picturesEncoded == 24, "other settings, other variants")
            let reading = try await TestPictures.read([root + "/a/media/phone-800.jpg"])[0]
            #expect(reading.gps && reading.width == 800 && reading.height == 1067 && reading.orientation != 6)
        }
    }

    /// A picture whose name holds a line break is refused, named, as any file of the site is:
    /// the manifest holds a path a line. (bake-images would read it as one picture: its paths
    /// are NUL-separated.) Renamed, it is resized as the copy it is.
    @Test func aPictureWhoseNameHoldsALineBreakIsRefusedUntilRenamed() async throws {
        try await withTemporaryFolder { root in
            let blog = try await makePhotoBlog(in: root)
            _ = try await bake(blog, into: root + "/site").summary()
            let before = try snapshot(root + "/site")
            try FileManager.default.copyItem(atPath: blog + "/static/media/small.jpg", toPath: blog + "/static/media/two\nlines.jpg")
            let problems = await bake(blog, into: root + "/site").problems()
            #expect(problems == ["static/media: the name of the file `two\\nlines.jpg` has a line break; expected a name on one line: rename the file"])
            #expect(try snapshot(root + "/site") == before)
            try FileManager.default.moveItem(atPath: blog + "/static/media/two\nlines.jpg", toPath: blog + "/static/media/two-lines.jpg")
            let summary = try await bake(blog, into: root + "/site").summary()
            #expect(summary.picturesEncoded == 0, "the copy's bytes are the small picture's, already in the cache")
            #expect(try FileIO.read(root + "/site/media/two-lines-320.webp") == FileIO.read(root + "/site/media/small-320.webp"))
        }
    }

    @Test func aVariantsNameTakenByAnotherFileIsAnError() async throws {
        try await withTemporaryFolder { root in
            let blog = try await makePhotoBlog(in: root)
            try FileManager.default.copyItem(atPath: blog + "/static/media/small.jpg", toPath: blog + "/static/media/phone-480.webp")
            let problems = await bake(blog, into: root + "/site").problems()
            #expect(problems.contains { $0.hasPrefix("static/media/phone.jpg: its resized copy media/phone-480.webp has the name of another file") }, "\(problems)")
        }
    }
}
