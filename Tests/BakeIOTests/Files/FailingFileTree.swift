import BakeIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real file system, except that one call on one path fails with `errno`, as a disk or
/// a network file system may fail. Tests run as root, so permissions cannot make it fail.
struct FailingFileTree: FileTreeSystem {
    /// The call that fails.
    enum Call: Sendable {
        /// Opening the folder at `path`.
        case open
        /// Reading the next name in the folder at `path`.
        case list
        /// The status of the file at `path`, from its folder.
        case status
    }

    let path: String
    let call: Call
    let errno: Int32
    private let real = SystemFileTree()

    init(_ call: Call, _ path: String, errno: Int32) {
        self.path = path
        self.call = call
        self.errno = errno
    }

    func status(of path: String) throws(FileSystemError) -> stat {
        try real.status(of: path)
    }

    func openFolder(_ path: String) throws(FileSystemError) -> OpenFolder {
        try fail(.open, at: path, as: .list)
        return try real.openFolder(path)
    }

    func openFolder(named name: String, in folder: OpenFolder) throws(FileSystemError) -> OpenFolder {
        try fail(.open, at: folder.path + "/" + name, as: .list)
        return try real.openFolder(named: name, in: folder)
    }

    func nextEntry(in folder: OpenFolder) throws(FileSystemError) -> OpenFolder.Entry? {
        try fail(.list, at: folder.path, as: .list)
        return try real.nextEntry(in: folder)
    }

    func status(of name: String, in folder: OpenFolder, followingLinks: Bool) throws(FileSystemError) -> stat {
        try fail(.status, at: folder.path + "/" + name, as: .stat)
        return try real.status(of: name, in: folder, followingLinks: followingLinks)
    }

    func close(_ folder: OpenFolder) {
        real.close(folder)
    }

    private func fail(_ call: Call, at path: String, as operation: FileSystemError.Operation) throws(FileSystemError) {
        if call == self.call, path == self.path { throw FileSystemError(path: path, operation: operation, errno: errno) }
    }
}
