/// The output folder's files as a build starts from them, to tell whether each file the last
/// manifest records is as bake left it.
enum OutputFiles: Sendable {
    /// As they are on disk: size and mtime by path (`SiteWriter.recordedFiles`).
    case onDisk([String: FileEntry])
    /// As the last build in this process recorded them (preview's, told what changed by its
    /// watcher): nothing to look at, and no table of 10,000 entries to make.
    case asRecorded

    /// Whether the file `record` describes is there as bake left it.
    func matches(_ record: SiteManifest.Record) -> Bool {
        switch self {
        case .onDisk(let files): return record.matches(files[record.path])
        case .asRecorded: return true
        }
    }
}
