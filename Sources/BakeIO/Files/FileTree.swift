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
        var folders: [String] = []
        try walk(root: root, relative: "", into: &entries, recurse: true, folders: &folders)
        entries.sort { $0.path < $1.path }
        return entries
    }

    /// Like `scan`, with each top-level folder walked in a task of its own: a large post tree
    /// has one per year, and `stat` calls are most of the work.
    public static func scanInParallel(_ root: String) async throws(FileSystemError) -> [FileEntry] {
        var top: [FileEntry] = []
        var info = stat()
        guard stat(root, &info) == 0 else {
            if errno == ENOENT { return [] }
            throw FileSystemError(path: root, operation: .list, errno: errno)
        }
        var folders: [String] = []
        try walk(root: root, relative: "", into: &top, recurse: false, folders: &folders)
        let results = await withTaskGroup(of: Result<[FileEntry], FileSystemError>.self) { group in
            for folder in folders {
                group.addTask {
                    var entries: [FileEntry] = []
                    var nested: [String] = []
                    do throws(FileSystemError) {
                        try walk(root: root, relative: folder, into: &entries, recurse: true, folders: &nested)
                        return .success(entries)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var all: [Result<[FileEntry], FileSystemError>] = []
            for await result in group { all.append(result) }
            return all
        }
        for result in results {
            switch result {
            case .success(let entries): top += entries
            case .failure(let error): throw error
            }
        }
        top.sort { $0.path < $1.path }
        return top
    }

    /// Whether `path` is a folder with nothing in it, hidden names included.
    public static func isEmptyFolder(_ path: String) -> Bool {
        guard let dir = opendir(path) else { return false }
        defer { closedir(dir) }
        while let item = readdir(dir) {
            let name = self.name(of: item)
            if name != "." && name != ".." { return false }
        }
        return true
    }

    /// Size and mtime of one file, or nil if it does not exist.
    public static func entry(at path: String, relativePath: String) -> FileEntry? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileEntry(path: relativePath, size: Int64(info.st_size), modified: modified(info))
    }
}

private extension FileTree {
    /// Lists `relative`; walks its subfolders too when `recurse`, else returns them in `folders`.
    static func walk(root: String, relative: String, into entries: inout [FileEntry], recurse: Bool, folders: inout [String]) throws(FileSystemError) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(path: folder, operation: .list, errno: errno) }
        try walk(fd: fd, root: root, relative: relative, into: &entries, recurse: recurse, folders: &folders)
    }

    /// Lists the open folder `fd` (closing it), which is `relative` below `root`. Subfolders are
    /// opened relative to it, so the kernel never walks a whole path again.
    static func walk(fd: Int32, root: String, relative: String, into entries: inout [FileEntry], recurse: Bool, folders: inout [String]) throws(FileSystemError) {
        guard let dir = fdopendir(fd) else {
            let error = errno
            close(fd)
            throw FileSystemError(path: relative.isEmpty ? root : root + "/" + relative, operation: .list, errno: error)
        }
        defer { closedir(dir) }
        let folderFD = dirfd(dir)
        var subfolders: [(name: String, relative: String)] = []
        while let item = readdir(dir) {
            let name = self.name(of: item)
            if name.hasPrefix(".") { continue }
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            // The folder listing already says which names are folders: no `stat` for those.
            if item.pointee.d_type == UInt8(DT_DIR) {
                subfolders.append((name, childRelative))
                continue
            }
            // Relative to the open folder: the kernel needn't walk the whole path again.
            var info = stat()
            guard fstatat(folderFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            var kind = info.st_mode & S_IFMT
            if kind == S_IFLNK {
                guard fstatat(folderFD, name, &info, 0) == 0 else { continue }
                kind = info.st_mode & S_IFMT
                if kind == S_IFDIR { continue }
            }
            if kind == S_IFDIR {
                subfolders.append((name, childRelative))
            } else if kind == S_IFREG {
                entries.append(FileEntry(path: childRelative, size: Int64(info.st_size), modified: modified(info)))
            }
        }
        guard recurse else {
            folders += subfolders.map(\.relative)
            return
        }
        for subfolder in subfolders {
            let child = openat(folderFD, subfolder.name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            guard child >= 0 else {
                let error = errno
                throw FileSystemError(path: root + "/" + subfolder.relative, operation: .list, errno: error)
            }
            try walk(fd: child, root: root, relative: subfolder.relative, into: &entries, recurse: true, folders: &folders)
        }
    }

    static func name(of item: UnsafeMutablePointer<dirent>) -> String {
        withUnsafePointer(to: item.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
        }
    }

}

extension FileTree {
    /// The mtime in `info`, in nanoseconds.
    static func modified(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        return Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }
}
