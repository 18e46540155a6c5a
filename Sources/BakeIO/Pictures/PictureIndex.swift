import BakeKit

/// `.bake-cache/images/index`: which cache folder holds each picture of `static/`, by its
/// path, size and mtime, so that a build finds its variants without reading the picture.
/// Kept for one set of picture settings; a damaged or other one is read as empty.
struct PictureIndex: Sendable {
    static let fileName = "index"
    static let magic = "bake-picture-index 1"

    struct Entry: Sendable, Hashable {
        let size: Int64
        let modified: Int64
        let key: String
    }

    let settingsKey: String
    private(set) var entries: [String: Entry]

    init(settingsKey: String, entries: [String: Entry] = [:]) {
        self.settingsKey = settingsKey
        self.entries = entries
    }

    static func load(from path: String, settingsKey: String) -> PictureIndex {
        guard let bytes = (try? FileIO.readIfPresent(path)).flatMap({ $0 }) else { return PictureIndex(settingsKey: settingsKey) }
        var reader = ByteReader(bytes)
        guard reader.string() == magic, reader.string() == settingsKey, let count = reader.count() else { return PictureIndex(settingsKey: settingsKey) }
        var entries: [String: Entry] = [:]
        for _ in 0..<count {
            guard let path = reader.string(), let size = reader.int64(), let modified = reader.int64(), let key = reader.string(),
                  !key.isEmpty, !key.contains("/"), key != ".", key != ".."
            else { return PictureIndex(settingsKey: settingsKey) }
            entries[path] = Entry(size: size, modified: modified, key: key)
        }
        return PictureIndex(settingsKey: settingsKey, entries: entries)
    }

    /// The cache folder's name for the file `entry` describes, when it has not changed since.
    func key(for entry: FileEntry) -> String? {
        guard let known = entries[entry.path], known.size == entry.size, known.modified == entry.modified else { return nil }
        return known.key
    }

    mutating func set(_ key: String, for entry: FileEntry) {
        entries[entry.path] = Entry(size: entry.size, modified: entry.modified, key: key)
    }

    /// Forgets the pictures that are no longer in `static/`.
    mutating func keep(only paths: Set<String>) {
        entries = entries.filter { paths.contains($0.key) }
    }

    func save(to path: String) throws(FileSystemError) {
        var writer = ByteWriter()
        writer.write(Self.magic)
        writer.write(settingsKey)
        writer.write(entries.count)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(entry.size)
            writer.write(entry.modified)
            writer.write(entry.key)
        }
        try FileIO.createFolders(FileIO.parent(of: path))
        try FileIO.writeAtomically(writer.bytes, to: path, durable: false)
    }
}
