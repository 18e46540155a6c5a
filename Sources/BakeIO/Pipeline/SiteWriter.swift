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
    /// When the next post dated in the future is due, as the last build into this folder
    /// recorded it; nil when it recorded none, or there is no readable manifest.
    public func recordedSchedule() -> Timestamp? {
        // Read only: a build may be under way beside.
        guard let bytes = try? FileIO.readIfPresent(output + "/" + SiteManifest.fileName),
              let state = SiteManifest(bytes: bytes)?.state, state.nextBoundary != Int64.max
        else { return nil }
        return Timestamp(seconds: state.nextBoundary)
    }

    public func existingManifest() throws(BuildFailure) -> SiteManifest? {
        let manifestPath = output + "/" + SiteManifest.fileName
        let pendingPath = output + "/" + SiteManifest.pendingFileName
        var manifest: SiteManifest?
        if FileIO.exists(manifestPath) {
            guard let bytes = try? FileIO.read(manifestPath),
                  let read = SiteManifest(bytes: bytes) else {
                throw BuildFailure([OutputFolderError(path: manifestPath, reason: .damagedManifest).diagnostic])
            }
            manifest = read
        }
        // Killed while saving the pending list itself: nothing of the build was written yet,
        // but its temp file must go. In a folder with neither file, which may not be bake's,
        // only the temp files of those two.
        let pendingIsThere = FileIO.exists(pendingPath)
        if FileIO.exists(output) {
            StaleTempFiles.remove(in: output, below: false,
                                  of: manifest != nil || pendingIsThere ? nil : [SiteManifest.fileName, SiteManifest.pendingFileName])
        }
        if pendingIsThere {
            // An unreadable list is one whose write never finished: nothing of it was written.
            let pending = (try? FileIO.read(pendingPath)).flatMap(SiteManifest.decodePending) ?? []
            StaleTempFiles.remove(in: output)
            return (manifest ?? SiteManifest(records: [:])).adopting(pending)
        }
        if let manifest { return manifest }
        guard FileIO.exists(output) else { return nil }
        guard FileIO.isFolder(output) else {
            throw BuildFailure([OutputFolderError(path: output, reason: .notAFolder).diagnostic])
        }
        if !FileTree.isEmptyFolder(output) {
            throw BuildFailure([OutputFolderError(path: output, reason: .notMadeByBake).diagnostic])
        }
        return nil
    }

    /// The paths of the files `manifest` records that are not in the output folder as bake
    /// left them (gone, or of another size or mtime): usually none. Files no manifest records
    /// are not bake's, and nothing asks about them.
    public func filesNotAsRecorded(in manifest: SiteManifest) async -> Set<String> {
        let records = Array(manifest.records.values)
        let entries = await FileTree.entries(at: records.map(\.path), below: output)
        var changed = Set<String>()
        for (record, entry) in zip(records, entries) where !record.matches(entry) {
            changed.insert(record.path)
        }
        return changed
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

    /// What a write did.
    public struct Report: Sendable {
        /// The files written, sorted.
        public let written: [String]
        /// How many files were already as they should be.
        public let unchanged: Int
        /// The files removed, which the last build wrote and this one no longer makes.
        public let removed: [String]
        /// The manifest saved.
        public let manifest: SiteManifest
    }

    /// Writes `items`, then renders and writes `pending` a batch at a time, removes stale
    /// files, and saves the manifest.
    ///
    /// In four parts: the output folder refuses files bake did not write (before anything is
    /// written); the pending list claims the paths this build adds (before the first write);
    /// the files are written; the files the site no longer makes are swept and the manifest
    /// saved.
    /// - Parameters:
    ///   - provisional: Whether what is rendered now may be wrong (code left unhighlighted
    ///     once the highlighter failed): pending pages rendered while it says so are recorded
    ///     under another fingerprint, so the next build renders them again, and the manifest
    ///     then records no state, so the next build is not taken as a no-op.
    ///   - then: What is made from the files once they are written (the search index), given
    ///     what the write did so far (its `removed` are the files about to be removed): its
    ///     items are written too, before the stale files are swept and the one manifest is
    ///     saved. When it fails, nothing is removed, and the manifest records no state.
    public func write(_ items: [Item], rendering pending: Pending = .none, previous: SiteManifest?, state: SiteManifest.State? = nil,
                      provisional: (@Sendable () -> Bool)? = nil,
                      then more: (@Sendable (Report) async throws(BuildFailure) -> [Item])? = nil) async throws(BuildFailure) -> Report {
        let folder = OutputFolder(path: output, previous: previous)
        let pending = provisional.map { isProvisional in
            SiteWriter.Pending(paths: pending.paths) { indices in
                let items = await pending.render(indices)
                guard isProvisional() else { return items }
                return items.map { Item(path: $0.path, fingerprint: ~$0.fingerprint, content: $0.content) }
            }
        } ?? pending
        let way = folder.wayToClear(for: items, pending: pending.paths)
        let adopted = try await folder.adopt(items, pending, freed: way.freed)
        folder.clear(way)
        let firstItems = items + adopted.items
        var run = WriteRun(folder: folder)
        run.cleared = way.files
        // Room for every record at once: at 10,000 posts, growing the table cost more than filling it.
        run.records.reserveCapacity(firstItems.count + pending.paths.count)
        var toApply: [Item] = []
        for item in firstItems {
            if case .keep(let record) = item.content {
                run.records[record.path] = record
            } else {
                toApply.append(item)
            }
        }
        let pendingList = PendingList(folder: folder)
        try pendingList.claim(toApply.map(\.path) + pending.paths, writing: !toApply.isEmpty || !pending.paths.isEmpty)
        await run.apply(toApply)
        let rest = pending.paths.indices.filter { !adopted.rendered.contains($0) }
        for start in stride(from: 0, to: rest.count, by: Self.batchSize) {
            var batch = await pending.render(Array(rest[start..<min(start + Self.batchSize, rest.count)]))
            // A file that appeared at a new path while the site rendered is not bake's either:
            // it is left, and the pending list no longer claims it.
            let refused = batch.filter { folder.isUnrecorded($0.path) && folder.isInTheWay($0) }.map(\.path)
            if !refused.isEmpty {
                run.failures += refused.map(folder.refusal)
                batch.removeAll { refused.contains($0.path) }
                do {
                    try pendingList.release(refused)
                } catch {
                    run.failures.append(error.diagnostic(relativeTo: output))
                    break
                }
            }
            await run.apply(batch)
        }
        var moreCount = 0
        if let more {
            let toRemove = previous.map { previous in previous.records.keys.filter { run.records[$0] == nil }.sorted() } ?? []
            let sofar = Report(written: run.written.sorted(), unchanged: items.count + pending.paths.count - run.written.count, removed: toRemove,
                               manifest: run.manifest(state: nil))
            do throws(BuildFailure) {
                let extra = try await more(sofar)
                moreCount = extra.count
                var toWrite: [Item] = []
                for item in extra {
                    if case .keep(let record) = item.content {
                        run.records[record.path] = record
                    } else if folder.isUnrecorded(item.path) && folder.isInTheWay(item) {
                        run.failures.append(folder.refusal(item.path))
                    } else {
                        toWrite.append(item)
                    }
                }
                try pendingList.claim(adding: toWrite.map(\.path))
                await run.apply(toWrite)
            } catch {
                run.failures += error.diagnostics
            }
        }
        if !run.notWritten.isEmpty {
            do {
                try pendingList.release(run.notWritten)
            } catch {
                run.failures.append(error.diagnostic(relativeTo: output))
            }
        }
        let removed = run.sweep()
        let state = provisional?() == true ? nil : state
        try run.saveManifest(state: state, removed: removed, pendingList: pendingList)
        return Report(written: run.written.sorted(), unchanged: items.count + pending.paths.count + moreCount - run.written.count, removed: removed,
                      manifest: run.manifest(state: state))
    }
}

/// The output folder as the last build left it, and what in it is not bake's: a file no
/// manifest records is someone else's, and is never replaced.
struct OutputFolder: Sendable {
    let path: String
    let previous: SiteManifest?

    /// Whether a file is at `file` that no build recorded. With no manifest the folder was
    /// empty (`existingManifest` checks), so nothing is.
    func isUnrecorded(_ file: String) -> Bool {
        guard let previous, previous.records[file] == nil, FileIO.exists(path + "/" + file, followingLinks: false) else { return false }
        // Past a linked folder a file is not the site's at all: writing there is refused as such.
        var checked: [String: String?] = [:]
        return FileIO.linkedFolder(on: file, below: path, checked: &checked) == nil
    }

    /// Whether the file at the item's path holds other bytes than the item.
    func isInTheWay(_ item: SiteWriter.Item) -> Bool {
        let full = path + "/" + item.path
        switch item.content {
        case .bytes(let bytes): return !FileIO.contentEquals(full, bytes)
        case .copy(let source): return !((try? FileIO.read(source)).map { FileIO.contentEquals(full, $0) } ?? false)
        case .keep: return false
        }
    }

    func refusal(_ file: String) -> Diagnostic {
        OutputFolderError(path: path + "/" + file, reason: .inTheWay).diagnostic
    }

    /// What the last build wrote, and this one no longer makes, that stands where this build's
    /// new files go: a file where one of them needs a folder (a static file `notes` that is now
    /// a folder `notes/`), or a folder of such files where one of them is a file. The sweep
    /// would remove them after the writes, which they would stop.
    struct WayToClear: Sendable {
        /// The last build's files to remove first (several new files can need one gone).
        var files: Set<String> = []
        /// This build's paths where a folder of them stands: not in the way, as it goes.
        var freed: Set<String> = []
    }

    /// The way to clear for `items` and `pending`: only files the last build recorded, none
    /// past a linked folder, and a folder only when it holds nothing else (hidden names and
    /// links included). Anything else stays, to be refused as in the way.
    func wayToClear(for items: [SiteWriter.Item], pending: [String]) -> WayToClear {
        guard let previous else { return WayToClear() }
        // Only a path the last build did not record can meet such a file: usually none.
        var added: [String] = []
        for item in items {
            // A kept file is recorded: no look-up for the thousands of those.
            if case .keep = item.content { continue }
            if previous.records[item.path] == nil { added.append(item.path) }
        }
        added += pending.filter { previous.records[$0] == nil }
        var way = WayToClear()
        var checked: [String: String?] = [:]
        for file in added where SiteWriter.isSafeRelativePath(file) {
            var folder = file[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                let stale = String(folder)
                if previous.records[stale] != nil, !FileIO.isFolder(path + "/" + stale, followingLinks: false),
                   FileIO.linkedFolder(on: stale, below: path, checked: &checked) == nil {
                    way.files.insert(stale)
                }
            }
            guard FileIO.isFolder(path + "/" + file, followingLinks: false), FileIO.linkedFolder(on: file, below: path, checked: &checked) == nil,
                  let inside = try? FileTree.everyFile(below: path + "/" + file), !inside.leftOutLink,
                  inside.entries.allSatisfy({ previous.records[file + "/" + $0.path] != nil }) else { continue }
            way.files.formUnion(inside.entries.map { file + "/" + $0.path })
            way.freed.insert(file)
        }
        return way
    }

    /// Removes the files of `way`, and the folders they leave empty.
    func clear(_ way: WayToClear) {
        for file in way.files { try? FileIO.remove(path + "/" + file) }
        for file in way.files { FileIO.removeEmptyFolders(from: FileIO.parent(of: path + "/" + file), upTo: path) }
    }

    /// Checks, before anything is written, that no item would replace a file bake did not
    /// write. Pending outputs whose file is already there are rendered first, a batch at a
    /// time, to compare: a file with the very bytes is taken as bake's, as it is, and not
    /// rendered again. Every refusal is reported at once.
    /// - Parameter freed: Paths whose folder of the last build's files gives way (`wayToClear`).
    func adopt(_ items: [SiteWriter.Item], _ pending: SiteWriter.Pending, freed: Set<String> = []) async throws(BuildFailure) -> (items: [SiteWriter.Item], rendered: Set<Int>) {
        // A kept file is recorded by definition: only the others are looked up.
        var refusals: [Diagnostic] = items.filter { item in
            if case .keep = item.content { return false }
            return !freed.contains(item.path) && isUnrecorded(item.path) && isInTheWay(item)
        }.map { refusal($0.path) }
        let unrecorded = pending.paths.indices.filter { !freed.contains(pending.paths[$0]) && isUnrecorded(pending.paths[$0]) }
        var adopted: [SiteWriter.Item] = []
        for start in stride(from: 0, to: unrecorded.count, by: SiteWriter.batchSize) {
            for item in await pending.render(Array(unrecorded[start..<min(start + SiteWriter.batchSize, unrecorded.count)])) {
                if isInTheWay(item) {
                    refusals.append(refusal(item.path))
                } else if let entry = FileTree.entry(at: path + "/" + item.path, relativePath: item.path) {
                    adopted.append(SiteWriter.Item(path: item.path, fingerprint: item.fingerprint, content: .keep(
                        SiteManifest.Record(path: item.path, size: entry.size, modified: entry.modified, fingerprint: item.fingerprint)
                    )))
                }
            }
        }
        if !refusals.isEmpty { throw BuildFailure(refusals) }
        return (adopted, Set(unrecorded))
    }
}

/// `.bake-manifest.pending`: the paths a build adds, saved before its first write, so that
/// if it is killed before the manifest is saved, the next build still knows them for bake's
/// own and (the list being there) sweeps the temp files of whatever was being written.
final class PendingList {
    let folder: OutputFolder
    let file: String
    /// Whether a killed build left one.
    let wasLeft: Bool
    private var claimed: [String] = []

    init(folder: OutputFolder) {
        self.folder = folder
        self.file = folder.path + "/" + SiteManifest.pendingFileName
        self.wasLeft = folder.previous != nil && FileIO.exists(file)
    }

    /// Saves the list: the paths of `paths` no build recorded, and those a killed build's
    /// list held; when nothing is written and no list was left, there is nothing to save.
    func claim(_ paths: [String], writing: Bool) throws(BuildFailure) {
        guard writing || wasLeft else { return }
        let added = paths.filter { folder.previous?.records[$0] == nil }
        let known = wasLeft ? folder.previous.map { manifest in manifest.records.values.filter { $0.size < 0 }.map(\.path) } ?? [] : []
        claimed = known + Array(Set(added)).sorted()
        try saveForTheBuild()
    }

    /// Saves the list with `paths` that no build recorded and it does not hold yet: files
    /// made after the first write began (the search index).
    func claim(adding paths: [String]) throws(BuildFailure) {
        let held = Set(claimed)
        let added = Array(Set(paths.filter { folder.previous?.records[$0] == nil && !held.contains($0) })).sorted()
        guard !added.isEmpty else { return }
        claimed += added
        try saveForTheBuild()
    }

    /// Saves the list without `paths`, which turned out not to be bake's.
    func release(_ paths: [String]) throws(FileSystemError) {
        let released = Set(paths)
        claimed.removeAll { released.contains($0) }
        try save()
    }

    /// Only once the manifest names every file may the list go.
    func remove() throws(FileSystemError) {
        try FileIO.remove(file)
    }

    private func save() throws(FileSystemError) {
        try FileIO.writeAtomically(SiteManifest.encodedPending(claimed), to: file, durable: false)
    }

    /// `save()`, failing the build with the reason when the list cannot be saved.
    private func saveForTheBuild() throws(BuildFailure) {
        do {
            try save()
        } catch {
            throw BuildFailure([error.diagnostic(relativeTo: folder.path)])
        }
    }
}

/// The files of one write as they are written: the manifest's records, what was written, and
/// what failed.
struct WriteRun {
    let folder: OutputFolder
    var records: [String: SiteManifest.Record] = [:]
    var written: [String] = []
    var failures: [Diagnostic] = []
    /// Whether a record differs from the last build's.
    var recordsChanged = false
    /// The folders of the output looked at for links, and the link found on the way to each.
    private var checkedFolders: [String: String?] = [:]
    /// The files not written because a folder on their way is a link, which the pending
    /// list must not go on claiming.
    var notWritten: [String] = []
    /// The last build's files removed before the writes (`OutputFolder.clear`).
    var cleared: Set<String> = []
    private var refusedLinks: Set<String> = []

    init(folder: OutputFolder) {
        self.folder = folder
    }

    /// Writes `batch` on every core, recording each file. A file whose way passes through a
    /// folder that is a link is not written: what it points to is not bake's.
    mutating func apply(_ batch: [SiteWriter.Item]) async {
        let output = folder.path
        let previous = folder.previous
        var batch = batch
        if previous != nil {
            batch.removeAll { item in
                if case .keep = item.content { return false }
                guard let link = linkedFolder(on: item.path) else { return false }
                refuse(link)
                notWritten.append(item.path)
                return true
            }
        }
        let outcomes = await parallelMap(batch) { item -> Result<(SiteManifest.Record, Bool), FileSystemError> in
            Result { () throws(FileSystemError) in try SiteWriter.apply(item, output: output, outputWasEmpty: previous == nil, previous: previous?.records[item.path]) }
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

    /// Removes the files the last build recorded and this one did not make, when nothing
    /// failed; the records of files it could not replace are kept, so a later build still
    /// owns them. Returns the paths removed.
    mutating func sweep() -> [String] {
        guard let previous = folder.previous else { return [] }
        var removed: [String] = []
        for path in previous.records.keys.filter({ records[$0] == nil }).sorted() where failures.isEmpty {
            guard SiteWriter.isSafeRelativePath(path) else { continue }
            if let link = linkedFolder(on: path) {
                refuse(link)
                continue
            }
            let full = folder.path + "/" + path
            // Removed already, to clear the way for this build's files.
            if cleared.contains(path) {
                removed.append(path)
                continue
            }
            // A folder now, not bake's file: only the record goes.
            if FileIO.isFolder(full, followingLinks: false) { continue }
            do {
                try FileIO.remove(full)
                removed.append(path)
                FileIO.removeEmptyFolders(from: FileIO.parent(of: full), upTo: folder.path)
            } catch {
                failures.append(error.diagnostic(relativeTo: folder.path))
            }
        }
        if !failures.isEmpty {
            for (path, record) in previous.records where records[path] == nil { records[path] = record }
        }
        return removed
    }

    func manifest(state: SiteManifest.State?) -> SiteManifest {
        SiteManifest(records: records, state: failures.isEmpty ? state : nil)
    }

    /// The first folder on the way to `file` that is a link (`FileIO.linkedFolder`).
    private mutating func linkedFolder(on file: String) -> String? {
        FileIO.linkedFolder(on: file, below: folder.path, checked: &checkedFolders)
    }

    /// Fails the write for the linked folder `link`, once however many files are on its way.
    private mutating func refuse(_ link: String) {
        guard refusedLinks.insert(link).inserted else { return }
        failures.append(OutputFolderError(path: folder.path + "/" + link, reason: .linkedFolder).diagnostic)
    }

    /// Saves the manifest when it differs from the last (or a killed build left a pending
    /// list), removes the pending list once it names every file, and fails with every
    /// problem of the write.
    mutating func saveManifest(state: SiteManifest.State?, removed: [String], pendingList: PendingList) throws(BuildFailure) {
        let manifest = manifest(state: state)
        let previous = folder.previous
        do {
            // Kept records are the previous ones, so only the others can differ.
            let changed = previous == nil || manifest.state != previous?.state || !removed.isEmpty
                || records.count != previous?.records.count || recordsChanged
            if changed || pendingList.wasLeft {
                try FileIO.writeAtomically(manifest.encoded(), to: folder.path + "/" + SiteManifest.fileName, durable: false)
            }
            if failures.isEmpty { try pendingList.remove() }
        } catch {
            failures.append(error.diagnostic(relativeTo: folder.path))
        }
        if !failures.isEmpty { throw BuildFailure(failures, written: written.count) }
    }
}

extension SiteWriter {
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
