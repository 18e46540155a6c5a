import BakeKit
import Testing

@Suite struct FingerprintTests {
    struct Entry: Encodable, Hashable, Sendable {
        var title: String
        var date: Int64
        var tags: [String]
        var note: String?
    }

    struct Holder: Encodable {
        var entries: [Digested<Entry>]
        var page: Int
    }

    static let entry = Entry(title: "Hello", date: 1_396_310_400, tags: ["swift", "rss"], note: nil)

    @Test func equalValuesHashEqualAndAFieldChangeShows() {
        #expect(Fingerprint.of(Self.entry) == Fingerprint.of(Self.entry))
        var changed = [Self.entry]
        changed.append({ var e = Self.entry; e.title = "Hello!"; return e }())
        changed.append({ var e = Self.entry; e.date += 1; return e }())
        changed.append({ var e = Self.entry; e.tags = ["swift"]; return e }())
        changed.append({ var e = Self.entry; e.note = ""; return e }())
        #expect(Set(changed.map { Fingerprint.of($0) }).count == changed.count)
    }

    @Test func theShapeOfNestingCounts() {
        #expect(Fingerprint.of([[1], [2]]) != Fingerprint.of([[1, 2]]))
        #expect(Fingerprint.of(["ab", "c"]) != Fingerprint.of(["a", "bc"]))
        #expect(Fingerprint.of(Optional<Int>.none) != Fingerprint.of(Optional(0)))
        #expect(Fingerprint.of(1, seed: 1) != Fingerprint.of(1, seed: 2))
    }

    @Test func aDigestedValueHashesAsItsFingerprint() {
        let digested = Digested(Self.entry)
        #expect(digested.fingerprint == Fingerprint.of(Self.entry))
        // Read through to the value's properties.
        #expect(digested.title == "Hello")
        #expect(digested.tags == ["swift", "rss"])
        // As a field, it is its fingerprint: one word rather than every field again, so a holder
        // of many is cheap to hash, and a field changed inside still changes the holder.
        #expect(Fingerprint.of(Holder(entries: [digested], page: 1)) == Fingerprint.of(HolderOfWords(entries: [digested.fingerprint], page: 1)))
        var retitled = Self.entry
        retitled.title = "Bye"
        var noted = Self.entry
        noted.note = "a note"
        for other in [retitled, noted] {
            #expect(Fingerprint.of(Holder(entries: [Digested(other)], page: 1)) != Fingerprint.of(Holder(entries: [digested], page: 1)))
        }
    }

    @Test func digestedValuesCompareByValue() {
        var other = Self.entry
        other.tags.append("web")
        #expect(Digested(Self.entry) == Digested(Self.entry))
        #expect(Digested(Self.entry) != Digested(other))
        #expect(Set([Digested(Self.entry), Digested(Self.entry), Digested(other)]).count == 2)
    }

    /// `Holder` with its entries' fingerprints written out.
    struct HolderOfWords: Encodable {
        var entries: [UInt64]
        var page: Int
    }
}
