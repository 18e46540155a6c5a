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

    /// Reads a manifest written by `encoded()`; nil if the text is not one.
    public init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.first == Substring(Self.header) else { return nil }
        lines = lines.dropFirst()
        var records: [String: Record] = [:]
        records.reserveCapacity(lines.count)
        for line in lines {
            let parts = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let size = Int64(parts[0]), let modified = Int64(parts[1]),
                  let fingerprint = UInt64(parts[2], radix: 16) else { return nil }
            let path = String(parts[3])
            records[path] = Record(path: path, size: size, modified: modified, fingerprint: fingerprint)
        }
        self.records = records
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
