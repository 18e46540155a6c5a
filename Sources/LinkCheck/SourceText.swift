import Foundation

/// A file of the blog or theme, for finding the line that holds a URL.
public struct SourceText: Sendable {
    /// The file as reports name it, e.g. `posts/2014/03/31/hello.markdown`.
    public let path: String
    /// Its UTF-8 bytes.
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The offset of the first occurrence of `text`, or nil.
    func firstOffset(of text: String) -> Int? {
        var text = text
        return text.withUTF8 { needle -> Int? in
            guard let first = needle.first, needle.count <= bytes.count else { return nil }
            return bytes.withUnsafeBytes { haystack -> Int? in
                guard let base = haystack.baseAddress else { return nil }
                var start = 0
                let last = haystack.count - needle.count
                while start <= last {
                    // memchr finds each candidate first byte; memcmp checks the rest.
                    guard let found = memchr(base + start, Int32(first), last - start + 1) else { return nil }
                    let offset = UnsafeRawPointer(found) - base
                    if memcmp(found, needle.baseAddress!, needle.count) == 0 { return offset }
                    start = offset + 1
                }
                return nil
            }
        }
    }

    /// The 1-based line of the byte at `offset`.
    func line(at offset: Int) -> Int {
        bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
