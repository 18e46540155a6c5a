@testable import BakeKit
import Testing

@Suite struct ByteSearchTests {
    @Test func findsTheFirstOccurrenceFromAnOffset() {
        let body = Array("--b\r\nname\r\n\r\nvalue\r\n--b--".utf8)
        #expect(ByteSearch.firstOffset(of: Array("\r\n".utf8), in: body) == 3)
        #expect(ByteSearch.firstOffset(of: Array("\r\n".utf8), in: body, from: 4) == 9)
        #expect(ByteSearch.firstOffset(of: Array("--b--".utf8), in: body) == body.count - 5)
        #expect(ByteSearch.firstOffset(of: Array("--c".utf8), in: body) == nil)
        #expect(ByteSearch.firstOffset(of: Array("x".utf8), in: []) == nil)
        #expect(ByteSearch.firstOffset(of: [], in: body, from: 2) == 2)
        #expect(ByteSearch.firstOffset(of: Array("value".utf8), in: body, from: body.count) == nil)
        #expect(ByteSearch.firstOffset(of: Array("--".utf8), in: body, from: -4) == 0)
    }

    @Test func theStringSearchesGoThroughIt() {
        #expect("<p>a <img src=x></p>".utf8.firstOffset(of: "<img") == 5)
        #expect("<P>A <IMG SRC=x></P>".utf8.firstOffset(of: "<img", caseInsensitive: true) == 5)
        #expect("abc".utf8.firstOffset(of: "c", from: 3) == nil)
        #expect("abcabc".replacingBytes(of: "b", with: "xx") == "axxcaxxc")
    }

    /// A needle that matches almost everywhere and fails at its last byte: a search that checks
    /// each candidate first byte does a million times ten thousand steps; this one does not.
    @Test func aCraftedNeedleCostsNoMoreThanTheHaystack() {
        let haystack = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        let needle = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000) + [UInt8(ascii: "b")]
        #expect(ByteSearch.firstOffset(of: needle, in: haystack) == nil)
        #expect(ByteSearch.firstOffset(of: needle, in: haystack + needle) == haystack.count)
    }
}
