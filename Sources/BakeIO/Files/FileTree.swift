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
    ///
    /// A name that vanishes while the folder is listed is skipped. Any other failure, such as
    /// an unreadable folder, is thrown: a folder that cannot be listed must not look empty,
    /// or a build would remove the pages of the posts in it, and a deploy delete them.
    public static func scan(_ root: String, system: any FileTreeSystem = SystemFileTree()) throws(FileSystemError) -> [FileEntry] {
        var entries: [FileEntry] = []
        guard try exists(root, system: system) else { return [] }
        var folders: [String] = []
        try walk(root: root, relative: "", into: &entries, recurse: true, folders: &folders, system: system)
        entries.sort { $0.path < $1.path }
        return entries
    }

    /// Like `scan`, with each top-level folder walked in a task of its own: a large post tree
    /// has one per year, and `stat` calls are most of the work.
    public static func scanInParallel(_ root: String, system: any FileTreeSystem = SystemFileTree()) async throws(FileSystemError) -> [FileEntry] {
        var top: [FileEntry] = []
        guard try exists(root, system: system) else { return [] }
        var folders: [String] = []
        try walk(root: root, relative: "", into: &top, recurse: false, folders: &folders, system: system)
        let results = await withTaskGroup(of: Result<[FileEntry], FileSystemError>.self) { group in
            for folder in folders {
                group.addTask {
                    var entries: [FileEntry] = []
                    var nested: [String] = []
                    do throws(FileSystemError) {
                        try walk(root: root, relative: folder, into: &entries, recurse: true, folders: &nested, system: system)
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
        // The first failure by path, so that the same tree fails the same way every time.
        if let failure = results.compactMap({ result -> FileSystemError? in
            if case .failure(let error) = result { return error }
            return nil
        }).min(by: { $0.path < $1.path }) {
            throw failure
        }
        for case .success(let entries) in results { top += entries }
        top.sort { $0.path < $1.path }
        return top
    }

    /// Size and mtime of each regular file at `paths` (relative to `root`), on every core, in
    /// the order of `paths`; nil where no regular file is (gone, a folder, a link).
    ///
    /// When the paths are known (the output folder's manifest says them), a `stat` of each, by
    /// its path below the open root, costs about 0.4× a walk of the folders holding them:
    /// a walk opens, reads and closes every folder besides.
    public static func entries(at paths: [String], below root: String) async -> [FileEntry?] {
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return paths.map { _ in nil } }
        defer { _ = close(folder) }
        return await parallelMap(paths) { path -> FileEntry? in
            var info = stat()
            guard fstatat(folder, path, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return FileEntry(path: path, size: Int64(info.st_size), modified: modified(info))
        }
    }

    /// Every regular file below `root`, hidden names included, and whether the walk left out a
    /// link (to nothing, or to a folder) anywhere: what a folder holds, to tell whether it holds
    /// only files bake can account for. Throws what `scan` throws.
    static func everyFile(below root: String, system: any FileTreeSystem = SystemFileTree()) throws(FileSystemError) -> (entries: [FileEntry], leftOutLink: Bool) {
        var entries: [FileEntry] = []
        var folders: [String] = []
        let leftOutLink = try walk(root: root, relative: "", into: &entries, recurse: true, folders: &folders, hidden: true, system: system)
        return (entries, leftOutLink)
    }

    /// Lists the folder `relative` below `root` as a scan does, without going into its folders:
    /// its files go to `entries` and its folders' paths to `folders`, both relative to `root`.
    /// - Returns: Whether it left out a link to nothing or to a folder: fixing the link's
    ///   target, which a later scan must see, does not change the folder's mtime.
    @discardableResult
    static func list(_ root: String, relative: String, into entries: inout [FileEntry], folders: inout [String], system: any FileTreeSystem) throws(FileSystemError) -> Bool {
        try walk(root: root, relative: relative, into: &entries, recurse: false, folders: &folders, system: system)
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
    /// Whether `root` exists; any failure other than its absence is thrown.
    static func exists(_ root: String, system: any FileTreeSystem) throws(FileSystemError) -> Bool {
        do {
            _ = try system.status(of: root)
            return true
        } catch {
            guard error.errno == ENOENT else { throw error }
            return false
        }
    }

    /// Lists `relative`; walks its subfolders too when `recurse`, else returns them in `folders`.
    /// - Parameter hidden: Whether names that start with `.` are listed too.
    /// - Returns: Whether it left out a link (to nothing, or to a folder), in `relative` or,
    ///   when it recurses, below it.
    @discardableResult
    static func walk(
        root: String, relative: String, into entries: inout [FileEntry], recurse: Bool, folders: inout [String], hidden: Bool = false,
        system: any FileTreeSystem
    ) throws(FileSystemError) -> Bool {
        let folder = try system.openFolder(relative.isEmpty ? root : root + "/" + relative)
        return try walk(folder, relative: relative, into: &entries, recurse: recurse, folders: &folders, hidden: hidden, system: system)
    }

    /// Lists the open `folder` (closing it), which is `relative` below the root. Subfolders are
    /// opened relative to it, so the kernel never walks a whole path again.
    /// - Returns: Whether it left out a link (to nothing, or to a folder), in `folder` or, when
    ///   it recurses, below it.
    @discardableResult
    static func walk(
        _ folder: OpenFolder, relative: String, into entries: inout [FileEntry], recurse: Bool, folders: inout [String], hidden: Bool = false,
        system: any FileTreeSystem
    ) throws(FileSystemError) -> Bool {
        defer { system.close(folder) }
        var subfolders: [(name: String, relative: String)] = []
        var leftOutLink = false
        while let item = try system.nextEntry(in: folder) {
            let name = item.name
            if name == "." || name == ".." || (!hidden && name.hasPrefix(".")) { continue }
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            // The folder listing already says which names are folders: no `stat` for those.
            if item.isFolder {
                subfolders.append((name, childRelative))
                continue
            }
            // A file removed since the listing, or a link to nothing, is not there; any other
            // failure is.
            guard var info = try statusUnlessGone(name, in: folder, followingLinks: false, system: system) else { continue }
            var kind = info.st_mode & S_IFMT
            if kind == S_IFLNK {
                guard let target = try statusUnlessGone(name, in: folder, followingLinks: true, system: system) else {
                    leftOutLink = true
                    continue
                }
                info = target
                kind = info.st_mode & S_IFMT
                if kind == S_IFDIR {
                    leftOutLink = true
                    continue
                }
            }
            if kind == S_IFDIR {
                subfolders.append((name, childRelative))
            } else if kind == S_IFREG {
                entries.append(FileEntry(path: childRelative, size: Int64(info.st_size), modified: modified(info)))
            }
        }
        guard recurse else {
            folders += subfolders.map(\.relative)
            return leftOutLink
        }
        for subfolder in subfolders {
            let child: OpenFolder
            do {
                child = try system.openFolder(named: subfolder.name, in: folder)
            } catch {
                // Removed since the listing: its files are gone too.
                guard error.errno == ENOENT else { throw error }
                continue
            }
            if try walk(child, relative: subfolder.relative, into: &entries, recurse: true, folders: &folders, hidden: hidden, system: system) {
                leftOutLink = true
            }
        }
        return leftOutLink
    }

    static func statusUnlessGone(_ name: String, in folder: OpenFolder, followingLinks: Bool, system: any FileTreeSystem) throws(FileSystemError) -> stat? {
        do {
            return try system.status(of: name, in: folder, followingLinks: followingLinks)
        } catch {
            guard error.errno == ENOENT else { throw error }
            return nil
        }
    }
}

extension FileTree {
    /// A folder entry's name, as `readdir` gives it: read in place, up to its NUL. The record
    /// `readdir` returns is only as long as its name, so `item.pointee.d_name`, a copy of all
    /// 256 bytes, may read past the end of the buffer it lies in: a crash when that buffer ends
    /// at the end of a page, seen in a folder as busy as `/tmp`.
    public static func name(of item: UnsafeMutablePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        return String(cString: UnsafeRawPointer(item).advanced(by: offset).assumingMemoryBound(to: CChar.self))
    }

    /// The mtime in `info`, in nanoseconds.
    static func modified(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        return Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }
}
