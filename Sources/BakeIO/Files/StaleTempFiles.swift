import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temp files that `FileIO.writeAtomically` leaves behind when its process is killed
/// mid-write: `.<name>.bake-<pid>-XXXXXX`, next to the file they were to replace.
///
/// Only files of exactly that form are touched, and only when no process with that ID runs
/// any more; a temp file another running writer is filling is left alone.
///
/// ```swift
/// let removed = StaleTempFiles.remove(in: blog.path("posts"))   // ["2014/03/31/.hello.markdown.bake-4242-a1B2c3"]
/// ```
public enum StaleTempFiles {
    /// The temp name `FileIO` gives the file `name` while this process writes it, before
    /// `mkstemp` fills in the `XXXXXX`.
    static func tempName(for name: String) -> String {
        ".\(name).bake-\(getpid())-XXXXXX"
    }

    /// The temp names as an rsync `--exclude` pattern, so that a deploy never sends one.
    /// rsync's patterns cannot say "digits only", so it also matches names such as
    /// `.a.bake-x-abcdef` that `writer(ofTempName:)` rejects; bake makes none of those.
    public static let rsyncPattern = ".*.bake-*-??????"

    /// Whether `name` is a temp name `.<name>.bake-<pid>-XXXXXX`, whichever process wrote it.
    public static func isTempName(_ name: String) -> Bool {
        writer(ofTempName: name) != nil
    }

    /// Removes the stale temp files below `folder`, and returns their paths relative to it.
    /// A folder that cannot be listed, or a file that cannot be removed, is skipped: this
    /// only tidies.
    /// - Parameters:
    ///   - below: Also walk `folder`'s subfolders; without it only `folder` itself is
    ///     listed, which costs one read of the folder.
    ///   - names: Only the temp files of files by these names (`.bake-manifest` for
    ///     `.bake-manifest.bake-<pid>-XXXXXX`); nil for all.
    @discardableResult
    public static func remove(in folder: String, below: Bool = true, of names: [String]? = nil) -> [String] {
        var removed: [String] = []
        sweep(folder, relative: "", recursive: below, prefixes: names.map { $0.map { "." + $0 + ".bake-" } }, removed: &removed)
        return removed.sorted()
    }

    /// Removes, with all they hold, the temp folders in `folder` (not below) that bake made
    /// for `name` (`.<name>.bake-<pid>-XXXXXX`) in a process that has ended, and returns their
    /// names. A folder that cannot be removed is left: this only tidies.
    @discardableResult
    public static func removeFolders(in folder: String, madeFor name: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        let prefix = "." + name + ".bake-"
        var removed: [String] = []
        while let item = readdir(dir) {
            let entry = FileTree.name(of: item)
            guard entry.hasPrefix(prefix), let pid = writer(ofTempName: entry), !isRunning(pid) else { continue }
            let path = folder + "/" + entry
            // Itself a folder, not a link to one.
            guard FileIO.isFolder(path, followingLinks: false) else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(entry) }
        }
        return removed.sorted()
    }

    /// The process ID in a temp name `.<name>.bake-<pid>-XXXXXX`, or nil for any other name.
    public static func writer(ofTempName name: String) -> pid_t? {
        let bytes = Array(name.utf8)
        let marker = Array(".bake-".utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > marker.count + 2 else { return nil }
        // The last `.bake-`, after at least one character of the name.
        var start = bytes.count - marker.count
        while start > 1, !bytes[start..<(start + marker.count)].elementsEqual(marker) { start -= 1 }
        guard start > 1 else { return nil }
        let parts = bytes[(start + marker.count)...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 6, parts[1].allSatisfy(isAlphanumeric),
              !parts[0].isEmpty, parts[0].count <= 10, parts[0].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let pid = pid_t(String(decoding: parts[0], as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }
}

private extension StaleTempFiles {
    /// Walks `folder` (hidden names included, symbolic links not followed), removing stale
    /// temp files.
    /// - Parameter prefixes: When given, only names that start with one of them.
    static func sweep(_ root: String, relative: String, recursive: Bool, prefixes: [String]?, removed: inout [String]) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let item = readdir(dir) {
            let name = FileTree.name(of: item)
            guard name != ".", name != ".." else { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
            if item.pointee.d_type == UInt8(DT_DIR) {
                if recursive { sweep(root, relative: child, recursive: true, prefixes: prefixes, removed: &removed) }
            } else if prefixes?.contains(where: { name.hasPrefix($0) }) ?? true,
                      let pid = writer(ofTempName: name), !isRunning(pid), unlink(root + "/" + child) == 0 {
                removed.append(child)
            }
        }
    }

    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
