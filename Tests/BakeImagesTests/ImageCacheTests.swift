import BakeImages
import BakeIO
import BakeTestSupport
import Testing

@Suite struct ImageCacheTests {
    @Test func aSecondRunDecodesAndEncodesNothing() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "phone.jpg", "large.png", "small.jpg", "animated.gif", "notes.jpg")
            let names = ["phone.jpg", "large.png", "small.jpg", "animated.gif", "notes.jpg", "missing.jpg"]
            let paths = names.map { folder + "/" + $0 }
            let cacheFolder = folder + "/.bake-cache/images"

            let first = await ImageCache(folder: cacheFolder, settings: ImageSettings()).variants(ofFilesAt: paths)
            #expect(first.map { (try? $0.get())?.encodes } == [11, 11, 2, 0, nil, nil])
            #expect(throws: ImageError.notAnImage) { try first[4].get() }
            guard case .failure(.file(let missing)) = first[5] else {
                Issue.record("expected a file error for missing.jpg, got \(first[5])")
                return
            }
            #expect(missing.path == paths[5])

            let second = await ImageCache(folder: cacheFolder, settings: ImageSettings()).variants(ofFilesAt: paths)
            #expect(second.map { (try? $0.get())?.encodes } == [0, 0, 0, 0, nil, nil])
            #expect(second.map { (try? $0.get())?.decodes } == [0, 0, 0, 0, nil, nil])
            for index in 0..<4 {
                let made = try first[index].get()
                let kept = try second[index].get()
                #expect(kept.original == made.original && kept.variants == made.variants && kept.leftAsIs == made.leftAsIs)
            }
        }
    }

    @Test func changedSettingsMakeTheVariantsAgain() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "small.jpg")
            let bytes = try TestPictures.bytes("small.jpg", in: folder)
            let cacheFolder = folder + "/cache"
            let settings = ImageSettings()
            #expect(try ImageCache(folder: cacheFolder, settings: settings).variants(of: bytes).encodes == 2)
            #expect(try ImageCache(folder: cacheFolder, settings: settings).variants(of: bytes).encodes == 0)
            var changed = settings
            changed.quality = 60
            #expect(try ImageCache(folder: cacheFolder, settings: changed).variants(of: bytes).encodes == 2)
            changed.metadata = .keep
            #expect(try ImageCache(folder: cacheFolder, settings: changed).variants(of: bytes).encodes == 2)
            changed.widths = [200]
            #expect(try ImageCache(folder: cacheFolder, settings: changed).variants(of: bytes).encodes == 3)
            // The order widths are given in shapes nothing.
            #expect(try ImageCache(folder: cacheFolder, settings: ImageSettings(widths: [2400, 1600, 1200, 800, 480])).variants(of: bytes).encodes == 0)
        }
    }

    @Test func aDamagedCacheFileIsMadeAgain() async throws {
        try await withTemporaryFolder { folder in
            try await TestPictures.make(in: folder, "small.jpg")
            let bytes = try TestPictures.bytes("small.jpg", in: folder)
            let cache = ImageCache(folder: folder + "/cache", settings: ImageSettings())
            let made = try cache.variants(of: bytes)
            let record = cache.path(for: bytes) + "/" + CachedPicture.recordName
            let file = try FileIO.read(record)
            try FileIO.writeAtomically(Array(file.prefix(file.count / 2)), to: record, durable: false)
            let again = try cache.variants(of: bytes)
            #expect(again.encodes == 2)
            #expect(again.variants == made.variants)
            #expect(try cache.variants(of: bytes).encodes == 0)
        }
    }
}
