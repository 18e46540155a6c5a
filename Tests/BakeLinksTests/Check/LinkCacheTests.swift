import BakeIO
@testable import BakeLinks
import BakeKit
import BakeTestSupport
import Foundation
import Testing

@Suite struct LinkCacheTests {
    /// A damaged file is read as far as its good lines go: no line, whatever numbers it holds,
    /// stops a check.
    @Test func damagedLinesAreSkippedNotTrusted() throws {
        try withTemporaryFolder { root in
            let now = Timestamp(seconds: 1_800_000_000)
            let lines = [
                "-9223372036854775808\t0\thttps://a.example/\t",
                "9223372036854775807\t0\thttps://b.example/\t",
                "1799999000\t0\thttps://good.example/\t",
                "1799999000\tx\thttps://c.example/\t",
                "not a line",
            ]
            try FileIO.writeAtomically(Array((lines.joined(separator: "\n") + "\n").utf8), to: root + "/links", durable: false)
            let cache = LinkCache.read(from: root + "/links", now: now, lifetime: .seconds(7 * 86_400))
            #expect(Set(cache.entries.keys) == ["https://good.example/"])
        }
    }
}
