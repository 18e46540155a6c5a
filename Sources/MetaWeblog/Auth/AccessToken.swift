import Crypto
import Foundation

/// One access token as the blog keeps it: its name, scopes and creation date, and the
/// SHA-256 of the token, never the token itself.
public struct AccessToken: Sendable, Hashable, Codable {
    /// Who the token is for, e.g. `iA Writer`; unique among the blog's tokens.
    public let name: String
    /// Lowercase hex SHA-256 of the token's text.
    public let sha256: String
    /// What the token may do.
    public let scopes: [TokenScope]
    /// When it was made, in RFC 3339 (UTC).
    public let created: String

    /// Makes a new random token: 256 bits from the system's secure generator, as
    /// `bake_` and 43 base64url characters. Returns the token, to show once, and its record.
    public static func make(name: String, scopes: [TokenScope], now: Date) -> (token: String, record: AccessToken) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let token = prefix + Base64URL.encode(bytes)
        let record = AccessToken(name: name, sha256: Self.hash(token), scopes: scopes, created: Self.timestamp(now))
        return (token, record)
    }

    /// The hash a token's record holds.
    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).hex
    }

    /// Whether this record is the record of `token`, compared in constant time.
    func matches(hash: String) -> Bool {
        ConstantTime.equal(Array(hash.utf8), Array(sha256.utf8))
    }

    /// What every token made here starts with, so that one found in a file can be recognised.
    public static let prefix = "bake_"

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
