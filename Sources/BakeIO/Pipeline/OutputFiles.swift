/// The output folder's files as a build starts from them, to tell whether each file the last
/// manifest records is as bake left it.
enum OutputFiles: Sendable {
    /// Looked at on disk: the paths of the recorded files that are not as recorded
    /// (`SiteWriter.filesNotAsRecorded`), so that a build asks a small set, not a table of
    /// every file.
    case onDisk(notAsRecorded: Set<String>)
    /// As the last build in this process recorded them (preview's, told what changed by its
    /// watcher): nothing to look at.
    case asRecorded
    /// Not looked at (a clean build, or no manifest): no file is taken as bake left it.
    case unknown

    /// Whether the file `record` (of the manifest the files were looked at for) describes is
    /// there as bake left it.
    func matches(_ record: SiteManifest.Record) -> Bool {
        switch self {
        case .onDisk(let changed): return changed.isEmpty || !changed.contains(record.path)
        case .asRecorded: return true
        case .unknown: return false
        }
    }
}
