import BakeIO

/// Watches by scanning: every `interval` it lists the watched folders and compares each
/// file's size and modification time with the last scan. For systems without inotify.
public struct PollingWatcher: FileWatcher {
    /// What to scan.
    public let list: WatchList
    /// The time between scans.
    public let interval: Duration

    /// A watcher that scans `list` every `interval`.
    public init(list: WatchList, interval: Duration = .milliseconds(300)) {
        self.list = list
        self.interval = interval
    }

    /// The changes, one batch per scan that found any.
    public func changes() -> AsyncStream<[String]> {
        let list = self.list
        let interval = self.interval
        let (stream, continuation) = AsyncStream.makeStream(of: [String].self)
        // The first scan happens now, so that changes made right after this call are seen.
        let first = Self.scan(list)
        let task = Task {
            var last = first
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                let current = Self.scan(list)
                let changed = Self.difference(last, current)
                if !changed.isEmpty { continuation.yield(changed.map(list.reported)) }
                last = current
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Every watched file's size and modification time, by absolute path.
    static func scan(_ list: WatchList) -> [String: FileEntry] {
        var files: [String: FileEntry] = [:]
        for folder in list.folders {
            for entry in (try? FileTree.scan(folder)) ?? [] {
                let path = folder + "/" + entry.path
                guard !list.isExcluded(path), !entry.path.split(separator: "/").contains(where: WatchList.isScratch) else { continue }
                files[path] = entry
            }
        }
        for file in list.files {
            if let entry = FileTree.entry(at: file, relativePath: file) { files[file] = entry }
        }
        return files
    }

    /// The paths added, removed or changed between two scans, sorted.
    static func difference(_ old: [String: FileEntry], _ new: [String: FileEntry]) -> [String] {
        var changed: [String] = []
        for (path, entry) in new {
            if let before = old[path], before.size == entry.size, before.modified == entry.modified { continue }
            changed.append(path)
        }
        for path in old.keys where new[path] == nil {
            changed.append(path)
        }
        return changed.sorted()
    }
}
