#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why preview could not start, or could not watch the way it was asked to.
public enum PreviewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The private output folder could not be made.
    case cannotCreateOutput(path: String, errno: Int32)
    /// inotify could not start (for instance, too many instances already).
    case inotifyUnavailable(errno: Int32)
    /// This system has no inotify.
    case inotifyUnsupported
    /// A folder could not be watched (for instance, the system's watch limit was reached).
    case cannotWatch(path: String, errno: Int32)

    /// What went wrong and what was expected, for the terminal.
    public var description: String {
        switch self {
        case .cannotCreateOutput(let path, let errno):
            "\(path): cannot create the preview folder (\(Self.reason(errno))); expected a folder bake can write to"
        case .inotifyUnavailable(let errno):
            "cannot start inotify (\(Self.reason(errno))); expected inotify, or polling"
        case .inotifyUnsupported:
            "this system has no inotify; expected Linux, or polling"
        case .cannotWatch(let path, let errno):
            "\(path): cannot watch (\(Self.reason(errno))); expected fewer folders than fs.inotify.max_user_watches, or polling"
        }
    }

    private static func reason(_ errno: Int32) -> String {
        String(cString: strerror(errno))
    }
}
