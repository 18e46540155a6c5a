@testable import BakeIO
import BakeKit
import Testing

/// `.bake-manifest` as bytes: what `encoded()` writes, and that `init(bytes:)` reads it back.
@Suite struct SiteManifestTests {
    @Test func writesOneSortedLinePerFileAndReadsItBack() throws {
        let manifest = SiteManifest(records: [
            "zebra.html": .init(path: "zebra.html", size: 0, modified: 1_700_000_000_123_456_789, fingerprint: 0),
            "été/index.html": .init(path: "été/index.html", size: 12, modified: 7, fingerprint: 0xDEAD_BEEF),
            "a/b.html": .init(path: "a/b.html", size: -1, modified: -1, fingerprint: UInt64.max),
            "a.html": .init(path: "a.html", size: Int64.max, modified: Int64.min, fingerprint: 0x10),
        ], state: .init(digest: 0xAB, nextBoundary: Int64.max, posts: 3, pages: 1))
        let text = String(decoding: manifest.encoded(), as: UTF8.self)
        #expect(text == """
            bake-manifest 2
            state\tab\t9223372036854775807\t3\t1\t
            9223372036854775807\t-9223372036854775808\t10\ta.html
            -1\t-1\tffffffffffffffff\ta/b.html
            0\t1700000000123456789\t0\tzebra.html
            12\t7\tdeadbeef\tété/index.html

            """)
        #expect(SiteManifest(bytes: manifest.encoded()) == manifest)
    }

    @Test func anEmptyManifestHasItsHeaderAlone() {
        #expect(String(decoding: SiteManifest(records: [:]).encoded(), as: UTF8.self) == "bake-manifest 2\n")
        #expect(SiteManifest(bytes: SiteManifest(records: [:]).encoded()) == SiteManifest(records: [:]))
    }
}
