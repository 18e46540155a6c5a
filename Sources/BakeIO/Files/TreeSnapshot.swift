import BakeKit

/// The file lists a build walked, and the output folder as it left it: what the next build in
/// the same process starts from when it is told which paths changed (preview's watcher knows),
/// instead of walking the source and output trees again.
///
/// ```swift
/// let next = snapshot.updated(with: ["posts/2014/03/31/hello.markdown"], blog: blog)
/// ```
struct TreeSnapshot: Sendable {
    /// The output folder and whether drafts were read: a build of another kind walks.
    let key: String
    /// Every post and page source, by path relative to the blog, sorted.
    var sources: [FileEntry]
    /// The blog's static files, relative to `static/`, sorted.
    var staticEntries: [FileEntry]
    /// The manifest the build wrote; its records are the output folder's files.
    let manifest: SiteManifest

    /// The same file lists, with the manifest a later write of the same build left (the
    /// search index, written after the pages).
    func with(_ manifest: SiteManifest) -> TreeSnapshot {
        TreeSnapshot(key: key, sources: sources, staticEntries: staticEntries, manifest: manifest)
    }

    static func key(output: String, drafts: Bool) -> String {
        output + (drafts ? "\n+drafts" : "\n")
    }

    /// The snapshot with `changes` (paths relative to the blog) looked at again; nil when one
    /// is a folder, or was one, which takes a walk.
    func updated(with changes: [String], blog: BlogFolder, drafts: Bool) -> TreeSnapshot? {
        var next = self
        let sourceFolders = drafts ? ["drafts/", "pages/", "posts/"] : ["pages/", "posts/"]
        for change in Set(changes).sorted() {
            // Hidden files (an editor's swap file) are not part of the blog, as in a walk.
            guard !change.hasPrefix("/"), !change.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            if sourceFolders.contains(where: { change.hasPrefix($0) }) {
                guard next.sources.update(change, full: blog.path(change), isWanted: { BodyFormat(fileName: $0) != nil }) else { return nil }
            } else if change.hasPrefix("static/") {
                let relative = String(change.dropFirst("static/".count))
                guard next.staticEntries.update(relative, full: blog.path(change), isWanted: { _ in true }) else { return nil }
            } else if sourceFolders.contains(change + "/") || change == "static" {
                return nil
            }
        }
        return next
    }
}

private extension Array where Element == FileEntry {
    /// Looks at the file at `path` again: added, replaced or removed. False when it is a
    /// folder or was one.
    mutating func update(_ path: String, full: String, isWanted: (String) -> Bool) -> Bool {
        let index = partitioningIndex { $0.path >= path }
        let present = index < count && self[index].path == path
        if let entry = FileTree.entry(at: full, relativePath: path) {
            guard isWanted(path) else { return true }
            if present { self[index] = entry } else { insert(entry, at: index) }
            return true
        }
        if FileIO.exists(full) { return false }
        if present {
            remove(at: index)
            return true
        }
        // A folder that is gone: its files are not named one by one.
        var next = index
        while next < count, self[next].path.hasPrefix(path) {
            if self[next].path.hasPrefix(path + "/") { return false }
            next += 1
        }
        return true
    }

    func partitioningIndex(where predicate: (FileEntry) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
