#if canImport(Glibc)
import Glibc
private let systemClose = Glibc.close
#elseif canImport(Darwin)
import Darwin
private let systemClose = Darwin.close
#endif

/// The system calls `FileTree` makes to list a folder, behind a protocol so that a test can
/// make one of them fail as a disk or a network file system may: tests run as root, where
/// permissions cannot.
///
/// Every failure is a `FileSystemError` naming the path; `FileTree` decides which ones mean
/// "not there" and which stop the walk.
public protocol FileTreeSystem: Sendable {
    /// The status of `path`, following links.
    func status(of path: String) throws(FileSystemError) -> stat
    /// Opens the folder at `path` for listing.
    func openFolder(_ path: String) throws(FileSystemError) -> OpenFolder
    /// Opens the folder `name` in `folder`, without following a link.
    func openFolder(named name: String, in folder: OpenFolder) throws(FileSystemError) -> OpenFolder
    /// The folder's next entry, or nil after the last.
    func nextEntry(in folder: OpenFolder) throws(FileSystemError) -> OpenFolder.Entry?
    /// The status of `name` in `folder`, following a link when `followingLinks`.
    func status(of name: String, in folder: OpenFolder, followingLinks: Bool) throws(FileSystemError) -> stat
    /// Closes the folder.
    func close(_ folder: OpenFolder)
}

/// A folder open for listing, and the path it was opened at.
public struct OpenFolder {
    /// One name in a folder.
    public struct Entry: Sendable, Hashable {
        public let name: String
        /// Whether the listing says it is a folder (some file systems leave this unknown).
        public let isFolder: Bool

        public init(name: String, isFolder: Bool) {
            self.name = name
            self.isFolder = isFolder
        }
    }

    /// The folder's path, for errors.
    public let path: String
    let stream: OpaquePointer
}

/// The real calls: `stat`, `open` and `fdopendir`, `openat`, `readdir`, `fstatat`.
public struct SystemFileTree: FileTreeSystem {
    public init() {}

    public func status(of path: String) throws(FileSystemError) -> stat {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileSystemError(path: path, operation: .stat, errno: errno) }
        return info
    }

    public func openFolder(_ path: String) throws(FileSystemError) -> OpenFolder {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(path: path, operation: .list, errno: errno) }
        return try stream(fd, path: path)
    }

    public func openFolder(named name: String, in folder: OpenFolder) throws(FileSystemError) -> OpenFolder {
        let path = folder.path + "/" + name
        // Relative to the open folder: the kernel needn't walk the whole path again.
        let fd = openat(dirfd(folder.stream), name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw FileSystemError(path: path, operation: .list, errno: errno) }
        return try stream(fd, path: path)
    }

    public func nextEntry(in folder: OpenFolder) throws(FileSystemError) -> OpenFolder.Entry? {
        // readdir returns nil both at the end and on failure; only errno tells them apart.
        errno = 0
        guard let item = readdir(folder.stream) else {
            let error = errno
            if error != 0 { throw FileSystemError(path: folder.path, operation: .list, errno: error) }
            return nil
        }
        return OpenFolder.Entry(name: FileTree.name(of: item), isFolder: item.pointee.d_type == UInt8(DT_DIR))
    }

    public func status(of name: String, in folder: OpenFolder, followingLinks: Bool) throws(FileSystemError) -> stat {
        var info = stat()
        guard fstatat(dirfd(folder.stream), name, &info, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else {
            throw FileSystemError(path: folder.path + "/" + name, operation: .stat, errno: errno)
        }
        return info
    }

    public func close(_ folder: OpenFolder) {
        closedir(folder.stream)
    }
}

private extension SystemFileTree {
    func stream(_ fd: Int32, path: String) throws(FileSystemError) -> OpenFolder {
        guard let stream = fdopendir(fd) else {
            let error = errno
            _ = systemClose(fd)
            throw FileSystemError(path: path, operation: .list, errno: error)
        }
        return OpenFolder(path: path, stream: stream)
    }
}
