#if canImport(Glibc)
import Glibc
/// read(2) and write(2), named apart from the `read` and `write` methods here.
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
/// read(2) and write(2), named apart from the `read` and `write` methods here.
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// Reading whole files and writing them atomically: temp file, fsync, rename.
public enum FileIO {
    /// The bytes of the file at `path`, or nil when there is no file there (yet).
    public static func readIfPresent(_ path: String) throws(FileSystemError) -> [UInt8]? {
        do {
            return try read(path)
        } catch where error.errno == ENOENT {
            return nil
        }
    }

    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(path: path, operation: .read, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystemError(path: path, operation: .read, errno: errno) }
        // Filled by `read` straight away, not zeroed first. One byte more than the size, so
        // the end shows in the same loop; a file that grew meanwhile is read to its new end.
        var capacity = max(Int(info.st_size), 0) + 1
        var bytes: [UInt8] = []
        while true {
            var failure: Int32?
            let start = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                initialized = buffer.initialize(fromContentsOf: start)
                while initialized < buffer.count {
                    let count = systemRead(fd, buffer.baseAddress! + initialized, buffer.count - initialized)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if count == 0 { return }
                    initialized += count
                }
            }
            if let failure { throw FileSystemError(path: path, operation: .read, errno: failure) }
            if bytes.count < capacity { return bytes }
            capacity *= 2
        }
    }

    /// Whether the file at `path` holds exactly `bytes`.
    public static func contentEquals(_ path: String, _ bytes: [UInt8]) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_size) == bytes.count else { return false }
        guard let existing = try? read(path) else { return false }
        return existing == bytes
    }

    /// Writes `bytes` to `path` so that a crash leaves either the old file or the new one:
    /// a temp file in the same folder (`.<name>.bake-<pid>-XXXXXX`), fsync, rename over, then
    /// fsync of the folder.
    /// - Parameter durable: fsync the data and the folder. Site output can skip this; the
    ///   post tree never does.
    /// - Returns: The size and mtime of the file written, as a later `stat` would see them.
    @discardableResult
    public static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true, mode: mode_t = 0o644) throws(FileSystemError) -> (size: Int64, modified: Int64) {
        try writeAtomically(to: path, durable: durable, mode: mode) { output throws(FileSystemError) in try output.write(bytes) }
    }

    /// Writes to `path` what `produce` hands its output, a chunk at a time, as atomically as
    /// `writeAtomically(_:to:)`: the file takes the old one's place only once `produce` has
    /// returned, and a throw leaves the old file. A file of hundreds of megabytes, such as a
    /// large blog's caches, is written with one chunk's memory rather than all of it at once.
    @discardableResult
    public static func writeAtomically(to path: String, durable: Bool = true, mode: mode_t = 0o644,
                                       _ produce: (AtomicOutput) throws(FileSystemError) -> Void) throws(FileSystemError) -> (size: Int64, modified: Int64) {
        let folder = parent(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        // The writer's process ID is in the name, so a later run can tell a temp file left by
        // a killed writer from one being written (see `StaleTempFiles`).
        var template = Array("\(folder)/\(StaleTempFiles.tempName(for: name))".utf8CString)
        let pattern = template
        var fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        // The folder is usually there; make it only when it is not (or when a file is in the
        // way, which `createFolders` names).
        if fd < 0, errno == ENOENT || errno == ENOTDIR {
            try createFolders(folder)
            template = pattern
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        }
        guard fd >= 0 else { throw FileSystemError(path: path, operation: .write, errno: errno) }
        let tempPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: FileSystemError?
        do {
            try produce(AtomicOutput(descriptor: fd, path: path))
        } catch {
            failure = error
        }
        if failure == nil, fchmod(fd, mode) != 0 { failure = FileSystemError(path: path, operation: .write, errno: errno) }
        if failure == nil, durable, fsync(fd) != 0 { failure = FileSystemError(path: path, operation: .sync, errno: errno) }
        var info = stat()
        if failure == nil, fstat(fd, &info) != 0 { failure = FileSystemError(path: path, operation: .stat, errno: errno) }
        close(fd)
        if failure == nil, rename(tempPath, path) != 0 { failure = FileSystemError(path: path, operation: .rename, errno: errno) }
        if let failure {
            unlink(tempPath)
            throw failure
        }
        if durable { syncFolder(folder) }
        // A rename keeps the file's mtime.
        return (Int64(info.st_size), FileTree.modified(info))
    }

    /// The temp file `writeAtomically(to:durable:mode:_:)` is writing; valid only while its
    /// `produce` runs.
    public struct AtomicOutput {
        fileprivate let descriptor: Int32
        /// The file it will become, for errors.
        fileprivate let path: String

        /// Appends `bytes` to the file.
        public func write(_ bytes: [UInt8]) throws(FileSystemError) {
            let failed: Int32? = bytes.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if count < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    written += count
                }
                return nil
            }
            if let failed { throw FileSystemError(path: path, operation: .write, errno: failed) }
        }
    }

    /// Creates `path` and its missing parents.
    public static func createFolders(_ path: String) throws(FileSystemError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw FileSystemError(path: path, operation: .createFolder, errno: ENOTDIR) }
            return
        }
        let up = parent(of: path)
        if up != path, !up.isEmpty { try createFolders(up) }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw FileSystemError(path: path, operation: .createFolder, errno: errno)
        }
    }

    /// Renames within one file system, atomically; creates the destination's folder.
    public static func move(_ source: String, to destination: String) throws(FileSystemError) {
        try createFolders(parent(of: destination))
        guard rename(source, destination) == 0 else { throw FileSystemError(path: source, operation: .rename, errno: errno) }
        syncFolder(parent(of: destination))
        syncFolder(parent(of: source))
    }

    /// Deletes one file; a missing file is not an error, nor is one whose path goes through a
    /// file (which cannot be there either).
    public static func remove(_ path: String) throws(FileSystemError) {
        if unlink(path) != 0, errno != ENOENT, errno != ENOTDIR { throw FileSystemError(path: path, operation: .remove, errno: errno) }
    }

    /// Removes `folder` and then its parents while they are empty, stopping at `root`.
    public static func removeEmptyFolders(from folder: String, upTo root: String) {
        var current = folder
        while current.count > root.count, current.hasPrefix(root + "/"), rmdir(current) == 0 {
            current = parent(of: current)
        }
    }

    /// Whether a file or folder exists at `path`.
    /// - Parameter followingLinks: With false, a symbolic link at `path` exists even when
    ///   what it points to does not.
    public static func exists(_ path: String, followingLinks: Bool = true) -> Bool {
        var info = stat()
        return followingLinks ? stat(path, &info) == 0 : lstat(path, &info) == 0
    }

    /// The first folder on the way to `file` below `root` that is a symbolic link, relative
    /// to `root` (`2014/03` for `2014/03/31/hello.html`), or nil when every folder on the way
    /// is a real one or not there yet. `root` itself may be a link; the file's own name is
    /// not looked at.
    /// - Parameter checked: Folders already looked at, and what was found for each: a run
    ///   of files in the same folders looks at each folder once.
    public static func linkedFolder(on file: String, below root: String, checked: inout [String: String?]) -> String? {
        var end = file.utf8.startIndex
        let utf8 = file.utf8
        while let slash = utf8[end...].firstIndex(of: UInt8(ascii: "/")) {
            let folder = String(file[..<slash])
            let found: String?
            if let known = checked[folder] {
                found = known
            } else {
                var info = stat()
                if lstat(root + "/" + folder, &info) != 0 {
                    // Not there yet: bake makes it, and nothing below it is there either.
                    checked[folder] = .some(nil)
                    return nil
                }
                found = (info.st_mode & S_IFMT) == S_IFLNK ? folder : nil
                checked[folder] = .some(found)
            }
            if let found { return found }
            end = utf8.index(after: slash)
        }
        return nil
    }

    /// Whether `path` is a folder.
    /// - Parameter followingLinks: With false, a link to a folder is not one.
    public static func isFolder(_ path: String, followingLinks: Bool = true) -> Bool {
        var info = stat()
        return (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The folder part of `path`.
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

private extension FileIO {
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
