import BakeIO
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches with Linux's inotify: every folder below the watched ones, each new folder as it
/// appears, and the parents of the watched folders and files, so that a `drafts/` or
/// `site.settings` created later is seen too.
///
/// A new folder is scanned right after its watch is added, because files may land in it
/// (`mkdir -p 2026/11/21 && cp …`) before the watch exists. A reading thread waits on the
/// inotify descriptor and hands each read's changes on as one batch.
public final class InotifyWatcher: FileWatcher {
    private let session: InotifySession

    /// Starts watching at once, so that changes made before `changes()` are kept.
    public init(list: WatchList) throws(PreviewError) {
        session = try InotifySession(list: list)
    }

    /// The changes, one batch per read of the inotify descriptor.
    public func changes() -> AsyncStream<[String]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [String].self)
        session.start(continuation)
        return stream
    }
}

#if canImport(Glibc)
/// The inotify descriptor and the table of watches.
///
/// Unchecked: `init` builds the table, then only the reading thread touches it; `state`,
/// which `start`, `stop` and `deinit` share, is behind a lock.
private final class InotifySession: @unchecked Sendable {
    private struct Watch {
        var path: String
        /// Whether everything below is watched too; else only `names` in it.
        var recursive: Bool
        var names: Set<String>
    }

    private enum State {
        case idle, running, stopped
    }

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB | IN_ONLYDIR)

    private let list: WatchList
    private let descriptor: Int32
    /// Closing `wakeWrite` wakes the reading thread to stop.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let lock = NSLock()
    private var state = State.idle
    private var watches: [Int32: Watch] = [:]
    private var watchByPath: [String: Int32] = [:]

    init(list: WatchList) throws(PreviewError) {
        self.list = list
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw .inotifyUnavailable(errno: errno) }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            let error = errno
            close(descriptor)
            throw .inotifyUnavailable(errno: error)
        }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        do {
            for folder in list.folders {
                try watchName(of: folder)
                _ = try watchTree(folder)
            }
            for file in list.files {
                try watchName(of: file)
            }
        } catch {
            closeAll()
            throw error
        }
    }

    deinit {
        lock.lock()
        let unstarted = state == .idle
        lock.unlock()
        if unstarted { closeAll() }
    }

    func start(_ continuation: AsyncStream<[String]>.Continuation) {
        lock.lock()
        precondition(state == .idle, "InotifyWatcher.changes() is called once")
        state = .running
        lock.unlock()
        continuation.onTermination = { _ in self.stop() }
        let thread = Thread { [self] in
            read(into: continuation)
            continuation.finish()
        }
        thread.name = "bake inotify"
        thread.start()
    }
}

private extension InotifySession {
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard state == .running else { return }
        state = .stopped
        // The reader sees the pipe hang up, closes the rest and returns.
        close(wakeWrite)
    }

    func closeAll() {
        close(descriptor)
        close(wakeRead)
        close(wakeWrite)
    }

    /// The reading thread's loop: wait, drain the descriptor, hand on one batch.
    func read(into continuation: AsyncStream<[String]>.Continuation) {
        defer {
            close(descriptor)
            close(wakeRead)
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var polled = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while true {
            polled[0].revents = 0
            polled[1].revents = 0
            if poll(&polled, 2, -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            if polled[1].revents != 0 { return }
            var changed: [String] = []
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                buffer.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset + 16 <= count {
                        let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        let nameBytes = bytes[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                        offset += 16 + length
                        handle(wd: wd, mask: mask, name: String(decoding: nameBytes, as: UTF8.self), into: &changed)
                    }
                }
            }
            if !changed.isEmpty {
                var seen = Set<String>()
                continuation.yield(changed.filter { seen.insert($0).inserted }.map(list.reported))
            }
        }
    }

    func handle(wd: Int32, mask: UInt32, name: String, into changed: inout [String]) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: watch every folder again and report everything.
            for folder in list.folders { changed += [folder] + ((try? watchTree(folder)) ?? []) }
            changed += list.files
            return
        }
        guard let watch = watches[wd] else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            watches[wd] = nil
            if watchByPath[watch.path] == wd { watchByPath[watch.path] = nil }
            return
        }
        guard !name.isEmpty, !WatchList.isScratch(name), watch.recursive || watch.names.contains(name) else { return }
        let path = watch.path + "/" + name
        guard !list.isExcluded(path) else { return }
        if mask & UInt32(IN_ISDIR) != 0 {
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                changed.append(path)
                changed += (try? watchTree(path)) ?? []
            } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                unwatch(path)
                changed.append(path)
            }
        } else if mask & UInt32(IN_CREATE) != 0 {
            // A new file is reported when it is closed after writing, so that no build reads it
            // half-written; only new links, which are never written, are reported now.
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK || info.st_nlink > 1 { changed.append(path) }
        } else {
            changed.append(path)
        }
    }

    /// Watches the folder that holds `path` for `path`'s name only, to see it appear.
    func watchName(of path: String) throws(PreviewError) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        _ = try addWatch(FileIO.parent(of: path), recursive: false, names: [name])
    }

    /// Watches `folder` and every folder below it, then lists the files found there, which
    /// may have arrived before the watch.
    func watchTree(_ folder: String) throws(PreviewError) -> [String] {
        guard try addWatch(folder, recursive: true, names: []) else { return [] }
        guard let dir = opendir(folder) else { return [] }
        var files: [String] = []
        var subfolders: [String] = []
        while let item = readdir(dir) {
            let name = FileTree.name(of: item)
            if name == "." || name == ".." || WatchList.isScratch(name) { continue }
            let path = folder + "/" + name
            guard !list.isExcluded(path) else { continue }
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            // Links to folders are not followed, as FileTree does not follow them.
            if (info.st_mode & S_IFMT) == S_IFDIR {
                subfolders.append(path)
            } else {
                files.append(path)
            }
        }
        closedir(dir)
        for subfolder in subfolders {
            files += try watchTree(subfolder)
        }
        return files
    }

    /// Adds a watch, or widens the one the folder has; false when the folder is not there.
    func addWatch(_ folder: String, recursive: Bool, names: Set<String>) throws(PreviewError) -> Bool {
        let wd = inotify_add_watch(descriptor, folder, Self.mask)
        guard wd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR || errno == EACCES { return false }
            throw .cannotWatch(path: folder, errno: errno)
        }
        if var watch = watches[wd] {
            watch.recursive = watch.recursive || recursive
            watch.names.formUnion(names)
            watches[wd] = watch
        } else {
            watches[wd] = Watch(path: folder, recursive: recursive, names: names)
        }
        watchByPath[folder] = wd
        return true
    }

    /// Drops the watches of a folder that moved away or was deleted, and of those below it.
    func unwatch(_ folder: String) {
        for (path, wd) in watchByPath where path == folder || path.hasPrefix(folder + "/") {
            inotify_rm_watch(descriptor, wd)
            watches[wd] = nil
            watchByPath[path] = nil
        }
    }
}
#else
private final class InotifySession: Sendable {
    init(list: WatchList) throws(PreviewError) {
        throw .inotifyUnsupported
    }

    func start(_ continuation: AsyncStream<[String]>.Continuation) {
        continuation.finish()
    }
}
#endif
