import BakeKit
import Foundation

/// The pictures of a build: which files of `static/` are pictures bake serves in several
/// sizes, their variants from `.bake-cache/images` (made by `bake-images` for those it has
/// not seen), and the writer's items that publish them.
///
/// A picture is found again by its path, size and mtime (`index` in the cache folder), so a
/// build whose pictures did not change reads a small record per picture and decodes none.
struct PictureStage: Sendable {
    /// The extensions of the files taken for raster pictures, lowercased. A GIF is published
    /// as it is, but pages learn its size; an SVG scales by itself.
    static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif", "avif", "tif", "tiff", "gif"]

    let blog: BlogFolder
    let settings: PictureSettings
    /// Where `bake-images` is: beside the running bake unless told.
    let program: String?

    init(blog: BlogFolder, settings: PictureSettings, program: String? = nil) {
        self.blog = blog
        self.settings = settings
        self.program = program
    }

    struct Outcome: Sendable {
        var catalog = PictureCatalog.empty
        /// The items that publish each picture, by its path in `static/`: its variants and
        /// its full-size copy, in place of the file itself.
        var items: [String: [SiteWriter.Item]] = [:]
        /// Why a file could not be read as a picture, by its path in `static/`; it is
        /// published as it is, and a page that shows it fails the build.
        var failures: [String: String] = [:]
        /// How many variants were encoded.
        var encodes = 0
        /// Why no picture could be resized (`bake-images` missing or stopped), which fails
        /// the build rather than publish pictures with their metadata.
        var problems: [Diagnostic] = []
    }

    /// Whether `path` (in `static/`) is taken for a raster picture, by its extension.
    static func isPicture(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// The pictures among `staticEntries`, their variants made where missing.
    func run(_ staticEntries: [FileEntry]) async -> Outcome {
        let candidates = staticEntries.filter { Self.isPicture($0.path) }
        guard !candidates.isEmpty else { return Outcome() }
        let folder = blog.imageCachePath
        let settingsKey = self.settingsKey
        var index = PictureIndex.load(from: folder + "/" + PictureIndex.fileName, settingsKey: settingsKey)
        var outcome = Outcome()
        var found: [(FileEntry, String, CachedPicture)] = []
        var missing: [FileEntry] = []
        for entry in candidates {
            if let key = index.key(for: entry), let record = Self.record(in: folder + "/" + key) {
                found.append((entry, key, record))
            } else {
                missing.append(entry)
            }
        }
        if !missing.isEmpty {
            let made: [Result<(String, Int), Failure>]
            do throws(Failure) {
                made = try await make(missing.map { blog.path("static/" + $0.path) }, cache: folder)
            } catch {
                outcome.problems = [Diagnostic(path: "static/" + missing[0].path, line: nil, message: error.reason)]
                return outcome
            }
            for (entry, result) in zip(missing, made) {
                switch result {
                case .success(let (key, encodes)):
                    guard let record = Self.record(in: folder + "/" + key) else {
                        outcome.failures[entry.path] = "its resized copies are missing from .bake-cache/images"
                        continue
                    }
                    outcome.encodes += encodes
                    index.set(key, for: entry)
                    found.append((entry, key, record))
                case .failure(let failure):
                    outcome.failures[entry.path] = failure.reason
                }
            }
            index.keep(only: Set(candidates.map(\.path)))
            try? index.save(to: folder + "/" + PictureIndex.fileName)
        }
        var pictures: [String: Picture] = [:]
        for (entry, key, record) in found {
            let identity = Self.identity(key)
            pictures[entry.path] = record.picture(identity: identity)
            // Published as it is, by the static file's own item.
            guard record.leftAsIs == nil, !record.variants.isEmpty else { continue }
            var items: [SiteWriter.Item] = []
            for variant in record.variants {
                items.append(item(path: Picture.variant(of: entry.path, width: variant.width, format: variant.format),
                                  file: folder + "/" + key + "/" + variant.fileName, identity: identity))
            }
            if let format = record.fullSizeFormat, let full = record.variants.last(where: { $0.format == format }) {
                items.append(item(path: entry.path, file: folder + "/" + key + "/" + full.fileName, identity: identity))
            }
            outcome.items[entry.path] = items
        }
        outcome.catalog = PictureCatalog(pictures)
        return outcome
    }

    /// What shapes the variants besides the pictures: the index is kept for these settings.
    var settingsKey: String {
        "\(settings.widths.map(String.init).joined(separator: ",")) q\(settings.quality) \(settings.metadata.rawValue)"
    }
}

private extension PictureStage {
    static func record(in folder: String) -> CachedPicture? {
        guard let bytes = (try? FileIO.readIfPresent(folder + "/" + CachedPicture.recordName)).flatMap({ $0 }),
              let record = CachedPicture(decoding: bytes),
              record.variants.allSatisfy({ FileIO.exists(folder + "/" + $0.fileName) })
        else { return nil }
        return record
    }

    static func identity(_ key: String) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine("picture")
        hasher.combine(key)
        return hasher.value
    }

    func item(path: String, file: String, identity: UInt64) -> SiteWriter.Item {
        var hasher = ContentHasher()
        hasher.combine(Int64(bitPattern: identity))
        hasher.combine(file)
        return SiteWriter.Item(path: path, fingerprint: hasher.value, content: .copy(from: file))
    }

}

extension PictureStage {
    /// Runs `bake-images` on `paths`: each one's cache key and encodes, or why it failed.
    /// Throws when `bake-images` cannot be run or stops before it answers for every picture.
    func make(_ paths: [String], cache: String) async throws(Failure) -> [Result<(String, Int), Failure>] {
        guard let bakeImages = program.map(Program.init(executable:)) ?? Program.companion(named: "bake-images") else {
            throw Failure("cannot resize pictures: bake-images is not installed; expected it beside bake or on the PATH (swift build --product bake-images builds it)")
        }
        let arguments = ["--cache", cache, "--widths", settings.widths.map(String.init).joined(separator: ","),
                         "--quality", String(settings.quality), "--metadata", settings.metadata.rawValue]
        let run: ProgramRun
        do {
            run = try await bakeImages.run(arguments, input: paths.flatMap { Array($0.utf8) + [0] })
        } catch {
            throw Failure("cannot resize pictures: \(error.description)")
        }
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        guard run.succeeded, lines.count >= paths.count else {
            throw Failure("cannot resize pictures: bake-images stopped" + (run.firstErrorLine.map { ": " + $0 } ?? " (status \(run.status))"))
        }
        return paths.indices.map { index in
            let fields = lines[index].split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 3, fields[0] == "ok", let encodes = Int(fields[2]), !fields[1].isEmpty, !fields[1].contains("/") {
                return .success((String(fields[1]), encodes))
            }
            return .failure(Failure(fields.count > 1 ? String(fields[1]) : "bake-images gave no answer"))
        }
    }

    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

extension PictureStage {
    /// A problem for each post or page that shows a picture bake could not read, at the line
    /// of its source that names it.
    static func problems(posts: [Post], pages: [Page], failures: [String: String], settings: SiteSettings, blog: BlogFolder) -> [Diagnostic] {
        guard !failures.isEmpty else { return [] }
        let paths = SitePaths(settings: settings)
        var problems: [Diagnostic] = []
        func check(_ sourcePath: String, _ sources: [String], _ metadata: PostMetadata, folder: String) {
            for source in PictureCatalog.sources(sources, metadata: metadata) {
                guard let path = PictureCatalog.path(ofSource: source, pageFolder: folder, paths: paths), let reason = failures[path] else { continue }
                let line = metadata[.image] == source ? metadata.field(.image)?.line : line(naming: source, in: blog.path(sourcePath))
                problems.append(Diagnostic(path: sourcePath, line: line, message: "shows static/\(path), which is \(reason)"))
            }
        }
        for post in posts { check(post.sourcePath, post.imageSources, post.metadata, folder: paths.post(post.permalink).folder) }
        for page in pages { check(page.sourcePath, page.imageSources, page.metadata, folder: paths.page(page).folder) }
        return problems
    }

    /// The first line of the file at `file` that names `source` or its file name.
    static func line(naming source: String, in file: String) -> Int? {
        guard let bytes = try? FileIO.read(file) else { return nil }
        let name = source.split(separator: "/").last.map(String.init) ?? source
        for (index, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains(source) || line.contains(name) {
            return index + 1
        }
        return nil
    }
}
