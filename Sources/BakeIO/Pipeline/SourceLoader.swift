import BakeKit
import Foundation

/// The load stage: the blog's source tree to posts and pages, each with its content hash.
///
/// Sources whose size and mtime match the cache are not read; the rest are read and parsed
/// on every core. A file whose mtime changed but whose bytes did not costs a hash, not a parse.
///
/// ```swift
/// let loaded = await SourceLoader(options: options, memory: memory, highlighter: highlighter).load(sources)
/// loaded.posts      // every post, parsed or from the cache
/// loaded.bodies     // body HTML of the files parsed this time, code highlighted
/// ```
struct SourceLoader: Sendable {
    let blog: BlogFolder
    let parser: PostParser
    let now: Timestamp
    let clean: Bool
    let memory: BuildMemory?
    /// What parsed posts depend on besides their own bytes.
    let cacheKey: UInt64
    /// Highlights the code of every body it hands out.
    let highlighter: CodeHighlighter

    init(options: BuildOptions, memory: BuildMemory?, highlighter: CodeHighlighter) {
        let settings = options.configuration.settings
        self.blog = options.blog
        self.parser = PostParser(settings: settings)
        self.now = options.now
        self.clean = options.clean
        self.memory = memory
        self.cacheKey = Self.cacheKey(settings)
        self.highlighter = highlighter
    }

    /// What bodies depend on besides their own bytes: what posts do, and the highlighting.
    var bodyCacheKey: UInt64 {
        var hasher = ContentHasher()
        hasher.combine(Int64(bitPattern: cacheKey))
        hasher.combine(highlighter.identity)
        return hasher.value
    }

    /// What the stage produced.
    struct Loaded: Sendable {
        let posts: [Post]
        let pages: [Page]
        /// Body HTML by source path, for the files parsed this time.
        let bodies: [String: String]
        let problems: [Diagnostic]
        /// The cache for the next build, in path order.
        let cache: BuildCache
        /// How many entries of `cache` the cache file does not have yet.
        let unsaved: Int
        /// Whether the cache file had no entries.
        let cacheWasEmpty: Bool
    }

    /// Bodies of posts that came from the cache, loaded because the build renders them.
    struct AddedBodies: Sendable {
        /// Body HTML by source path.
        let bodies: [String: String]
        /// Whether the body cache lacked some of them.
        let bodyCacheIsStale: Bool

        static let none = AddedBodies(bodies: [:], bodyCacheIsStale: false)
    }

    /// Loads `sources` (blog-relative paths, sorted).
    func load(_ sources: [FileEntry]) async -> Loaded {
        let cache: BuildCache
        var unsaved = 0
        if clean {
            cache = BuildCache(entries: [])
        } else if let recalled = memory?.recall(key: cacheKey) {
            cache = recalled.cache
            unsaved = recalled.unsaved
        } else {
            cache = await BuildCache.load(from: blog.cachePath, key: cacheKey)
        }
        var posts: [Post] = []
        var pages: [Page] = []
        var bodies: [String: String] = [:]
        var problems: [Diagnostic] = []
        func add(_ entry: BuildCache.Entry) {
            switch entry {
            case .post(let post): posts.append(post)
            case .page(let page): pages.append(page)
            }
        }
        // In source order, so sorted by path; a slot for each file to load, filled once it is.
        var newCache: [(file: FileEntry, entry: BuildCache.Entry)?] = []
        newCache.reserveCapacity(sources.count)
        var toLoad: [(FileEntry, BuildCache.Entry?)] = []
        var slots: [Int] = []
        // Both lists are sorted by path: walk them side by side.
        var cursor = cache.entries.startIndex
        for source in sources {
            while cursor < cache.entries.endIndex, cache.entries[cursor].file.path < source.path { cursor += 1 }
            let cached = cursor < cache.entries.endIndex && cache.entries[cursor].file.path == source.path ? cache.entries[cursor] : nil
            if let cached, cached.file.size == source.size, cached.file.modified == source.modified {
                add(cached.entry)
                newCache.append(cached)
            } else {
                slots.append(newCache.count)
                newCache.append(nil)
                toLoad.append((source, cached?.entry))
            }
        }
        let root = blog.root
        let parser = parser
        let now = now
        let results = await parallelMap(toLoad) { source, cached in
            Self.load(source, root: root, parser: parser, now: now, cached: cached)
        }
        for (((source, _), result), slot) in zip(zip(toLoad, results), slots) {
            switch result {
            case .success(let outcome):
                add(outcome.entry)
                if let html = outcome.html { bodies[source.path] = html }
                if !source.path.hasPrefix("drafts/") { newCache[slot] = (source, outcome.entry) }
            case .failure(let failure):
                problems += failure.diagnostics
            }
        }
        bodies = await highlighter.highlight(bodies)
        // In source order, which is sorted.
        let next = BuildCache(sorted: newCache.compactMap { $0 })
        // Drafts are never cached, so parsing them again leaves nothing stale.
        let reparsed = toLoad.count { !$0.0.path.hasPrefix("drafts/") }
        return Loaded(
            posts: posts, pages: pages, bodies: bodies, problems: problems, cache: next,
            unsaved: unsaved + reparsed + abs(next.entries.count - cache.entries.count), cacheWasEmpty: cache.entries.isEmpty
        )
    }

    /// The bodies of `paths`, whose posts came from the cache (`loaded`): from the body cache
    /// when there are many, else (and for any it lacks) by parsing their files.
    func bodies(of paths: [String], loaded: Loaded) async throws(BuildFailure) -> AddedBodies {
        guard !paths.isEmpty else { return .none }
        var toParse = paths
        var bodies: [String: String] = [:]
        var bodyCacheIsStale = false
        if paths.count >= SiteBuilder.bodiesWorthTheBodyCache {
            var hashes: [String: UInt64] = [:]
            for post in loaded.posts { hashes[post.sourcePath] = post.contentHash }
            for page in loaded.pages { hashes[page.sourcePath] = page.contentHash }
            var wanted: [String: UInt64] = [:]
            for path in paths { wanted[path] = hashes[path] }
            bodies = BodyCache.read(from: blog.bodyCachePath, key: bodyCacheKey, wanted: wanted)
            toParse = paths.filter { bodies[$0] == nil }
            // Bodies it should have had: worth writing again once every body is at hand.
            bodyCacheIsStale = !toParse.isEmpty
        }
        guard !toParse.isEmpty else { return AddedBodies(bodies: bodies, bodyCacheIsStale: bodyCacheIsStale) }
        let root = blog.root
        let parser = parser
        let now = now
        let results = await parallelMap(toParse) { path -> Result<(String, String), BuildFailure> in
            Self.load(FileEntry(path: path, size: 0, modified: 0), root: root, parser: parser, now: now, cached: nil).map { (path, $0.html ?? "") }
        }
        var problems: [Diagnostic] = []
        var parsed: [String: String] = [:]
        for result in results {
            switch result {
            case .success(let (path, html)): parsed[path] = html
            case .failure(let failure): problems += failure.diagnostics
            }
        }
        if !problems.isEmpty { throw BuildFailure(problems) }
        bodies.merge(await highlighter.highlight(parsed)) { _, new in new }
        return AddedBodies(bodies: bodies, bodyCacheIsStale: bodyCacheIsStale)
    }

    /// The body of the post or page at `path`, parsed now; nil when the file no longer parses.
    func parseBody(of path: String) -> String? {
        let html = try? Self.load(FileEntry(path: path, size: 0, modified: 0), root: blog.root, parser: parser, now: now, cached: nil).get().html
        return html.map { highlighter.highlight(body: $0, of: path) }
    }

    /// Writes the cache when enough entries are stale, and leaves it for the next build in
    /// this process. Writes the body cache when the build has every body at hand and the file
    /// is missing or out of date, unless the highlighter failed and some are not as they should be.
    ///
    /// Rewriting the whole cache for one edited post would cost more than the edit itself;
    /// a few stale entries only cost a hash or a parse each, so they gather a while.
    func keep(_ loaded: Loaded, added: AddedBodies) {
        var stale = loaded.unsaved
        var wroteCache = false
        if stale > SiteBuilder.staleEntriesBeforeCacheWrite || (stale > 0 && loaded.cacheWasEmpty) {
            // The cache only saves time; failing to save it must not fail the build.
            if (try? loaded.cache.write(to: blog.cachePath, key: cacheKey)) != nil {
                stale = 0
                wroteCache = true
            }
        }
        if wroteCache || added.bodyCacheIsStale {
            var bodies: [(path: String, hash: UInt64, html: String)] = []
            bodies.reserveCapacity(loaded.cache.entries.count)
            for (file, entry) in loaded.cache.entries {
                guard let html = loaded.bodies[file.path] ?? added.bodies[file.path] else { break }
                switch entry {
                case .post(let post): bodies.append((file.path, post.contentHash, html))
                case .page(let page): bodies.append((file.path, page.contentHash, html))
                }
            }
            if bodies.count == loaded.cache.entries.count, !highlighter.hasFailed {
                try? BodyCache.write(bodies, to: blog.bodyCachePath, key: bodyCacheKey)
            }
        }
        memory?.remember(BuildMemory.Sources(key: cacheKey, cache: loaded.cache, unsaved: stale))
    }

    /// The post, page and (optionally) draft files, as paths relative to the blog, sorted.
    ///
    /// Each folder is checked against what the last scan of it found (`TreeRecord`, in
    /// `.bake-cache`), which looks again only at the folders whose mtime changed; the record is
    /// written again when it changed. With `clean`, the last record is not read.
    static func sourceEntries(_ blog: BlogFolder, drafts: Bool, clean: Bool = false, system: any FileTreeSystem = SystemFileTree())
        async throws(FileSystemError) -> [FileEntry] {
        var entries: [FileEntry] = []
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        // In this order the whole list is sorted, as each folder's part is.
        for folder in drafts ? ["drafts", "pages", "posts"] : ["pages", "posts"] {
            let recordPath = blog.treeRecordPath(folder)
            let last = clean ? nil : (try? FileIO.read(recordPath)).flatMap(TreeRecord.init(bytes:))
            let (found, record) = try await TreeRecord.scan(blog.path(folder), after: last, now: now, system: system)
            // The record only saves time; failing to save it must not fail the build.
            if record != last ?? TreeRecord() { _ = try? FileIO.writeAtomically(record.encoded(), to: recordPath, durable: false) }
            for entry in found where BodyFormat(fileName: entry.path) != nil {
                entries.append(FileEntry(path: folder + "/" + entry.path, size: entry.size, modified: entry.modified))
            }
        }
        return entries
    }

    /// What parsed posts depend on besides their own bytes.
    static func cacheKey(_ settings: SiteSettings) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine("posts v3")
        hasher.combine(SiteBuilder.toolIdentity)
        for value in PostParser.settingsRead(from: settings) { hasher.combine(value) }
        return hasher.value
    }
}

private extension SourceLoader {
    struct Outcome: Sendable {
        let entry: BuildCache.Entry
        /// The body as HTML, when the file was parsed this time.
        let html: String?
    }

    /// Reads and parses one source.
    static func load(_ entry: FileEntry, root: String, parser: PostParser, now: Timestamp, cached: BuildCache.Entry?) -> Result<Outcome, BuildFailure> {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(root + "/" + entry.path)
        } catch {
            return .failure(BuildFailure([error.diagnostic(relativeTo: root)]))
        }
        if let cached {
            let hash = ContentHasher.hash(bytes)
            switch cached {
            case .post(let post) where post.contentHash == hash: return .success(Outcome(entry: cached, html: nil))
            case .page(let page) where page.contentHash == hash: return .success(Outcome(entry: cached, html: nil))
            default: break
            }
        }
        do {
            if entry.path.hasPrefix("pages/") {
                let parsed = try parser.parsePage(path: entry.path, bytes: bytes)
                return .success(Outcome(entry: .page(parsed.page), html: parsed.html))
            }
            let status: Post.Status = entry.path.hasPrefix("drafts/") ? .draft : .published
            let parsed = try parser.parsePost(path: entry.path, bytes: bytes, status: status, now: now)
            return .success(Outcome(entry: .post(parsed.post), html: parsed.html))
        } catch {
            return .failure(error)
        }
    }
}
