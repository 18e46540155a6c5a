/// A stable 64-bit FNV-1a hash, for cache keys and fingerprints that must be the same in
/// every run (Swift's `Hasher` is seeded per process).
public struct ContentHasher: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Adds bytes.
    public mutating func combine(bytes: some Sequence<UInt8>) {
        var state = self.state
        for byte in bytes {
            state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        self.state = state
    }

    /// Adds a string, followed by a separator so that ("ab","c") and ("a","bc") differ.
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(bytes: $0) }
        combine(bytes: CollectionOfOne(0xFF))
    }

    /// Adds an integer.
    public mutating func combine(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { combine(bytes: $0) }
    }

    public var value: UInt64 { state }

    /// The hash as 16 hex digits.
    public var hexDigest: String {
        let hex = String(state, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The hash of a byte buffer.
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine(bytes: bytes)
        return hasher.value
    }
}
