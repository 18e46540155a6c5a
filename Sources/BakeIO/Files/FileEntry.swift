/// A regular file found by `FileTree`: its path relative to the scanned folder, size and mtime.
public struct FileEntry: Sendable, Hashable {
    public let path: String
    public let size: Int64
    /// Modification time in nanoseconds since 1970.
    public let modified: Int64

    public init(path: String, size: Int64, modified: Int64) {
        self.path = path
        self.size = size
        self.modified = modified
    }
}
