/// A compact binary writer for the build cache: little-endian integers and length-prefixed
/// UTF-8 strings. Hand-made because decoding 10,000 posts with `JSONDecoder` alone takes
/// longer than a whole no-op build is allowed to.
package struct ByteWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// Hands what is written so far to `output` once it is `limit` bytes or more, and starts
    /// again in the same memory: a large file is written with about one chunk in memory.
    /// `limit: 0` hands over whatever is left.
    package mutating func send(to output: FileIO.AtomicOutput, over limit: Int = ByteWriter.chunkSize) throws(FileSystemError) {
        guard bytes.count >= limit, !bytes.isEmpty else { return }
        try output.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// How much `send(to:)` gathers before it writes.
    package static let chunkSize = 1 << 20

    /// Writes the file at `path` (`FileIO.writeAtomically(to:_:)`, durably enough for a cache)
    /// from what `encode` writes: the writer goes to the file at each `send(to: output)` that
    /// `encode` makes once it holds a chunk, and what is left goes when `encode` returns.
    package static func writeAtomically(to path: String, _ encode: (inout ByteWriter, FileIO.AtomicOutput) throws(FileSystemError) -> Void) throws(FileSystemError) {
        try FileIO.writeAtomically(to: path, durable: false) { output throws(FileSystemError) in
            var writer = ByteWriter()
            try encode(&writer, output)
            try writer.send(to: output, over: 0)
        }
    }

    package mutating func write(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func write(_ value: UInt64) { write(Int64(bitPattern: value)) }
    package mutating func write(_ value: Int) { write(Int64(value)) }
    package mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func write(_ data: [UInt8]) {
        write(data.count)
        bytes.append(contentsOf: data)
    }

    package mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            write(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A count, then each string.
    package mutating func write(strings: [String]) {
        write(strings.count)
        strings.forEach { write($0) }
    }
}

/// Reads what `ByteWriter` wrote; every read fails softly, so a damaged cache is just ignored.
package struct ByteReader {
    private let bytes: [UInt8]
    private var offset: Int
    /// Where this reader's part of `bytes` ends.
    private let end: Int

    package init(_ bytes: [UInt8]) {
        self.init(bytes, range: 0..<bytes.count)
    }

    /// A reader of part of `bytes`, which it shares rather than copies.
    package init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.offset = range.lowerBound
        self.end = range.upperBound
    }

    package mutating func int64() -> Int64? {
        guard end - offset >= 8 else { return nil }
        var value: Int64 = 0
        withUnsafeMutableBytes(of: &value) { target in
            bytes.withUnsafeBytes { source in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + 8)]))
            }
        }
        offset += 8
        return Int64(littleEndian: value)
    }

    package mutating func uint64() -> UInt64? { int64().map { UInt64(bitPattern: $0) } }
    package mutating func int() -> Int? { int64().map { Int($0) } }

    package mutating func bool() -> Bool? {
        guard offset < end else { return nil }
        defer { offset += 1 }
        return bytes[offset] != 0
    }

    /// A byte length or an item count: never negative, and never more than the bytes left,
    /// since every item takes at least one. A damaged file can't make a reader overflow or
    /// reserve absurd amounts of memory.
    package mutating func count() -> Int? {
        guard let count = int64(), count >= 0, count <= Int64(end - offset) else { return nil }
        return Int(count)
    }

    /// The range of a length-prefixed segment, skipped over; read it with `init(_:range:)`.
    package mutating func segment() -> Range<Int>? {
        guard let count = count() else { return nil }
        defer { offset += count }
        return offset..<(offset + count)
    }

    package mutating func string() -> String? {
        guard let count = count() else { return nil }
        defer { offset += count }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    /// What `write(strings:)` wrote.
    package mutating func strings() -> [String]? {
        guard let count = count() else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count {
            guard let string = string() else { return nil }
            strings.append(string)
        }
        return strings
    }
}
