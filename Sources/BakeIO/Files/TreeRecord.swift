#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the last scan of a folder tree found: each folder's mtime and the names in it. It lets
/// the next scan check a large post tree without opening every folder of it.
///
/// Creating, removing or renaming a name changes the mtime of the folder it is in, so a folder
/// whose mtime is as recorded has the same names: its files are looked at with one `stat` each,
/// by their path below the root, and its folders in turn. A folder whose mtime changed is
/// listed again, as a walk would. A file edited in place leaves its folder's mtime as it was but
/// changes its own size or mtime, which its `stat` sees. On this project's machine kind, checking
/// 10,000 posts in 5,600 day folders so costs about half of walking them.
///
/// A folder changed within the file system's clock tick of being listed could keep the mtime it
/// was listed with, so a folder whose mtime is within `untrustedAge` of the listing is recorded
/// as not to be trusted, and listed again by the next scan. So is a folder with a link the
/// listing left out (to nothing, or to a folder): its target can become a file while the
/// folder's mtime stays.
///
/// ```swift
/// let (entries, record) = try await TreeRecord.scan("/blog/posts", after: lastRecord)
/// ```
package struct TreeRecord: Sendable, Equatable {
    package struct Folder: Sendable, Equatable {
        /// Its mtime in nanoseconds; 0 when it is not to be trusted.
        package var modified: Int64
        /// The names of its regular files (and links to them), sorted.
        package var files: [String]
        /// The names of the folders in it, sorted.
        package var folders: [String]
    }

    /// By path relative to the root, "" for the root itself.
    package var folders: [String: Folder]

    package init(folders: [String: Folder] = [:]) {
        self.folders = folders
    }

    /// How recent an mtime is too recent to tell a later change by.
    static let untrustedAge: Int64 = 2_000_000_000

    /// Every regular file below `root`, sorted by path, as `FileTree.scan` finds them, and the
    /// record for the next scan. Without a record every folder is listed (and recorded). When
    /// anything is not as expected (a folder that cannot be listed, a file the record names
    /// gone though its folder's mtime is as recorded), the tree is walked as `FileTree` walks
    /// it, which throws what it meets, and nothing is recorded.
    /// - Parameter now: The time of the scan, in nanoseconds since 1970.
    package static func scan(_ root: String, after record: TreeRecord?, now: Int64, system: any FileTreeSystem = SystemFileTree())
        async throws(FileSystemError) -> (entries: [FileEntry], record: TreeRecord) {
        if let checked = await check(root, against: record ?? TreeRecord(), now: now, system: system) {
            return checked
        }
        return (try await FileTree.scanInParallel(root, system: system), TreeRecord())
    }

    /// The tree checked against `record`: the root's own names, then each folder in it in a
    /// task of its own (a post tree has one per year). Nil when it must be walked instead.
    static func check(_ root: String, against record: TreeRecord, now: Int64, system: any FileTreeSystem) async -> (entries: [FileEntry], record: TreeRecord)? {
        @Sendable func checked(_ relative: String, recurse: Bool) -> (subfolders: [String], record: TreeRecord, entries: [FileEntry])? {
            guard let top = try? system.openFolder(root) else { return nil }
            defer { system.close(top) }
            var next = TreeRecord()
            var entries: [FileEntry] = []
            guard let subfolders = check(relative, in: top, root: root, against: record, into: &next, entries: &entries, recurse: recurse,
                                         now: now, system: system) else { return nil }
            return (subfolders, next, entries)
        }
        guard let first = checked("", recurse: false) else { return nil }
        var next = first.record
        var entries = first.entries
        let parts = await parallelMap(first.subfolders) { checked($0, recurse: true) }
        for part in parts {
            guard let part else { return nil }
            next.folders.merge(part.record.folders) { first, _ in first }
            entries += part.entries
        }
        entries.sort { $0.path < $1.path }
        return (entries, next)
    }

    /// Checks the folder at `relative` (and, when `recurse`, those below it); returns the paths
    /// of the folders in it, or nil when the tree must be walked.
    private static func check(
        _ relative: String, in top: OpenFolder, root: String, against record: TreeRecord, into next: inout TreeRecord,
        entries: inout [FileEntry], recurse: Bool, now: Int64, system: any FileTreeSystem
    ) -> [String]? {
        guard let info = try? system.status(of: relative.isEmpty ? "." : relative, in: top, followingLinks: false),
              (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        let modified = FileTree.modified(info)
        let prefix = relative.isEmpty ? "" : relative + "/"
        var folder: Folder
        if let recorded = record.folders[relative], recorded.modified != 0, recorded.modified == modified {
            folder = recorded
            for name in recorded.files {
                let path = prefix + name
                // Followed, as a walk follows a link to a file.
                guard let file = try? system.status(of: path, in: top, followingLinks: true), (file.st_mode & S_IFMT) == S_IFREG else { return nil }
                entries.append(FileEntry(path: path, size: Int64(file.st_size), modified: FileTree.modified(file)))
            }
        } else {
            // Listed again, as a walk lists it.
            var found: [FileEntry] = []
            var subfolders: [String] = []
            guard let leftOutLink = try? FileTree.list(root, relative: relative, into: &found, folders: &subfolders, system: system) else { return nil }
            // A link left out (to nothing, or to a folder) can come to lead to a file while the
            // folder keeps its mtime: such a folder is listed again every time.
            folder = Folder(modified: modified < now - untrustedAge && !leftOutLink ? modified : 0,
                            files: found.map { String($0.path.dropFirst(prefix.count)) }.sorted(),
                            folders: subfolders.map { String($0.dropFirst(prefix.count)) }.sorted())
            entries += found
        }
        next.folders[relative] = folder
        let below = folder.folders.map { prefix + $0 }
        guard recurse else { return below }
        for subfolder in below {
            guard check(subfolder, in: top, root: root, against: record, into: &next, entries: &entries, recurse: true, now: now, system: system) != nil else {
                return nil
            }
        }
        return below
    }
}

extension TreeRecord {
    static let magic = "bake-tree 1"

    /// The record as bytes, for `.bake-cache/tree`.
    package func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.write(Self.magic)
        writer.write(folders.count)
        for path in folders.keys.sorted() {
            let folder = folders[path]!
            writer.write(path)
            writer.write(folder.modified)
            writer.write(strings: folder.files)
            writer.write(strings: folder.folders)
        }
        return writer.bytes
    }

    /// Whether a damaged record could name this: one name a listing gives (not hidden, no
    /// slash), so that no path it makes leaves the root.
    static func isName(_ name: Substring) -> Bool {
        name.utf8.first.map { $0 != UInt8(ascii: ".") } ?? false && !name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == 0 }
    }

    /// A record read from `encoded()`'s bytes; nil if they are not one, or if a name in it is
    /// not one a listing gives.
    package init?(bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard reader.string() == Self.magic, let count = reader.count() else { return nil }
        var folders: [String: Folder] = [:]
        folders.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let modified = reader.int64(), let files = reader.strings(), let subfolders = reader.strings(),
                  path.isEmpty || path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy(Self.isName),
                  (files + subfolders).allSatisfy({ Self.isName(Substring($0)) }) else { return nil }
            folders[path] = Folder(modified: modified, files: files, folders: subfolders)
        }
        self.folders = folders
    }
}
