import Foundation

/// The temp files that `FileIO.writeAtomically` leaves behind when its process is killed
/// between creating one and renaming it into place: `.<name>.bake-<pid>-XXXXXX`.
///
/// Only files of that exact form are touched, and only when the process that made them is
/// gone, so a writer at work in the same folder keeps its file. A name without a process ID
/// (from bake before it wrote one) counts as stale once it is an hour old.
public enum StaleTempFiles {
    /// What every temp name holds between the file's name and the writer's process ID.
    static let marker = ".bake-"

    /// Removes the stale temp files in `folder` and below it (hidden folders are skipped);
    /// returns their paths relative to `folder`. Folders that cannot be listed are skipped.
    @discardableResult
    public static func remove(in folder: String, now: Date = Date()) -> [String] {
        var removed: [String] = []
        sweep(folder, relative: "", now: now, removed: &removed)
        return removed.sorted()
    }

    /// Whether `name` (a file name, no folder) is a temp file of `writeAtomically`'s, and the
    /// process ID in it when it has one.
    static func parse(_ name: String) -> (isTemp: Bool, pid: Int32?) {
        guard name.hasPrefix("."), let markerRange = name.range(of: marker, options: .backwards) else { return (false, nil) }
        let tail = name[markerRange.upperBound...]
        let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
        let isRandom: (Substring) -> Bool = { $0.count == 6 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        switch parts.count {
        case 1 where isRandom(parts[0]):
            return (true, nil)
        case 2 where isRandom(parts[1]):
            guard let pid = Int32(parts[0]), pid > 0 else { return (false, nil) }
            return (true, pid)
        default:
            return (false, nil)
        }
    }
}

private extension StaleTempFiles {
    static func sweep(_ root: String, relative: String, now: Date, removed: inout [String]) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            let path = folder + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if !name.hasPrefix(".") { sweep(root, relative: childRelative, now: now, removed: &removed) }
                continue
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let temp = parse(name)
            guard temp.isTemp else { continue }
            let stale: Bool
            if let pid = temp.pid {
                // ESRCH: no such process. EPERM means it exists under another user.
                stale = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            } else {
                stale = now.timeIntervalSince1970 - Double(FileTree.modified(info)) / 1e9 > 3600
            }
            if stale, unlink(path) == 0 { removed.append(childRelative) }
        }
    }
}
