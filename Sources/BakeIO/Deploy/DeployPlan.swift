/// What one deploy sends and deletes: every file the output's manifest lists, and the files
/// bake published to the target before that it no longer makes. Nothing else is ever named
/// to rsync, so nothing else on the target can be deleted.
public struct DeployPlan: Sendable, Hashable {
    /// Files the site has now, relative to the output folder.
    public let publish: [String]
    /// Files bake published to the target before and no longer makes.
    public let delete: [String]

    /// - Parameters:
    ///   - site: The output folder's manifest: the files bake wrote there.
    ///   - published: What bake published to the target before.
    public init(site: SiteManifest, published: PublishedFiles) {
        let current = Set(site.records.keys.filter(Self.isPublishable))
        publish = current.sorted { $0.precedesInBytes($1) }
        delete = published.paths.filter { Self.isPublishable($0) && !current.contains($0) }
    }

    /// rsync's `--files-from` list, with `--from0`: each path ending in NUL, so that no name
    /// can split in two.
    public static func fileList(_ paths: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for path in paths {
            bytes += path.utf8
            bytes.append(0)
        }
        return bytes
    }

    /// The folders that hold the files to delete, e.g. `2014`, `2014/03`, `2014/03/31`: rsync
    /// needs them in its source to reach a file whose folder bake no longer has.
    public var deletedFolders: [String] {
        var folders = Set<String>()
        for path in delete {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts.removeLast()
            }
        }
        return folders.sorted { $0.precedesInBytes($1) }
    }

    /// Whether bake may name `path` to rsync: relative, inside the target (no `..`), and not
    /// one of bake's own bookkeeping files (`.bake-manifest`, temp files `.name.bake-PID-XXXXXX`).
    static func isPublishable(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0"), !path.contains("\n"),
              !path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
        else { return false }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name != SiteManifest.fileName && !StaleTempFiles.isTempName(name)
    }
}

