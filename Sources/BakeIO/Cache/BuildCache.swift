import BakeKit

/// What earlier builds learned about each source file: its size, mtime and the parsed post
/// or page. Lets a build skip reading and parsing files that have not changed.
///
/// The cache lives in `<blog>/.bake-cache/`, is versioned, and is never needed for a correct
/// build: a missing, stale or damaged cache only costs time.
public struct BuildCache: Sendable, Equatable {
    /// One source file as it was last parsed.
    public enum Entry: Sendable, Hashable {
        case post(Post)
        case page(Page)
    }

    /// Entries by blog-relative path, with the size and mtime they were parsed at.
    public let entries: [String: (file: FileEntry, entry: Entry)]

    static let magic = "bake-cache 2"

    public init(entries: [String: (file: FileEntry, entry: Entry)]) {
        self.entries = entries
    }

    /// The cache at `path` if it was written for the same settings `key`; else an empty one.
    public static func load(from path: String, key: UInt64) -> BuildCache {
        guard let bytes = try? FileIO.read(path) else { return BuildCache(entries: [:]) }
        var reader = ByteReader(bytes)
        guard reader.string() == magic, reader.uint64() == key, let count = reader.int(), count >= 0 else {
            return BuildCache(entries: [:])
        }
        var entries: [String: (file: FileEntry, entry: Entry)] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let size = reader.int64(), let modified = reader.int64(),
                  let isPost = reader.bool() else { return BuildCache(entries: [:]) }
            let entry: Entry
            if isPost {
                guard let post = Post(reading: &reader) else { return BuildCache(entries: [:]) }
                entry = .post(post)
            } else {
                guard let page = Page(reading: &reader) else { return BuildCache(entries: [:]) }
                entry = .page(page)
            }
            entries[path] = (FileEntry(path: path, size: size, modified: modified), entry)
        }
        return BuildCache(entries: entries)
    }

    /// The cache's bytes, entries sorted by path.
    public func encoded(key: UInt64) -> [UInt8] {
        var writer = ByteWriter()
        writer.write(Self.magic)
        writer.write(key)
        writer.write(entries.count)
        for path in entries.keys.sorted() {
            guard let (file, entry) = entries[path] else { continue }
            writer.write(path)
            writer.write(file.size)
            writer.write(file.modified)
            switch entry {
            case .post(let post):
                writer.write(true)
                post.write(to: &writer)
            case .page(let page):
                writer.write(false)
                page.write(to: &writer)
            }
        }
        return writer.bytes
    }

    public static func == (lhs: BuildCache, rhs: BuildCache) -> Bool {
        lhs.entries.keys == rhs.entries.keys && lhs.entries.allSatisfy { path, value in
            rhs.entries[path].map { $0.file == value.file && $0.entry == value.entry } ?? false
        }
    }
}
