@testable import BakeIO
import Foundation
import Testing

/// The ledger a search bundle keeps of the pages it was made from.
@Suite struct SearchLedgerTests {
    @Test func itReadsWhatItWrites() throws {
        let ledger = SearchLedger(
            pages: ["2014/03/31/hello.html": .init(fingerprint: 0xDEAD_BEEF, id: "en_1a2b3c4"), "2014/index.html": .init(fingerprint: 7, id: nil)],
            drops: ["2014/03/30/gone.html": "en_9f8e7d6", "2014/03/29/a.html": "en_0000001", "about.html": "en_9f8e7d6"]
        )
        let bytes = ledger.encoded()
        #expect(String(decoding: bytes, as: UTF8.self) == """
        2014/03/31/hello.html\tdeadbeef\ten_1a2b3c4
        2014/index.html\t7\t-
        drop\ten_0000001\t2014/03/29/a.html
        drop\ten_9f8e7d6\t2014/03/30/gone.html
        drop\ten_9f8e7d6\tabout.html

        """)
        #expect(SearchLedger(bytes) == ledger)
        #expect(SearchLedger([]) == SearchLedger())
        let withUnmarked = SearchLedger(marked: true, pages: ledger.pages, unmarked: ["2014/03/index.html": 0xAB])
        #expect(String(decoding: withUnmarked.encoded(), as: UTF8.self).contains("\n2014/03/index.html\tab\t~\n"))
        #expect(SearchLedger(withUnmarked.encoded()) == withUnmarked)
        #expect(withUnmarked.marks?["2014/03/index.html"]?.marked == false)
        #expect(withUnmarked.marks?["2014/03/31/hello.html"]?.marked == true)
        #expect(ledger.marks == nil, "unsaid: every page is read")
        for marked in [true, false] {
            let said = SearchLedger(marked: marked, pages: ledger.pages)
            #expect(String(decoding: said.encoded(), as: UTF8.self).hasPrefix(marked ? "#marked\n2014/03/31/hello.html\t" : "#all\n2014/03/31/hello.html\t"))
            #expect(SearchLedger(said.encoded()) == said)
        }
    }

    @Test(arguments: [
        "2014/a.html\tdeadbeef\n",                       // two fields
        "2014/a.html\tnothex\ten_1\n",                   // not a fingerprint
        "2014/a.html\t1\ten_1\textra\n",                 // four fields
        "2014/a.html\t1\t\"en\"\n",                      // not an id: it would reach JSON
        "2014/a.html\t1\t../../x\n",
        "drop\t</script>\t2014/a.html\n",
        "drop\ten_1\t\n",
        "#some\n",                                      // not a header it writes
    ])
    func aLineItDoesNotWriteIsRefused(_ text: String) {
        #expect(SearchLedger(Array(text.utf8)) == nil)
    }

    @Test func aPathThatCannotBeALineIsNotRecorded() {
        #expect(SearchLedger.canRecord("2014/03/31/hello.html"))
        #expect(!SearchLedger.canRecord("2014/a\tb.html"))
        #expect(!SearchLedger.canRecord("2014/a\nb.html"))
        #expect(!SearchLedger.canRecord("drop"))
        #expect(!SearchLedger.canRecord("#marked"))
    }

    @Test func aChangedPageGoesToRecentChangesAndItsCopyIsDropped() {
        let base = SearchLedger(pages: [
            "2014/a.html": .init(fingerprint: 1, id: "en_a"),
            "2014/b.html": .init(fingerprint: 2, id: "en_b"),
            "2014/c.html": .init(fingerprint: 3, id: "en_c"),
        ])
        let records = ["2014/a.html": 1, "2014/b.html": 20, "2014/d.html": 4].mapValues { SiteManifest.Record(path: "", size: 0, modified: 0, fingerprint: $0) }
        let shard = SearchShard(name: "2014", pages: ["2014/a.html", "2014/b.html", "2014/d.html"], fingerprint: 9)

        let changes = SearchIndexer.changes(of: shard, records: records, since: base)

        // b changed, d is new, c is gone; a is as its year's bundle has it.
        #expect(changes?.pages.keys.sorted() == ["2014/b.html", "2014/d.html"])
        #expect(changes?.drops == ["2014/b.html": "en_b", "2014/c.html": "en_c"])
        var unknown = base
        unknown.pages["2014/c.html"] = .init(fingerprint: 3, id: nil)
        #expect(SearchIndexer.changes(of: shard, records: records, since: unknown) == nil, "a copy that cannot be dropped")
    }
}

/// `pagefind/bundles.json`, as the search page reads it.
@Suite struct BundleListTests {
    @Test func itListsTheBundlesNewestFirstAndThePagesLast() {
        #expect(String(decoding: SearchIndexer.bundleList(["pages", "2012", "2014"]), as: UTF8.self) == "{\"bundles\":[\"2014\",\"2012\",\"pages\"]}\n")
    }

    @Test func eachStaleCopyIsNamedByItsIdAndItsURLForIdsMayCollide() {
        let list = SearchIndexer.bundleList(["2014", "2012"], recent: "recent", drops: [
            "2014/03/31/hello.html": "en_1a2b3c4", "2012/index.html": "en_1a2b3c4", "2012/06/01/a \"quoted\" page.html": "en_0",
        ])
        #expect(String(decoding: list, as: UTF8.self) == #"""
        {"bundles":["2014","2012"],"drop":[["en_0","\/2012\/06\/01\/a \"quoted\" page.html"],["en_1a2b3c4","\/2012\/"],["en_1a2b3c4","\/2014\/03\/31\/hello.html"]],"recent":"recent"}

        """#.replacingOccurrences(of: "\\/", with: "/"))
    }
}
