import BakeImages
import BakeIO
import BakeTestSupport
import Testing

@Suite struct ImageResizerTests {
    @Test func readsTheSizeAReaderSeesAndTheFormat() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "phone.jpg", "large.png", "small.jpg", "animated.gif", "drawing.svg")
            let info = { (name: String) throws -> ImageInfo in try ImageResizer.info(of: try TestPictures.bytes(name, in: folder)) }
            // Stored 4032 × 3024, shown upright as orientation 6 says.
            #expect(try info("phone.jpg") == ImageInfo(width: 3024, height: 4032, format: .jpeg, isAnimated: false, hasAlpha: false))
            #expect(try info("large.png") == ImageInfo(width: 2600, height: 1700, format: .png, isAnimated: false, hasAlpha: true))
            #expect(try info("small.jpg") == ImageInfo(width: 320, height: 240, format: .jpeg, isAnimated: false, hasAlpha: false))
            #expect(try info("animated.gif").format == .gif)
            #expect(try info("animated.gif").isAnimated)
            let svg = try info("drawing.svg")
            #expect(svg.format == .svg && !svg.format.isRaster && svg.width == 300 && svg.height == 200)
        }
    }

    @Test func aFileThatIsNotAPictureIsAnError() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "notes.jpg")
            let bytes = try TestPictures.bytes("notes.jpg", in: folder)
            #expect(throws: ImageError.notAnImage) { try ImageResizer.info(of: bytes) }
            #expect(throws: ImageError.notAnImage) { try ImageResizer().variants(of: bytes) }
            #expect(throws: ImageError.notAnImage) { try ImageResizer.info(of: []) }
            #expect(ImageError.notAnImage.description.hasPrefix("not a picture bake can read"))
        }
    }

    @Test func aDecompressionBombIsRefusedBeforeItIsDecoded() async throws {
        try await withTemporaryFolder { folder in
            // 20000 × 13000 one-bit pixels: 260 megapixels in a few kilobytes.
            let script = "from PIL import Image; Image.new('1', (20000, 13000)).save('\(folder)/bomb.png')"
            let run = try await Program(executable: "/usr/bin/env").run(["python3", "-c", script])
            try #require(run.succeeded, "\(run.errors)")
            let bytes = try FileIO.read(folder + "/bomb.png")
            #expect(bytes.count < 100_000)
            #expect(throws: ImageError.tooLarge(width: 20000, height: 13000)) { try ImageResizer().variants(of: bytes) }
        }
    }

    @Test func aCutOffJPEGIsAnErrorNotAGreyPicture() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "cut.jpg")
            let bytes = try TestPictures.bytes("cut.jpg", in: folder)
            let error = try #require(throws: ImageError.self) { try ImageResizer().variants(of: bytes) }
            guard case .damaged(.jpeg, let detail) = error else {
                Issue.record("expected a damaged JPEG, got \(error)")
                return
            }
            #expect(!detail.isEmpty)
            #expect(error.description.hasPrefix("a damaged JPEG file ("))
        }
    }

    @Test func aPhotoHeldUprightGetsUprightVariantsWithoutItsMetadata() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "phone.jpg")
            let made = try ImageResizer().variants(of: try TestPictures.bytes("phone.jpg", in: folder))
            #expect(made.leftAsIs == nil)
            let widths = [480, 800, 1200, 1600, 2400, 3024]
            // The full size, wider than the widest variant, is made only as the JPEG its own path serves.
            #expect(made.variants.map(\.width) == widths.dropLast().flatMap { [$0, $0] } + [3024])
            #expect(made.variants.map(\.format) == widths.dropLast().flatMap { _ in [ImageFormat.webp, .jpeg] } + [.jpeg])
            let heights: [Int] = widths.flatMap { width -> [Int] in
                let height = (width * 4032 + 1512) / 3024
                return width == 3024 ? [height] : [height, height]
            }
            #expect(made.variants.map(\.height) == heights)
            #expect(made.encodes == 11)
            #expect(made.decodes == 7)

            let readings = try await TestPictures.read(made.variants, in: folder)
            for (variant, reading) in zip(made.variants, readings) {
                #expect(reading.format == variant.format.rawValue)
                #expect(reading.width == variant.width && reading.height == variant.height)
                #expect(reading.width < reading.height)
                #expect(reading.width <= 3024)
                #expect(reading.decoded)
                #expect(reading.isStripped, "\(variant.width) \(variant.format): \(reading)")
                // The black bar along the stored top edge is on the right once turned.
                #expect(reading.rightEdge.allSatisfy { $0 < 40 }, "\(reading.rightEdge)")
                #expect(reading.leftEdge.contains { $0 > 80 }, "\(reading.leftEdge)")
            }
        }
    }

    @Test func aPNGStaysAPNGWithItsTransparency() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "large.png")
            let settings = ImageSettings(widths: [800, 1600])
            let made = try ImageResizer(settings: settings).variants(of: try TestPictures.bytes("large.png", in: folder))
            #expect(made.variants.map(\.width) == [800, 800, 1600, 1600, 2600])
            #expect(made.variants.map(\.format) == [.webp, .png, .webp, .png, .png])
            let readings = try await TestPictures.read(made.variants, in: folder)
            for (variant, reading) in zip(made.variants, readings) {
                #expect(reading.format == variant.format.rawValue)
                #expect(reading.mode == "RGBA")
                #expect(reading.width == variant.width && reading.height == variant.height)
                #expect(reading.isStripped, "\(variant.width) \(variant.format): \(reading)")
            }
        }
    }

    @Test func colourInAProfileIsConvertedToSRGBWhenMetadataIsStripped() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "wide.jpg")
            let bytes = try TestPictures.bytes("wide.jpg", in: folder)
            let expected = try await TestPictures.srgbCentre(of: folder + "/wide.jpg")
            // The same numbers read as sRGB would be another colour.
            #expect(abs(expected[0] - 60) > 30)

            let stripped = try ImageResizer(settings: ImageSettings(widths: [480])).variants(of: bytes)
            for (variant, reading) in zip(stripped.variants, try await TestPictures.read(stripped.variants, in: folder)) {
                #expect(reading.isStripped)
                #expect(zip(reading.centre, expected).allSatisfy { abs($0 - $1) <= 4 }, "\(variant.format): \(reading.centre), not \(expected)")
            }
            // Kept, the profile goes with the numbers it gives meaning to.
            let kept = try ImageResizer(settings: ImageSettings(widths: [480], metadata: .keep)).variants(of: bytes)
            for (variant, reading) in zip(kept.variants, try await TestPictures.read(kept.variants, in: folder)) {
                #expect(reading.icc)
                #expect(zip(reading.centre, [60, 180, 90]).allSatisfy { abs($0 - $1) <= 4 }, "\(variant.format): \(reading.centre)")
            }
        }
    }

    @Test func aPictureWithoutAProfileKeepsItsPixels() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "large.png")
            let made = try ImageResizer(settings: ImageSettings(widths: [])).variants(of: try TestPictures.bytes("large.png", in: folder))
            let png = try #require(made.variants.last)
            #expect(png.format == .png && png.width == 2600)
            let original = try await TestPictures.read([folder + "/large.png"])
            let variant = try await TestPictures.read([png], in: folder)
            #expect(variant[0].pixels == original[0].pixels)
        }
    }

    @Test func aPictureSmallerThanEveryWidthIsOnlyReencoded() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "small.jpg")
            let made = try ImageResizer().variants(of: try TestPictures.bytes("small.jpg", in: folder))
            #expect(made.variants.map(\.width) == [320, 320])
            #expect(made.variants.map(\.height) == [240, 240])
            #expect(made.variants.map(\.format) == [.webp, .jpeg])
            let readings = try await TestPictures.read(made.variants, in: folder)
            #expect(readings.allSatisfy { $0.decoded && $0.isStripped })
        }
    }

    @Test func widthsAreNeverWiderThanThePicture() {
        let settings = ImageSettings(widths: [2400, 100, 5000, 100, 0, -3, 3024])
        #expect(settings.widths(for: 3024) == [100, 2400, 3024])
        #expect(settings.widths(for: 50) == [50])
    }

    @Test func gifsAndSVGsAreLeftAsTheyAre() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "animated.gif", "drawing.svg")
            let gif = try ImageResizer().variants(of: try TestPictures.bytes("animated.gif", in: folder))
            #expect(gif.leftAsIs == .gif && gif.variants.isEmpty && gif.encodes == 0)
            #expect(gif.original.width == 600 && gif.original.height == 400)
            let svg = try ImageResizer().variants(of: try TestPictures.bytes("drawing.svg", in: folder))
            #expect(svg.leftAsIs == .vector && svg.variants.isEmpty && svg.encodes == 0)
        }
    }

    @Test func keepingMetadataKeepsItButTurnsThePixels() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "phone.jpg")
            let settings = ImageSettings(widths: [480], metadata: .keep)
            let made = try ImageResizer(settings: settings).variants(of: try TestPictures.bytes("phone.jpg", in: folder))
            let readings = try await TestPictures.read(made.variants, in: folder)
            for (variant, reading) in zip(made.variants, readings) {
                #expect(reading.gps && reading.camera && reading.icc, "\(variant.width) \(variant.format): \(reading)")
                // WebP has no place for IPTC.
                #expect(reading.iptc == (variant.format == .jpeg))
                #expect(reading.width < reading.height)
                // Turned once, by bake: a reader must not turn it again.
                #expect(reading.orientation == nil || reading.orientation == 1)
            }
        }
    }

    @Test func theSameBytesAndSettingsGiveTheSameVariants() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "phone.jpg", "large.png")
            for name in ["phone.jpg", "large.png"] {
                let bytes = try TestPictures.bytes(name, in: folder)
                let settings = ImageSettings(widths: [480, 1200])
                let first = try ImageResizer(settings: settings).variants(of: bytes)
                let second = try ImageResizer(settings: settings).variants(of: bytes)
                #expect(first.variants.count == 5)
                #expect(first == second, "\(name)")
            }
        }
    }
}
