import Foundation

/// A picture of the blog that bake serves in several sizes: its size as a reader sees it and
/// the variants made of it.
///
/// The variants of `media/heron.jpg` sit beside it: `media/heron-480.webp`,
/// `media/heron-480.jpg`, …, up to its own width; `media/heron.jpg` itself holds the
/// full-size copy without its metadata.
public struct Picture: Sendable, Hashable, Encodable {
    /// A variant's size, in pixels.
    public struct Size: Sendable, Hashable, Encodable {
        public let width: Int
        public let height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// Its size after its EXIF orientation is applied.
    public let width: Int
    public let height: Int
    /// The variants' sizes, narrowest first; the last is the picture's own.
    public let sizes: [Size]
    /// The file extensions of the variants' formats: `webp` first, then the format of the
    /// fallback browsers without WebP show (`jpg` or `png`), when there is one.
    public let formats: [String]
    /// The widest variant in the first of `formats` (WebP): the full size, past the widest
    /// variant pages ask for, is only in the fallback format.
    public let widestModern: Int
    /// Whether the picture's own path holds its full-size copy (a JPEG, PNG or WebP); other
    /// formats (HEIC, TIFF, AVIF) are published only as variants.
    public let keepsPath: Bool
    /// A hash of the picture's bytes and of what shaped the variants, so that a page showing
    /// it is made again when it changes.
    public let identity: UInt64

    public init(width: Int, height: Int, sizes: [Size], formats: [String], keepsPath: Bool, identity: UInt64, widestModern: Int? = nil) {
        self.width = width
        self.height = height
        self.sizes = sizes
        self.formats = formats
        self.widestModern = widestModern ?? sizes.last?.width ?? 0
        self.keepsPath = keepsPath
        self.identity = identity
    }

    /// The format browsers without WebP show: the last of `formats`.
    public var fallbackFormat: String { formats.last ?? "webp" }

    /// The path or URL of a variant: `path`'s file name with `-width` before a new extension.
    /// `media/heron.jpg`, 480, `webp` → `media/heron-480.webp`.
    public static func variant(of path: String, width: Int, format: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name
        return String(path[..<slash]) + stem + "-\(width)." + format
    }
}

/// The pictures of a blog that bake serves responsively, by output path.
///
/// ```swift
/// let catalog = PictureCatalog(["media/heron.jpg": heron])
/// catalog.path(ofSource: "/media/heron.jpg", pageFolder: "2014/03/31/", paths: paths)   // "media/heron.jpg"
/// ```
public struct PictureCatalog: Sendable, Hashable {
    public let pictures: [String: Picture]

    public init(_ pictures: [String: Picture] = [:]) {
        self.pictures = pictures
    }

    public static let empty = PictureCatalog()

    public var isEmpty: Bool { pictures.isEmpty }

    /// The picture that `source` (an `<img src>` as a body holds it) shows, with its output path.
    public func picture(forSource source: String, pageFolder: String, paths: SitePaths) -> (path: String, picture: Picture)? {
        guard !pictures.isEmpty, let path = Self.path(ofSource: source, pageFolder: pageFolder, paths: paths), let picture = pictures[path] else { return nil }
        return (path, picture)
    }

    /// What a post or page shows as pictures: the `src` of its body's `<img>`s and its
    /// `@image` (its social card's), the one list the plan and the build's checks read.
    public static func sources(_ imageSources: [String], metadata: PostMetadata) -> [String] {
        guard let image = metadata[.image], !image.isEmpty else { return imageSources }
        return imageSources + [image]
    }

    /// A hash of the pictures `sources` show, 0 when they show none of the catalog's: what a
    /// page showing them is fingerprinted by, besides its text.
    public func identity(ofSources sources: [String], pageFolder: String, paths: SitePaths) -> UInt64 {
        guard !pictures.isEmpty else { return 0 }
        var hasher = ContentHasher()
        var found = false
        for source in sources {
            guard let (path, picture) = picture(forSource: source, pageFolder: pageFolder, paths: paths) else { continue }
            found = true
            hasher.combine(path)
            hasher.combine(Int64(bitPattern: picture.identity))
        }
        return found ? hasher.value : 0
    }

    /// The output path an image source of a page in `pageFolder` (e.g. `2014/03/31/`) names
    /// on this site: a relative path, a root-relative one under the site's path, or an
    /// absolute URL of the site itself. Nil for other sites, queries, `data:` and paths that
    /// leave the site.
    public static func path(ofSource source: String, pageFolder: String, paths: SitePaths) -> String? {
        guard !source.isEmpty, !source.contains("?"), !source.contains("#") else { return nil }
        var rest: Substring
        if source.hasPrefix(paths.siteURL + "/") {
            rest = source.dropFirst(paths.siteURL.count + 1)
        } else if source.hasPrefix("//") || source.contains(":") && !source.hasPrefix("/") && !source.hasPrefix(".") && source.split(separator: "/").first?.contains(":") == true {
            return nil
        } else if source.hasPrefix("/") {
            guard paths.basePath.isEmpty || source.hasPrefix(paths.basePath + "/") else { return nil }
            rest = source.dropFirst(paths.basePath.count + 1)
        } else {
            rest = Substring(pageFolder + source)
        }
        var segments: [Substring] = []
        for segment in rest.split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case ".", "": continue
            case "..":
                guard !segments.isEmpty else { return nil }
                segments.removeLast()
            default: segments.append(segment)
            }
        }
        let joined = segments.joined(separator: "/")
        guard !joined.isEmpty else { return nil }
        return joined.contains("%") ? joined.removingPercentEncoding : joined
    }
}
