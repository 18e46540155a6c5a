#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

        /// Whether `entry`, the file as it is on disk now, is still as bake left it.
        public func matches(_ entry: FileEntry?) -> Bool {
            entry.map { $0.size == size && $0.modified == modified } ?? false
        }
    }

    /// What the build that wrote the manifest was made from, so that the next build can see
    /// at a glance that nothing changed.
    public struct State: Sendable, Hashable {
        /// A hash of every source's path, size and mtime, the settings, templates and options.
        public let digest: UInt64
        /// The earliest post date after that build's time: when it passes, a future post
        /// appears, so the site must be planned again.
        public let nextBoundary: Int64
        public let posts: Int
        public let pages: Int

        public init(digest: UInt64, nextBoundary: Int64, posts: Int, pages: Int) {
            self.digest = digest
            self.nextBoundary = nextBoundary
            self.posts = posts
            self.pages = pages
        }
    }

    public static let fileName = ".bake-manifest"
    /// The paths a build is about to write for the first time, saved before it writes them:
    /// if the build is killed before the manifest is saved, the next build still knows that
    /// those files are bake's own, not a stranger's, and takes them back.
    public static let pendingFileName = ".bake-manifest.pending"
    static let pendingHeader = "bake-pending 1"

    /// The pending list for `paths`, one per line.
    static func encodedPending(_ paths: [String]) -> [UInt8] {
        var bytes = Array((pendingHeader + "\n").utf8)
        for path in paths {
            bytes += path.utf8
            bytes.append(0x0A)
        }
        return bytes
    }

    /// The paths of a pending list; nil if the bytes are not one (a torn write is not one:
    /// the list is written whole, then renamed into place).
    static func decodePending(_ bytes: [UInt8]) -> [String]? {
        guard bytes.starts(with: Array((pendingHeader + "\n").utf8)) else { return nil }
        return bytes.dropFirst(pendingHeader.utf8.count + 1).split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    }

    /// This manifest with records for `paths` it lacks, which no file on disk can match, so
    /// that the next build renders them again (or removes them) as its own.
    func adopting(_ paths: [String]) -> SiteManifest {
        var records = self.records
        for path in paths where records[path] == nil {
            records[path] = Record(path: path, size: -1, modified: -1, fingerprint: 0)
        }
        return SiteManifest(records: records, state: nil)
    }
    static let header = "bake-manifest 2"

    public let records: [String: Record]
    public let state: State?

    public init(records: [String: Record], state: State? = nil) {
        self.records = records
        self.state = state
    }

    /// Reads a manifest written by `encoded()`; nil if the bytes are not one.
    public init?(bytes: [UInt8]) {
        // Version 1, from before the state line, reads the same way.
        guard let header = [Self.header, "bake-manifest 1"].map({ Array(($0 + "\n").utf8) }).first(where: { bytes.starts(with: $0) }) else {
            return nil
        }
        var records: [String: Record] = [:]
        records.reserveCapacity(bytes.count / 60)
        var index = header.count
        // "state<TAB>digest<TAB>boundary<TAB>posts<TAB>pages<TAB>\n"
        var state: State?
        let stateTag = Array("state\t".utf8)
        if bytes[index...].starts(with: stateTag) {
            index += stateTag.count
            guard let digest = Self.number(bytes, &index, radix: 16), let boundary = Self.number(bytes, &index, radix: 10),
                  let posts = Self.number(bytes, &index, radix: 10), let pages = Self.number(bytes, &index, radix: 10),
                  let postCount = Int(exactly: posts), let pageCount = Int(exactly: pages),
                  index < bytes.count, bytes[index] == 0x0A else { return nil }
            index += 1
            state = State(digest: digest, nextBoundary: Int64(bitPattern: boundary), posts: postCount, pages: pageCount)
        }
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
        self.state = state
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
            // More digits than fit is damage, not a number that wraps around.
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: radix)
            let (sum, carried) = shifted.addingReportingOverflow(digit)
            guard !overflowed, !carried else { return nil }
            value = sum
            digits += 1
            index += 1
        }
        guard digits > 0, index < bytes.count else { return nil }
        index += 1
        // Two's complement by wrapping, so even -9223372036854775808 can't trap.
        return negative ? 0 &- value : value
    }

    /// One line per file: size, mtime, fingerprint and path, tab-separated, sorted by path
    /// (by its UTF-8 bytes, which for the NFC paths a file system gives is `String`'s order).
    ///
    /// The lines are made first, then sorted by the paths in them: comparing bytes in place,
    /// rather than the records' `String`s, spares a retain and a release per comparison, which
    /// were most of the cost at 23,000 files.
    public func encoded() -> [UInt8] {
        var bytes = Array((Self.header + "\n").utf8)
        if let state {
            bytes += Array("state\t\(String(state.digest, radix: 16))\t\(state.nextBoundary)\t\(state.posts)\t\(state.pages)\t\n".utf8)
        }
        var lines: [UInt8] = []
        lines.reserveCapacity(records.count * 90)
        // Where each line starts, where its path starts, and (last) the end of the lines.
        var lineStarts: [Int] = []
        var pathStarts: [Int] = []
        lineStarts.reserveCapacity(records.count + 1)
        pathStarts.reserveCapacity(records.count)
        for record in records.values {
            lineStarts.append(lines.count)
            Self.append(UInt64(bitPattern: record.size), negative: record.size < 0, radix: 10, to: &lines)
            Self.append(UInt64(bitPattern: record.modified), negative: record.modified < 0, radix: 10, to: &lines)
            Self.append(record.fingerprint, negative: false, radix: 16, to: &lines)
            pathStarts.append(lines.count)
            lines += record.path.utf8
            lines.append(0x0A)
        }
        lineStarts.append(lines.count)
        var order = Array(0..<records.count)
        lines.withUnsafeBufferPointer { text in
            lineStarts.withUnsafeBufferPointer { lineStarts in
                pathStarts.withUnsafeBufferPointer { pathStarts in
                    guard let base = text.baseAddress else { return }
                    order.sort { a, b in
                        // Each path runs to the newline that ends its line.
                        let (startA, startB) = (pathStarts[a], pathStarts[b])
                        let (countA, countB) = (lineStarts[a + 1] - 1 - startA, lineStarts[b + 1] - 1 - startB)
                        let compared = memcmp(base + startA, base + startB, min(countA, countB))
                        return compared != 0 ? compared < 0 : countA < countB
                    }
                }
            }
        }
        bytes.reserveCapacity(bytes.count + lines.count)
        for index in order {
            bytes += lines[lineStarts[index]..<lineStarts[index + 1]]
        }
        return bytes
    }

    /// Appends a number's digits and a tab; what `number` reads back.
    private static func append(_ value: UInt64, negative: Bool, radix: UInt64, to bytes: inout [UInt8]) {
        var magnitude = negative ? 0 &- value : value
        if negative { bytes.append(UInt8(ascii: "-")) }
        // Digits from the last, into a buffer on the stack: at most 20 in base 10.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
            var start = 20
            buffer[20] = 0x09
            if radix == 16 {
                repeat {
                    let digit = UInt8(truncatingIfNeeded: magnitude & 0xF)
                    start -= 1
                    buffer[start] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                    magnitude >>= 4
                } while magnitude > 0
            } else {
                repeat {
                    let (quotient, digit) = magnitude.quotientAndRemainder(dividingBy: 10)
                    start -= 1
                    buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digit)
                    magnitude = quotient
                } while magnitude > 0
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }
}
