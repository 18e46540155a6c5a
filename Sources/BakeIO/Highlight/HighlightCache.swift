import BakeKit

/// What Pygments made of every code block bake has highlighted, by language and code, kept
/// in `.bake-cache/highlights` for the same Pygments and worker, so that a rebuild highlights
/// only new code.
///
/// A block is found by a hash of its language and code; what is found is used only when
/// `CodeBlock.isShown(by:)` agrees that it shows that very code, so neither a damaged file nor
/// a hash that two blocks share can put the wrong code on a page.
///
/// ```swift
/// var cache = HighlightCache.load(from: blog.highlightCachePath, identity: identity)
/// cache[block]                              // .some("<span …"), .some(nil) for an unknown language, or nil
/// cache.add(block, html: html)
/// try cache.write(to: blog.highlightCachePath, identity: identity)
/// ```
struct HighlightCache: Sendable {
    static let magic = "bake-highlights 1"

    /// The file's bytes, and where each entry's HTML is in them (nil: an unknown language).
    private let bytes: [UInt8]
    private let kept: [UInt64: Range<Int>?]
    /// Entries added since it was loaded.
    private(set) var added: [UInt64: String?] = [:]

    /// An empty cache.
    init() {
        bytes = []
        kept = [:]
    }

    private init(bytes: [UInt8], kept: [UInt64: Range<Int>?]) {
        self.bytes = bytes
        self.kept = kept
    }

    /// What is kept for `block`: its HTML, `.some(nil)` when its language has no lexer, or
    /// nil when nothing is kept.
    subscript(block: CodeBlock) -> String?? {
        let key = Self.key(block)
        if let html = added[key] { return html }
        guard let range = kept[key] else { return nil }
        guard let range else { return .some(nil) }
        return .some(String(decoding: bytes[range], as: UTF8.self))
    }

    mutating func add(_ block: CodeBlock, html: String?) {
        added[Self.key(block)] = html
    }

    /// The entries of the file at `path` made by `identity`; an empty cache for a missing,
    /// stale or damaged file.
    static func load(from path: String, identity: String) -> HighlightCache {
        guard let bytes = try? FileIO.read(path) else { return HighlightCache() }
        var reader = ByteReader(bytes)
        guard reader.string() == magic, reader.string() == identity, let count = reader.count() else { return HighlightCache() }
        var kept: [UInt64: Range<Int>?] = [:]
        kept.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = reader.uint64(), let known = reader.bool(), let range = reader.segment() else { break }
            kept[key] = known ? range : Range<Int>?.none
        }
        return HighlightCache(bytes: bytes, kept: kept)
    }

    /// Writes every entry, kept and added, in key order, durably enough for a cache.
    func write(to path: String, identity: String) throws(FileSystemError) {
        var entries: [(key: UInt64, html: ArraySlice<UInt8>?)] = []
        entries.reserveCapacity(kept.count + added.count)
        for (key, range) in kept where added[key] == nil {
            entries.append((key, range.map { bytes[$0] }))
        }
        for (key, html) in added {
            entries.append((key, html.map { ArraySlice($0.utf8) }))
        }
        entries.sort { $0.key < $1.key }
        try ByteWriter.writeAtomically(to: path) { writer, output throws(FileSystemError) in
            writer.write(Self.magic)
            writer.write(identity)
            writer.write(entries.count)
            for (key, html) in entries {
                writer.write(key)
                writer.write(html != nil)
                writer.write(Array(html ?? []))
                try writer.send(to: output)
            }
        }
    }
}

private extension HighlightCache {
    static func key(_ block: CodeBlock) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine(block.language)
        hasher.combine(block.code)
        return hasher.value
    }
}
