#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call on a file, with the path and the system's reason.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Operation: String, Sendable {
        case read, write, list, stat, rename, remove, createFolder = "create folder", sync
    }

    public let path: String
    public let operation: Operation
    public let errno: Int32

    public init(path: String, operation: Operation, errno: Int32) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    /// The system's text for the error number, e.g. "Permission denied".
    public var reason: String { String(cString: strerror(errno)) }

    public var description: String { "\(path): cannot \(operation.rawValue): \(reason)" }

    /// As a diagnostic, with the path shown relative to `root` where it is inside it.
    public func diagnostic(relativeTo root: String? = nil) -> Diagnostic {
        var shown = path
        if let root, path.hasPrefix(root + "/") { shown = String(path.dropFirst(root.count + 1)) }
        let what = operation == .list ? "the folder" : "the file"
        return Diagnostic(path: shown, line: nil, message: "cannot \(operation.rawValue) \(what) (\(reason)); expected a readable, writable path")
    }
}

import BakeKit
