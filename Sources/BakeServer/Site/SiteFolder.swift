import BakeIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The baked site on disk as a web server sees it: request paths to files, never a file
/// outside the folder.
///
/// A path is decoded and checked (`RequestPath`), hidden names are refused, and the file
/// it names is resolved with `realpath`, so a symbolic link that leads out of the folder
/// is not followed.
struct SiteFolder: Sendable {
    /// What a request path leads to.
    enum Lookup: Sendable, Equatable {
        /// A file inside the site.
        case file(File)
        /// A folder asked for without its trailing slash.
        case redirect(location: String)
        case notFound
        /// A path that could name something outside the site.
        case badRequest
    }

    /// A file of the site, read for one response.
    struct File: Sendable, Equatable {
        /// The path inside the site, e.g. `2014/03/index.html`.
        let path: String
        let bytes: [UInt8]
        /// Modification time in nanoseconds since 1970.
        let modified: Int64
    }

    /// The folder, absolute, with symbolic links resolved.
    let root: String

    /// The folder at `path`; nil when it does not exist.
    init?(resolving path: String) {
        guard let root = Self.realPath(path) else { return nil }
        self.root = root
    }

    /// The file for a request's path (without its query); `/2014/03/` leads to `2014/03/index.html`.
    func lookup(_ rawPath: String, basePath: String = "") -> Lookup {
        guard let requested = RequestPath(rawPath) else { return .badRequest }
        guard let path = requested.removingBase(basePath) else {
            // Only the site's root leads to the base path: a template that forgets the base
            // gets a 404 here, as it would on the real server.
            return requested.segments.isEmpty ? .redirect(location: basePath + "/") : .notFound
        }
        if path.isHidden { return .notFound }
        var candidate = path.segments.isEmpty ? root : root + "/" + path.segments.joined(separator: "/")
        var info = stat()
        guard stat(candidate, &info) == 0 else { return .notFound }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            if !path.segments.isEmpty, !path.hasTrailingSlash {
                return .redirect(location: requested.folderLocation)
            }
            candidate += "/index.html"
        }
        guard let real = Self.realPath(candidate), real.hasPrefix(root + "/"),
              let entry = FileTree.entry(at: real, relativePath: String(real.dropFirst(root.count + 1))),
              let bytes = try? FileIO.read(real)
        else { return .notFound }
        return .file(File(path: entry.path, bytes: bytes, modified: entry.modified))
    }
}

private extension SiteFolder {
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
