import BakeKit

/// Puts a finished site into the output folder: writes only what changed, removes only what
/// earlier builds wrote and this one no longer makes, and records it all in the manifest.
public struct SiteWriter: Sendable {
    /// What goes into one output file.
    public enum Content: Sendable {
        /// Bytes in memory: a rendered page, or one of the theme's static files.
        case bytes([UInt8])
        /// A copy of a file elsewhere (static files).
        case copy(from: String)
        /// Known to be unchanged since the last build, as recorded; leave it.
        case keep(SiteManifest.Record)
    }

    /// One output file.
    public struct Item: Sendable {
        public let path: String
        public let fingerprint: UInt64
        public let content: Content

        public init(path: String, fingerprint: UInt64, content: Content) {
            self.path = path
            self.fingerprint = fingerprint
            self.content = content
        }
    }

    public let output: String

    public init(output: String) {
        self.output = output
    }

    /// The manifest of the last build, or nil for a new, empty (or absent) folder.
    /// Throws if the folder is not empty and bake did not make it.
    ///
    /// A build that was killed while writing left a pending list (and perhaps temp files):
    /// the files it lists are taken back as bake's, and its temp files are removed.
    public func existingManifest() throws(BuildFailure) -> SiteManifest? {
        let manifestPath = output + "/" + SiteManifest.fileName
        let pendingPath = output + "/" + SiteManifest.pendingFileName
        var manifest: SiteManifest?
        if FileIO.exists(manifestPath) {
            guard let bytes = try? FileIO.read(manifestPath),
                  let read = SiteManifest(bytes: bytes) else {
                throw BuildFailure([Diagnostic(path: manifestPath, line: nil, message: "the manifest is damaged; expected the file bake writes. Delete the output folder's contents and bake again")])
            }
            manifest = read
        }
        // Killed while saving the pending list itself: nothing of the build was written yet,
        // but its temp file must go.
        if FileIO.exists(output) { StaleTempFiles.remove(in: output, below: false) }
        if FileIO.exists(pendingPath) {
            // An unreadable list is one whose write never finished: nothing of it was written.
            let pending = (try? FileIO.read(pendingPath)).flatMap(SiteManifest.decodePending) ?? []
            StaleTempFiles.remove(in: output)
            return (manifest ?? SiteManifest(records: [:])).adopting(pending)
        }
        if let manifest { return manifest }
        guard FileIO.exists(output) else { return nil }
        guard FileIO.isFolder(output) else {
            throw BuildFailure([Diagnostic(path: output, line: nil, message: "is not a folder; expected a folder for the site")])
        }
        if !FileTree.isEmptyFolder(output) {
            throw BuildFailure([Diagnostic(path: output, line: nil, message: "is not empty and was not made by bake (it has no \(SiteManifest.fileName)); expected an empty folder or one bake wrote before")])
        }
        return nil
    }

    /// Size and mtime of every file in the output folder, by path: one walk of the folder
    /// costs far less than a `stat` of each recorded path.
    public func currentFiles() async -> [String: FileEntry] {
        let entries = (try? await FileTree.scanInParallel(output)) ?? []
        return Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Outputs still to render, handed over by path and rendered a batch at a time while they
    /// are written, so that a build holds at most one batch of rendered pages in memory.
    public struct Pending: Sendable {
        /// Their paths, in the order `render` counts them.
        public let paths: [String]
        /// The items at these indices of `paths`, rendered.
        public let render: @Sendable ([Int]) async -> [Item]

        public init(paths: [String], render: @escaping @Sendable ([Int]) async -> [Item]) {
            self.paths = paths
            self.render = render
        }

        public static let none = Pending(paths: []) { _ in [] }
    }

    /// How many pending outputs are rendered, then written, at a time.
    public static let batchSize = 1024

    /// Writes `items`, then renders and writes `pending` a batch at a time, removes stale
    /// files, and saves the manifest.
    public func write(_ items: [Item], rendering pending: Pending = .none, previous: SiteManifest?, state: SiteManifest.State? = nil) async throws(BuildFailure) -> (written: [String], unchanged: Int, removed: [String], manifest: SiteManifest) {
        let output = self.output
        // A file no build recorded was put there by someone else: never replace it. Checked
        // before anything is written, so the refusal leaves the site as it was.
        var foreign: [Diagnostic] = []
        func isUnrecorded(_ path: String) -> Bool {
            // With no manifest the folder was empty (`existingManifest` checks), so nothing is foreign.
            previous != nil && previous?.records[path] == nil && FileIO.exists(output + "/" + path)
        }
        func isInTheWay(_ item: Item) -> Bool {
            let same: Bool
            switch item.content {
            case .bytes(let bytes): same = FileIO.contentEquals(output + "/" + item.path, bytes)
            case .copy(let source): same = (try? FileIO.read(source)).map { FileIO.contentEquals(output + "/" + item.path, $0) } ?? false
            case .keep: same = true
            }
            return !same
        }
        func refusal(_ path: String) -> Diagnostic {
            Diagnostic(path: output + "/" + path, line: nil, message: "is in the way: bake did not write it and will not replace it; expected you to move or delete it")
        }
        for item in items where isUnrecorded(item.path) && isInTheWay(item) {
            foreign.append(refusal(item.path))
        }
        // Pending outputs whose file is already there are rendered first, a batch at a time, to
        // compare. A file with the very bytes is taken as bake's, as it is, and not rendered again.
        let unrecorded = pending.paths.indices.filter { isUnrecorded(pending.paths[$0]) }
        var adopted: [Item] = []
        for start in stride(from: 0, to: unrecorded.count, by: Self.batchSize) {
            for item in await pending.render(Array(unrecorded[start..<min(start + Self.batchSize, unrecorded.count)])) {
                if isInTheWay(item) {
                    foreign.append(refusal(item.path))
                } else if let entry = FileTree.entry(at: output + "/" + item.path, relativePath: item.path) {
                    adopted.append(Item(path: item.path, fingerprint: item.fingerprint, content: .keep(
                        SiteManifest.Record(path: item.path, size: entry.size, modified: entry.modified, fingerprint: item.fingerprint)
                    )))
                }
            }
        }
        if !foreign.isEmpty { throw BuildFailure(foreign) }
        let firstItems = items + adopted
        // Files known to be unchanged need no work; the rest are written on every core.
        var records: [String: SiteManifest.Record] = [:]
        records.reserveCapacity(items.count + pending.paths.count)
        var toApply: [Item] = []
        for item in firstItems {
            if case .keep(let record) = item.content {
                records[record.path] = record
            } else {
                toApply.append(item)
            }
        }
        // Before the first write, the paths this build adds: if it is killed before the
        // manifest is saved, the next build still knows them for bake's own, and (the list
        // being there) sweeps the temp files of whatever was being written.
        let pendingPath = output + "/" + SiteManifest.pendingFileName
        let hadPending = previous != nil && FileIO.exists(pendingPath)
        let added = (toApply.map(\.path) + pending.paths).filter { previous?.records[$0] == nil }
        let known = hadPending ? previous.map { manifest in manifest.records.values.filter { $0.size < 0 }.map(\.path) } ?? [] : []
        let claimed = known + Array(Set(added)).sorted()
        if !toApply.isEmpty || !pending.paths.isEmpty || hadPending {
            do {
                try FileIO.writeAtomically(SiteManifest.encodedPending(claimed), to: pendingPath, durable: false)
            } catch {
                throw BuildFailure([error.diagnostic(relativeTo: output)])
            }
        }
        var written: [String] = []
        var failures: [Diagnostic] = []
        // Whether a record differs from the last build's.
        var recordsChanged = false
        func apply(_ batch: [Item]) async {
            let outcomes = await parallelMap(batch) { item -> Result<(SiteManifest.Record, Bool), FileSystemError> in
                Result { () throws(FileSystemError) in try Self.apply(item, output: output, outputWasEmpty: previous == nil, previous: previous?.records[item.path]) }
            }
            for outcome in outcomes {
                switch outcome {
                case .success(let (record, didWrite)):
                    records[record.path] = record
                    if didWrite { written.append(record.path) }
                    if record != previous?.records[record.path] { recordsChanged = true }
                case .failure(let error):
                    failures.append(error.diagnostic(relativeTo: output))
                }
            }
        }
        await apply(toApply)
        let rendered = Set(unrecorded)
        let rest = pending.paths.indices.filter { !rendered.contains($0) }
        var refused = Set<String>()
        for start in stride(from: 0, to: rest.count, by: Self.batchSize) {
            var batch = await pending.render(Array(rest[start..<min(start + Self.batchSize, rest.count)]))
            // A file that appeared at a new path while the site rendered is not bake's either:
            // it is left, and the pending list no longer claims it.
            let refusedBefore = refused.count
            batch.removeAll { item in
                guard isUnrecorded(item.path), isInTheWay(item) else { return false }
                failures.append(refusal(item.path))
                refused.insert(item.path)
                return true
            }
            if refused.count > refusedBefore {
                do {
                    try FileIO.writeAtomically(SiteManifest.encodedPending(claimed.filter { !refused.contains($0) }), to: pendingPath, durable: false)
                } catch {
                    failures.append(error.diagnostic(relativeTo: output))
                    break
                }
            }
            await apply(batch)
        }
        var removed: [String] = []
        if let previous {
            for path in previous.records.keys.filter({ records[$0] == nil }).sorted() where failures.isEmpty {
                guard Self.isSafeRelativePath(path) else { continue }
                let full = output + "/" + path
                do {
                    try FileIO.remove(full)
                    removed.append(path)
                    FileIO.removeEmptyFolders(from: FileIO.parent(of: full), upTo: output)
                } catch {
                    failures.append(error.diagnostic(relativeTo: output))
                }
            }
            // Keep records of files we could not replace, so a later build still owns them.
            if !failures.isEmpty {
                for (path, record) in previous.records where records[path] == nil { records[path] = record }
            }
        }
        let manifest = SiteManifest(records: records, state: failures.isEmpty ? state : nil)
        do {
            // Kept records are the previous ones, so only the others can differ.
            let changed = previous == nil || manifest.state != previous?.state || !removed.isEmpty
                || records.count != previous?.records.count || recordsChanged
            if changed || hadPending {
                try FileIO.writeAtomically(manifest.encoded(), to: output + "/" + SiteManifest.fileName, durable: false)
            }
            // Only once the manifest names every file may the pending list go.
            if failures.isEmpty { try FileIO.remove(pendingPath) }
        } catch {
            failures.append(error.diagnostic(relativeTo: output))
        }
        if !failures.isEmpty { throw BuildFailure(failures) }
        return (written.sorted(), items.count + pending.paths.count - written.count, removed, manifest)
    }
}

private extension SiteWriter {
    static func apply(_ item: Item, output: String, outputWasEmpty: Bool, previous: SiteManifest.Record?) throws(FileSystemError) -> (SiteManifest.Record, Bool) {
        let path = output + "/" + item.path
        func record() throws(FileSystemError) -> SiteManifest.Record {
            guard let entry = FileTree.entry(at: path, relativePath: item.path) else {
                throw FileSystemError(path: path, operation: .stat, errno: 2)
            }
            return SiteManifest.Record(path: item.path, size: entry.size, modified: entry.modified, fingerprint: item.fingerprint)
        }
        switch item.content {
        case .keep(let record):
            return (record, false)
        case .bytes(let bytes):
            return try write(bytes)
        case .copy(let source):
            if let previous, previous.fingerprint == item.fingerprint, previous.matches(FileTree.entry(at: path, relativePath: item.path)) {
                return (previous, false)
            }
            return try write(try FileIO.read(source))
        }
        func write(_ bytes: [UInt8]) throws(FileSystemError) -> (SiteManifest.Record, Bool) {
            // In a folder that was empty, as a first build's is, there is nothing to compare.
            if !outputWasEmpty, FileIO.contentEquals(path, bytes) { return (try record(), false) }
            let written = try FileIO.writeAtomically(bytes, to: path, durable: false)
            return (SiteManifest.Record(path: item.path, size: written.size, modified: written.modified, fingerprint: item.fingerprint), true)
        }
    }

    static func isSafeRelativePath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains { $0 == ".." || $0 == "." }
    }
}
