/// Reports the files that change under a set of folders.
///
/// Two implementations: `InotifyWatcher` on Linux, and `PollingWatcher` wherever inotify
/// is missing. Tests may pass their own.
public protocol FileWatcher: Sendable {
    /// The changed paths, in batches, as `WatchList.reported` names them; the watcher stops
    /// when the consumer stops iterating. Call it once.
    func changes() -> AsyncStream<[String]>
}

/// What a watcher watches: folders with everything below them, and single files.
public struct WatchList: Sendable, Hashable {
    /// Paths inside this folder are reported relative to it.
    public let base: String
    /// Folders watched with everything below them, absolute; they need not exist yet.
    public let folders: [String]
    /// Single files, absolute; they need not exist yet.
    public let files: [String]
    /// Paths at or below these are never reported.
    public let excluded: [String]

    /// A list of folders and files to watch, with paths reported relative to `base`.
    public init(base: String, folders: [String], files: [String], excluded: [String] = []) {
        self.base = base
        self.folders = folders
        self.files = files
        self.excluded = excluded
    }

    /// How a changed absolute path is reported: relative to `base` when inside it.
    public func reported(_ path: String) -> String {
        path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }

    /// Whether a path is below an excluded folder.
    public func isExcluded(_ path: String) -> Bool {
        excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Whether a file name is an editor's or bake's scratch file, which the build never reads:
    /// hidden names (`.post.md.swp`, `.#post.md`, `.style.css.bake-a1B2c3`), backups ending in `~`,
    /// Emacs's `#post.md#`, Vim's `4913` probe, JetBrains's `post.md___jb_tmp___` and
    /// `sed -i`'s `sedAb12Cd`.
    public static func isScratch(_ name: some StringProtocol) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || (name.hasPrefix("#") && name.hasSuffix("#")) || name == "4913"
            || name.hasSuffix("___jb_tmp___") || name.hasSuffix("___jb_old___")
            || (name.utf8.count == 9 && name.hasPrefix("sed") && name.utf8.allSatisfy(isLetterOrDigit))
    }
}

private extension WatchList {
    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }
}
