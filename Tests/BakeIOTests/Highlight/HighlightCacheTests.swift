@testable import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

@Suite struct HighlightCacheTests {
    let swift = CodeBlock(language: "swift", code: "let x = 1\n")
    let unknown = CodeBlock(language: "nosuchlang", code: "x\n")
    let html = "<span class=\"kd\">let</span> x = <span class=\"mi\">1</span>\n"

    @Test func keepsHighlightsAndUnknownLanguagesForTheSamePygments() throws {
        try withTemporaryFolder { root in
            var cache = HighlightCache()
            #expect(cache[swift] == nil)
            cache.add(swift, html: html)
            cache.add(unknown, html: nil)
            #expect(cache[swift] == .some(html))
            #expect(cache[unknown] == .some(nil))
            try cache.write(to: root + "/highlights", identity: "Pygments 2.20.0, worker 1")

            var loaded = HighlightCache.load(from: root + "/highlights", identity: "Pygments 2.20.0, worker 1")
            #expect(loaded[swift] == .some(html))
            #expect(loaded[unknown] == .some(nil))
            #expect(loaded[CodeBlock(language: "swift", code: "let y = 2\n")] == nil)
            #expect(loaded[CodeBlock(language: "python", code: "let x = 1\n")] == nil, "the language is part of the key")
            #expect(loaded.added.isEmpty)

            // Added to and written again, it keeps what it had.
            let python = CodeBlock(language: "python", code: "pass\n")
            loaded.add(python, html: "<span class=\"k\">pass</span>\n")
            try loaded.write(to: root + "/highlights", identity: "Pygments 2.20.0, worker 1")
            let again = HighlightCache.load(from: root + "/highlights", identity: "Pygments 2.20.0, worker 1")
            #expect(again[swift] == .some(html))
            #expect(again[python] == .some("<span class=\"k\">pass</span>\n"))

            #expect(HighlightCache.load(from: root + "/highlights", identity: "Pygments 2.21.0, worker 1")[swift] == nil)
            #expect(HighlightCache.load(from: root + "/missing", identity: "Pygments 2.20.0, worker 1")[swift] == nil)
        }
    }

    @Test func aCutFileKeepsWhatItHoldsWhole() throws {
        try withTemporaryFolder { root in
            var cache = HighlightCache()
            cache.add(swift, html: html)
            try cache.write(to: root + "/highlights", identity: "v")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/highlights"))
            try bytes.prefix(bytes.count - 3).write(to: URL(fileURLWithPath: root + "/highlights"))
            #expect(HighlightCache.load(from: root + "/highlights", identity: "v")[swift] == nil)
        }
    }
}
