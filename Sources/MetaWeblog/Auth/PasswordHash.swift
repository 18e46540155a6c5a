internal import CBcrypt
import HummingbirdBcrypt

// The only file in MetaWeblog that talks to the bcrypt C code. HummingbirdBcrypt's
// `verify` compares the hashes with memcmp, which returns early at the first difference;
// `matches` hashes with the same C function and compares every byte itself.

/// A bcrypt password hash, as `hash-password` prints it and `site.settings` stores it:
/// `$2b$12$` then 22 characters of salt and 31 of hash.
///
/// ```swift
/// let hash = PasswordHash.make(password: "correct horse", cost: 12)
/// hash.matches("correct horse")   // true
/// PasswordHash("hunter2")         // nil: a plain password is not a hash
/// ```
public struct PasswordHash: Sendable, Hashable {
    /// The cost `hash-password` uses: 2^12 rounds, about a quarter of a second.
    public static let defaultCost = 12
    /// The least cost `hash-password` accepts.
    public static let minimumCost = 10
    /// The costs bcrypt can do; tests use the cheapest, 4.
    public static let possibleCosts = 4...31

    /// The hash, e.g. `$2b$12$…`.
    public let text: String

    /// The hash in `text`, or nil when it is not a bcrypt hash.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 60, bytes[0] == UInt8(ascii: "$"), bytes[1] == UInt8(ascii: "2"),
              [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "y")].contains(bytes[2]),
              bytes[3] == UInt8(ascii: "$"), bytes[6] == UInt8(ascii: "$"),
              // Two digits, as bcrypt reads them (`Int` alone would take "+4").
              bytes[4...5].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let cost = Int(String(decoding: bytes[4..<6], as: UTF8.self)), Self.possibleCosts.contains(cost),
              bytes[7...].allSatisfy(Self.isBcryptBase64)
        else { return nil }
        self.text = text
    }

    /// Hashes a password with a fresh random salt. `cost` must be in `possibleCosts`.
    public static func make(password: String, cost: Int) -> PasswordHash {
        precondition(possibleCosts.contains(cost), "bcrypt cost \(cost) is outside \(possibleCosts)")
        let text = Bcrypt.hash(password, cost: UInt8(cost))
        guard let hash = PasswordHash(text) else { preconditionFailure("Bcrypt.hash made \(text), which is not a bcrypt hash") }
        return hash
    }

    /// The hash's cost: log2 of its rounds.
    public var cost: Int {
        Int(text.dropFirst(4).prefix(2)) ?? 0
    }

    /// Whether `password` hashes to this hash. Takes the same time wherever the hashes differ.
    public func matches(_ password: String) -> Bool {
        // bcrypt reads the key up to its first NUL; a password holding one is never right.
        guard !password.utf8.contains(0) else { return false }
        // `$2y$` (htpasswd's name for it) is the same algorithm as `$2b$`, which the C code knows.
        var expected = Array(text.utf8)
        if expected[2] == UInt8(ascii: "y") { expected[2] = UInt8(ascii: "b") }
        let setting = String(decoding: expected, as: UTF8.self)
        var computed = [CChar](repeating: 0, count: Int(BCRYPT_HASHSPACE) + 1)
        let status = computed.withUnsafeMutableBufferPointer { buffer in
            c_hb_bcrypt_hashpass(password, setting, buffer.baseAddress, Int(BCRYPT_HASHSPACE))
        }
        guard status == 0 else { return false }
        let candidate = computed.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return ConstantTime.equal(candidate, expected)
    }
}

private extension PasswordHash {
    static func isBcryptBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }
}
