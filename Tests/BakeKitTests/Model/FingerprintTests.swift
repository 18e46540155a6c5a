import BakeKit
import Testing

@Suite struct FingerprintTests {
    struct Entry: Encodable, Fingerprintable, Hashable, Sendable {
        var title: String
        var date: Int64
        var tags: [String]
        var note: Int64?

        func addFields(to fields: inout FingerprintFields) {
            fields.add(title)
            fields.add(date)
            fields.add(tags)
            fields.add(note)
        }
    }

    struct Holder: Encodable {
        var entries: [Digested<Entry>]
        var page: Int
    }

    static let entry = Entry(title: "Hello", date: 1_396_310_400, tags: ["swift", "rss"], note: nil)

    @Test func equalValuesHashEqualAndAFieldChangeShows() {
        var changed = [Self.entry]
        changed.append({ var e = Self.entry; e.title = "Hello!"; return e }())
        changed.append({ var e = Self.entry; e.date += 1; return e }())
        changed.append({ var e = Self.entry; e.tags = ["swift"]; return e }())
        changed.append({ var e = Self.entry; e.note = 0; return e }())
        // By hand and through `Encodable` alike.
        #expect(Fingerprint.of(Self.entry) == Fingerprint.of(Self.entry))
        #expect(Set(changed.map { Fingerprint.of($0) }).count == changed.count)
        #expect(Fingerprint.of(encoding: Self.entry) == Fingerprint.of(encoding: Self.entry))
        #expect(Set(changed.map { Fingerprint.of(encoding: $0) }).count == changed.count)
        #expect(FingerprintFields.of(Self.entry).count == 4)
    }

    @Test func theShapeOfNestingCounts() {
        #expect(Fingerprint.of(encoding: [[1], [2]]) != Fingerprint.of(encoding: [[1, 2]]))
        #expect(Fingerprint.of(encoding: ["ab", "c"]) != Fingerprint.of(encoding: ["a", "bc"]))
        #expect(Fingerprint.of(encoding: Optional<Int>.none) != Fingerprint.of(encoding: Optional(0)))
        #expect(Fingerprint.of(encoding: 1, seed: 1) != Fingerprint.of(encoding: 1, seed: 2))
        // By hand: strings end, arrays count, optionals say whether they are there.
        func tags(_ tags: [String], note: Int64? = nil) -> UInt64 { Fingerprint.of(Entry(title: "", date: 0, tags: tags, note: note)) }
        #expect(tags(["ab", "c"]) != tags(["a", "bc"]))
        #expect(tags(["a"]) != tags(["a", ""]))
        #expect(tags([], note: nil) != tags([], note: 0))
        #expect(Fingerprint.of(Self.entry, seed: 1) != Fingerprint.of(Self.entry, seed: 2))
    }

    @Test func aDigestedValueHashesAsItsFingerprint() {
        let digested = Digested(Self.entry)
        #expect(digested.fingerprint == Fingerprint.of(Self.entry))
        // Read through to the value's properties.
        #expect(digested.title == "Hello")
        #expect(digested.tags == ["swift", "rss"])
        // As a field, it is its fingerprint: one word rather than every field again, so a holder
        // of many is cheap to hash, and a field changed inside still changes the holder.
        #expect(Fingerprint.of(encoding: Holder(entries: [digested], page: 1)) == Fingerprint.of(encoding: HolderOfWords(entries: [digested.fingerprint], page: 1)))
        var retitled = Self.entry
        retitled.title = "Bye"
        var noted = Self.entry
        noted.note = 42
        for other in [retitled, noted] {
            #expect(Fingerprint.of(encoding: Holder(entries: [Digested(other)], page: 1)) != Fingerprint.of(encoding: Holder(entries: [digested], page: 1)))
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
