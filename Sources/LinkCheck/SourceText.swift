import BakeKit
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
        guard !text.isEmpty else { return nil }
        return ByteSearch.firstOffset(of: Array(text.utf8), in: bytes)
    }

    /// The 1-based line of the byte at `offset`.
    func line(at offset: Int) -> Int {
        bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
