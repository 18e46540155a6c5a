#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the regular files under a folder with one `stat` each, skipping hidden names.
///
/// ```swift
/// let entries = try FileTree.scan("/blog/posts")   // [FileEntry(path: "2014/03/31/a.markdown", …)]
/// ```
public enum FileTree {
    /// Every regular file below `root`, sorted by path; an absent `root` gives none.
    /// Symbolic links to files are followed; links to folders are not, so a link can't loop.
    public static func scan(_ root: String) throws(FileSystemError) -> [FileEntry] {
        var entries: [FileEntry] = []
        var info = stat()
        guard stat(root, &info) == 0 else {
            if errno == ENOENT { return [] }
            throw FileSystemError(path: root, operation: .list, errno: errno)
        }
        try walk(root: root, relative: "", into: &entries)
        entries.sort { $0.path < $1.path }
        return entries
    }

    /// Size and mtime of one file, or nil if it does not exist.
    public static func entry(at path: String, relativePath: String) -> FileEntry? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileEntry(path: relativePath, size: Int64(info.st_size), modified: modified(info))
    }
}

private extension FileTree {
    static func walk(root: String, relative: String, into entries: inout [FileEntry]) throws(FileSystemError) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let dir = opendir(folder) else {
            throw FileSystemError(path: folder, operation: .list, errno: errno)
        }
        defer { closedir(dir) }
        var subfolders: [String] = []
        while let item = readdir(dir) {
            let name = withUnsafePointer(to: item.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            let childPath = root + "/" + childRelative
            var info = stat()
            guard lstat(childPath, &info) == 0 else { continue }
            var kind = info.st_mode & S_IFMT
            if kind == S_IFLNK {
                guard stat(childPath, &info) == 0 else { continue }
                kind = info.st_mode & S_IFMT
                if kind == S_IFDIR { continue }
            }
            if kind == S_IFDIR {
                subfolders.append(childRelative)
            } else if kind == S_IFREG {
                entries.append(FileEntry(path: childRelative, size: Int64(info.st_size), modified: modified(info)))
            }
        }
        for subfolder in subfolders {
            try walk(root: root, relative: subfolder, into: &entries)
        }
    }

    static func modified(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        return Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }
}
