import Crypto
import Foundation

/// SHA-256 (swift-crypto, already built for the shim's other dependencies) as the shim writes
/// it: access tokens' hashes in hex, PKCE's S256 challenge in base64url without padding
/// (RFC 7636 §4.2).
///
/// ```swift
/// SHA256.hash(data: Array("abc".utf8)).hex   // "ba7816bf…f20015ad"
/// ```
extension SHA256.Digest {
    /// The 32 bytes.
    var bytes: [UInt8] { Array(self) }

    /// Lowercase hex, 64 characters.
    var hex: String {
        map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// Base64url without padding.
    var base64URL: String { Base64URL.encode(bytes) }
}

/// Base64url without padding (RFC 4648 §5), for tokens, codes and PKCE: Foundation's base64
/// with the URL-safe alphabet.
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
