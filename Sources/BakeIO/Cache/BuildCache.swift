import BakeKit

/// What earlier builds learned about each source file: its size, mtime and the parsed post
/// or page. Lets a build skip reading and parsing files that have not changed.
///
/// The cache lives in `<blog>/.bake-cache/`, is versioned, and is never needed for a correct
/// build: a missing, stale or damaged cache only costs time.
public struct BuildCache: Sendable {
    /// One source file as it was last parsed.
    public enum Entry: Sendable, Hashable {
        case post(Post)
        case page(Page)
    }

    /// Entries sorted by blog-relative path, with the size and mtime they were parsed at.
    /// A build walks them beside the sorted source list, so no lookup table is built.
    public let entries: [(file: FileEntry, entry: Entry)]

    static let magic = "bake-cache 6"
    /// Entries are stored in this many segments, decoded in parallel.
    static let segmentCount = 16

    /// - Parameter entries: Entries in any order; they are kept sorted by path.
    public init(entries: [(file: FileEntry, entry: Entry)]) {
        var sorted = true
        for index in entries.indices.dropFirst() where !(entries[index - 1].file.path < entries[index].file.path) {
            sorted = false
            break
        }
        self.entries = sorted ? entries : entries.sorted { $0.file.path < $1.file.path }
    }

    /// - Parameter entries: Entries already sorted by path, which are not checked.
    init(sorted entries: [(file: FileEntry, entry: Entry)]) {
        self.entries = entries
    }


    /// The cache at `path` if it was written for the same settings `key`; else an empty one.
    public static func load(from path: String, key: UInt64) async -> BuildCache {
        guard let bytes = try? FileIO.read(path) else { return BuildCache(entries: []) }
        var reader = ByteReader(bytes)
        guard reader.string() == magic, reader.uint64() == key, let count = reader.count() else {
            return BuildCache(entries: [])
        }
        var segments: [Range<Int>] = []
        for _ in 0..<count {
            guard let segment = reader.segment() else { return BuildCache(entries: []) }
            segments.append(segment)
        }
        var decoded = await parallelMap(segments) { decode(bytes, segment: $0) }
        var entries: [(file: FileEntry, entry: Entry)] = []
        entries.reserveCapacity(decoded.reduce(0) { $0 + ($1?.count ?? 0) })
        for index in decoded.indices {
            // Taken, not copied: no entry is retained twice.
            guard let segment = decoded[index].take() else { return BuildCache(entries: []) }
            entries += segment
        }
        // Written in path order. Were it damaged out of order, the build would only miss
        // entries and parse those files again.
        return BuildCache(sorted: entries)
    }

    /// The cache's bytes, entries sorted by path.
    public func encoded(key: UInt64) -> [UInt8] {
        var writer = ByteWriter()
        encode(key: key, into: &writer) { (_: inout ByteWriter) throws(Never) in }
        return writer.bytes
    }

    /// Writes the cache to `path`, as `encoded(key:)` gives it, a segment at a time.
    public func write(to path: String, key: UInt64) throws(FileSystemError) {
        try ByteWriter.writeAtomically(to: path) { writer, output throws(FileSystemError) in
            try encode(key: key, into: &writer) { writer throws(FileSystemError) in try writer.send(to: output) }
        }
    }

    /// Encodes the cache into `writer`, calling `written` after each segment.
    private func encode<Failure: Error>(key: UInt64, into writer: inout ByteWriter, written: (inout ByteWriter) throws(Failure) -> Void) throws(Failure) {
        writer.write(Self.magic)
        writer.write(key)
        let perSegment = max(1, (entries.count + Self.segmentCount - 1) / Self.segmentCount)
        let segments = stride(from: 0, to: entries.count, by: perSegment).map { entries[$0..<min($0 + perSegment, entries.count)] }
        writer.write(segments.count)
        for segment in segments {
            var part = ByteWriter()
            part.write(segment.count)
            for (file, entry) in segment {
                part.write(file.path)
                part.write(file.size)
                part.write(file.modified)
                switch entry {
                case .post(let post):
                    part.write(true)
                    post.write(to: &part)
                case .page(let page):
                    part.write(false)
                    page.write(to: &part)
                }
            }
            writer.write(part.bytes)
            try written(&writer)
        }
    }

    private static func decode(_ bytes: [UInt8], segment: Range<Int>) -> [(FileEntry, Entry)]? {
        var reader = ByteReader(bytes, range: segment)
        guard let count = reader.count() else { return nil }
        var entries: [(FileEntry, Entry)] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let size = reader.int64(), let modified = reader.int64(),
                  let isPost = reader.bool() else { return nil }
            let entry: Entry
            if isPost {
                guard let post = Post(reading: &reader, sourcePath: path) else { return nil }
                entry = .post(post)
            } else {
                guard let page = Page(reading: &reader, sourcePath: path) else { return nil }
                entry = .page(page)
            }
            entries.append((FileEntry(path: path, size: size, modified: modified), entry))
        }
        return entries
    }
}
