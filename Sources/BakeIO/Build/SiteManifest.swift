import BakeKit

/// The record, kept in the output folder as `.bake-manifest`, of every file bake wrote
/// there. It is how bake knows what it owns: only files listed here are ever removed, and
/// bake refuses a non-empty output folder that has none.
public struct SiteManifest: Sendable, Hashable {
    /// One file bake wrote.
    public struct Record: Sendable, Hashable {
        public let path: String
        public let size: Int64
        public let modified: Int64
        /// What the file was made from (`SiteRenderer.fingerprint`), or of the source for copies.
        public let fingerprint: UInt64

        public init(path: String, size: Int64, modified: Int64, fingerprint: UInt64) {
            self.path = path
            self.size = size
            self.modified = modified
            self.fingerprint = fingerprint
        }
    }

    public static let fileName = ".bake-manifest"
    static let header = "bake-manifest 1"

    public let records: [String: Record]

    public init(records: [String: Record]) {
        self.records = records
    }

    /// Reads a manifest written by `encoded()`; nil if the bytes are not one.
    public init?(bytes: [UInt8]) {
        let header = Array((Self.header + "\n").utf8)
        guard bytes.starts(with: header) else { return nil }
        var records: [String: Record] = [:]
        records.reserveCapacity(bytes.count / 60)
        var index = header.count
        while index < bytes.count {
            guard let size = Self.number(bytes, &index, radix: 10), let modified = Self.number(bytes, &index, radix: 10),
                  let fingerprint = Self.number(bytes, &index, radix: 16) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            guard index > start else { return nil }
            let path = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            records[path] = Record(path: path, size: Int64(bitPattern: size), modified: Int64(bitPattern: modified), fingerprint: fingerprint)
        }
        self.records = records
    }

    /// Reads digits up to a tab, skipping it; a leading `-` makes the number negative.
    private static func number(_ bytes: [UInt8], _ index: inout Int, radix: UInt64) -> UInt64? {
        var value: UInt64 = 0
        var negative = false
        var digits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        while index < bytes.count, bytes[index] != 0x09 {
            let byte = bytes[index]
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
            value = value &* radix &+ digit
            digits += 1
            index += 1
        }
        guard digits > 0, index < bytes.count else { return nil }
        index += 1
        return negative ? UInt64(bitPattern: -Int64(bitPattern: value)) : value
    }

    /// One line per file: size, mtime, fingerprint and path, tab-separated, sorted by path.
    public func encoded() -> [UInt8] {
        var text = Self.header + "\n"
        for record in records.values.sorted(by: { $0.path < $1.path }) {
            text += "\(record.size)\t\(record.modified)\t\(String(record.fingerprint, radix: 16))\t\(record.path)\n"
        }
        return Array(text.utf8)
    }
}
