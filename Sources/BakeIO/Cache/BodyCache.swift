import BakeKit

/// The body HTML of every cached source, kept beside the build cache for the builds that must
/// render many cached posts again: adding one post moves every post down a place on the home
/// page's pages of older posts and on its categories' pages, which then show the bodies of
/// posts whose files did not change. Reading them here costs a file read, not a parse each.
///
/// Each body is stored with the content hash of the file it came from, and is used only for
/// that hash: a stale or damaged file only costs parsing again.
struct BodyCache: Sendable {
    static let magic = "bake-bodies 1"

    /// The bodies of `wanted` (source path → content hash) that the file at `path` holds for
    /// the same settings `key` and the same file contents.
    static func read(from path: String, key: UInt64, wanted: [String: UInt64]) -> [String: String] {
        guard !wanted.isEmpty, let bytes = try? FileIO.read(path) else { return [:] }
        var reader = ByteReader(bytes)
        guard reader.string() == magic, reader.uint64() == key, let count = reader.count() else { return [:] }
        var found: [String: String] = [:]
        found.reserveCapacity(min(count, wanted.count))
        for _ in 0..<count {
            guard let sourcePath = reader.string(), let hash = reader.uint64(), let body = reader.segment() else { break }
            if wanted[sourcePath] == hash {
                found[sourcePath] = String(decoding: bytes[body], as: UTF8.self)
            }
        }
        return found
    }

    /// Writes `bodies` (source path, content hash, HTML), durably enough for a cache.
    static func write(_ bodies: [(path: String, hash: UInt64, html: String)], to path: String, key: UInt64) throws(FileSystemError) {
        try ByteWriter.writeAtomically(to: path) { writer, output throws(FileSystemError) in
            writer.write(magic)
            writer.write(key)
            writer.write(bodies.count)
            for body in bodies {
                writer.write(body.path)
                writer.write(body.hash)
                writer.write(body.html)
                try writer.send(to: output)
            }
        }
    }
}
