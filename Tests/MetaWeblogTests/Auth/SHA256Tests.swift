import Crypto
@testable import MetaWeblog
import Testing

/// The FIPS 180-4 examples and PKCE's example from RFC 7636, through swift-crypto and the shim's encodings of a digest.
@Suite struct SHA256Tests {
    @Test func matchesTheStandardExamples() {
        #expect(SHA256.hash(data: [UInt8]()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hash(data: Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hash(data: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hex
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hash(data: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hex
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// RFC 4648's test vectors, in the URL-safe alphabet and without padding.
    @Test func writesBase64URLWithoutPadding() {
        #expect(["", "f", "fo", "foo", "foob", "fooba", "foobar"].map { Base64URL.encode(Array($0.utf8)) } == ["", "Zg", "Zm8", "Zm9v", "Zm9vYg", "Zm9vYmE", "Zm9vYmFy"])
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
    }

    @Test func makesThePKCEChallengeOfRFC7636() {
        #expect(SHA256.hash(data: Array("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk".utf8)).base64URL == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }
}
