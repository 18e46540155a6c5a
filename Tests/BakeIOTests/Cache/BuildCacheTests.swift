import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

@Suite struct BuildCacheTests {
    /// One post of every shape the cache stores, and a page.
    func entries() throws -> [(file: FileEntry, entry: BuildCache.Entry)] {
        let settings = try SiteSettings(metadata: MetadataParser().parse(text: goodBlog["site.settings"]!).metadata)
        let parser = PostParser(settings: settings)
        let full = try parser.parsePost(
            path: "posts/2014/03/31/full.markdown",
            bytes: Array("@title Full ✓\n@pubDate 2014-03-31 20:16:46 -0700\n@modDate 2014-04-01 08:00:00\n@link https://example.org\n@categoryArray A, B\n@dbid 7\n@empty\n\nBody with 🍞.\n".utf8),
            status: .published, now: testNow
        ).post
        let untitled = try parser.parsePost(path: "posts/2014/03/31/untitled.html", bytes: Array("@pubDate 2014-03-31 10:00:00\n\n<p>No title.</p>\n".utf8), status: .published, now: testNow).post
        let page = try parser.parsePage(path: "pages/about.markdown", bytes: Array("@title About\n\nMe.\n".utf8)).page
        // Not in path order: the cache sorts them.
        return [
            (FileEntry(path: untitled.sourcePath, size: 50, modified: -5), .post(untitled)),
            (FileEntry(path: full.sourcePath, size: 120, modified: 1_700_000_000_123_456_789), .post(full)),
            (FileEntry(path: page.sourcePath, size: 20, modified: 0), .page(page)),
        ]
    }

    @Test func roundTrip() async throws {
        try await withTemporaryFolder { root in
            let original = BuildCache(entries: try entries())
            try write(original.encoded(key: 42), to: "cache", in: root)
            let loaded = await BuildCache.load(from: root + "/cache", key: 42)
            #expect(original.entries.map(\.file.path) == ["pages/about.markdown", "posts/2014/03/31/full.markdown", "posts/2014/03/31/untitled.html"])
            #expect(loaded.entries.map(\.file.path) == original.entries.map(\.file.path))
            for ((file, entry), (loadedFile, loadedEntry)) in zip(original.entries, loaded.entries) {
                #expect(loadedFile == file, "\(file.path)")
                #expect(loadedEntry == entry, "\(file.path)")
            }
            #expect(original.encoded(key: 42) == loaded.encoded(key: 42))
        }
    }

    /// Written to its file a segment at a time, the cache is the bytes `encoded` gives.
    @Test func writtenInSegmentsItIsItsEncoding() async throws {
        try await withTemporaryFolder { root in
            // More entries than the cache has segments, so that each holds some.
            let one = try entries()
            let many = (0..<20).flatMap { index in
                one.map { (file: FileEntry(path: "\(index)/" + $0.file.path, size: $0.file.size, modified: $0.file.modified), entry: $0.entry) }
            }
            let cache = BuildCache(entries: many)
            try cache.write(to: root + "/cache", key: 42)
            #expect(try FileIO.read(root + "/cache") == cache.encoded(key: 42))
            #expect(await BuildCache.load(from: root + "/cache", key: 42).entries.count == many.count)
        }
    }

    @Test func anotherKeyOrDamagedBytesGiveAnEmptyCache() async throws {
        try await withTemporaryFolder { root in
            let bytes = BuildCache(entries: try entries()).encoded(key: 42)
            try write(bytes, to: "cache", in: root)
            #expect(await BuildCache.load(from: root + "/cache", key: 43).entries.isEmpty)
            for cut in [1, bytes.count / 2, bytes.count - 1] {
                try write(Array(bytes.prefix(cut)), to: "cache", in: root)
                #expect(await BuildCache.load(from: root + "/cache", key: 42).entries.isEmpty, "cut at \(cut)")
            }
            #expect(await BuildCache.load(from: root + "/missing", key: 42).entries.isEmpty)
        }
    }

    /// Lengths and counts near `Int.max` must not overflow or reserve memory: just no cache.
    @Test func absurdLengthsGiveAnEmptyCache() async throws {
        try await withTemporaryFolder { root in
            let magic = Array("bake-cache 4".utf8)
            func int(_ value: Int64) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
            let prefix = int(Int64(magic.count)) + magic + int(42)
            for damaged in [
                prefix + int(.max),                              // segment count
                prefix + int(1) + int(.max - 3),                 // segment length
                prefix + int(1) + int(8) + int(.max),            // entries in the segment
                prefix + int(1) + int(16) + int(1) + int(.max),  // length of the first path
            ] {
                try write(damaged, to: "cache", in: root)
                #expect(await BuildCache.load(from: root + "/cache", key: 42).entries.isEmpty)
            }
        }
    }

    /// A damaged cache only costs time: the build reads every source again.
    @Test func aBuildWithADamagedCacheIsStillCorrect() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/one").summary()
            try write("bake-cache 4 but then garbage", to: ".bake-cache/sources", in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/two").summary()
            try expectSameSite(root + "/one", root + "/two")
        }
    }
}
