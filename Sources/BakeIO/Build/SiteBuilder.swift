import BakeKit
import Foundation

/// Bakes a blog folder into a site: load, then render, then write.
///
/// Nothing is written until every file has loaded and rendered, so a failed build leaves the
/// previous site as it was. Unless `clean` is set, a build reuses what earlier ones learned:
/// sources whose size and mtime match the cache are not read again, and outputs whose
/// fingerprint matches the manifest (and whose file is as bake left it) are not rendered.
///
/// ```swift
/// let options = BuildOptions(blog: BlogFolder(root: "/blog"), now: Timestamp(Date()))
/// let summary = try await SiteBuilder(options: options).build()
/// ```
public struct SiteBuilder: Sendable {
    public let options: BuildOptions
    private let progress: (@Sendable (BuildStage) -> Void)?
    private let memory: BuildMemory?

    /// - Parameter memory: What earlier builds in this process parsed; the build updates it.
    public init(options: BuildOptions, progress: (@Sendable (BuildStage) -> Void)? = nil, memory: BuildMemory? = nil) {
        self.options = options
        self.progress = progress
        self.memory = memory
    }

    /// How many cache entries may be out of date before the cache file is written again.
    public static let staleEntriesBeforeCacheWrite = 64

    public func build() async throws(BuildFailure) -> BuildSummary {
        progress?(.reading)
        let blog = options.blog
        var problems: [Diagnostic] = []

        // With problems, the settings are stand-ins, so that problems in posts are reported too.
        let settings = options.configuration.settings
        problems += options.configuration.problems
        var theme: Theme?
        var templates: TemplateSet?
        do {
            let loaded = try Theme(folder: options.themeFolder)
            theme = loaded
            let overrides = Self.blogTemplates(blog)
            problems += overrides.problems
            templates = try TemplateSet(sources: loaded.templates(overriddenBy: overrides.sources))
        } catch {
            problems += error.diagnostics
        }

        // The output folder is walked while the sources are, for the checks below.
        let writer = SiteWriter(output: options.output)
        async let outputFiles = options.clean ? [:] : writer.currentFiles()
        let sources: [FileEntry]
        let staticEntries: [FileEntry]
        do {
            sources = try await Self.sourceEntries(blog, drafts: options.includeDrafts)
            staticEntries = try FileTree.scan(blog.path("static"))
        } catch {
            throw BuildFailure(problems + [error.diagnostic(relativeTo: blog.root)])
        }

        // Nothing changed since the last build into this folder: nothing to do.
        let previous = problems.isEmpty ? try writer.existingManifest() : nil
        let digest = Self.digest(settings: settings, templates: templates, theme: theme, sources: sources, staticEntries: staticEntries, options: options)
        if !options.clean, !options.includeDrafts, problems.isEmpty, let previous, let state = previous.state,
           state.digest == digest, options.now.seconds < state.nextBoundary, Self.isIntact(previous, onDisk: await outputFiles) {
            return BuildSummary(posts: state.posts, pages: state.pages, written: [], unchanged: previous.records.count, removed: [], rendered: 0)
        }

        // Load: reuse cached posts whose files are unchanged; read and parse the rest.
        let cacheKey = Self.cacheKey(settings)
        let cache: BuildCache
        var unsaved = 0
        if options.clean {
            cache = BuildCache(entries: [])
        } else if let recalled = memory?.recall(key: cacheKey) {
            cache = recalled.cache
            unsaved = recalled.unsaved
        } else {
            cache = await BuildCache.load(from: blog.cachePath, key: cacheKey)
        }
        let parser = PostParser(settings: settings)
        let now = options.now
        let root = blog.root
        var posts: [Post] = []
        var pages: [Page] = []
        var bodies: [String: String] = [:]
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
                Self.add(cached.entry, to: &posts, &pages)
                newCache.append(cached)
            } else {
                slots.append(newCache.count)
                newCache.append(nil)
                toLoad.append((source, cached?.entry))
            }
        }
        let loaded = await parallelMap(toLoad) { source, cached in
            Self.load(source, root: root, parser: parser, now: now, cached: cached)
        }
        for (((source, _), result), slot) in zip(zip(toLoad, loaded), slots) {
            switch result {
            case .success(let outcome):
                Self.add(outcome.entry, to: &posts, &pages)
                if let html = outcome.html { bodies[source.path] = html }
                if !source.path.hasPrefix("drafts/") { newCache[slot] = (source, outcome.entry) }
            case .failure(let failure):
                problems += failure.diagnostics
            }
        }
        let published = SitePlan.publishable(posts, now: now, drafts: options.includeDrafts, future: options.includeFuture)
        var plan: SitePlan?
        do {
            plan = try SitePlan(posts: published, pages: pages, settings: settings)
        } catch {
            problems += error.diagnostics
        }
        if let plan, let templates {
            for page in plan.pages where !templates.names.contains(page.templateName) {
                problems.append(Diagnostic(path: page.sourcePath, line: page.metadata.field("template")?.line,
                                           message: "asks for @template \(page.templateName), which the theme does not have; expected the name of a file in templates/ without .mustache"))
            }
        }
        guard problems.isEmpty, let plan, let templates, let theme else { throw BuildFailure(problems) }

        // Render: only outputs whose inputs changed since the manifest was written.
        progress?(.rendering)
        var assets = theme.staticFiles.mapValues { SiteWriter.Content.bytes($0) }
        for entry in staticEntries {
            assets[entry.path] = .copy(from: blog.path("static/" + entry.path))
        }
        let renderOptions = RenderOptions(now: now, marksUnpublished: options.marksUnpublished, stylesheetVersion: Self.stylesheetVersion(assets))
        let renderer = SiteRenderer(plan: plan, templates: templates, options: renderOptions)
        var baseHasher = ContentHasher()
        baseHasher.combine(Int64(bitPattern: renderer.baseFingerprint))
        baseHasher.combine(Self.toolIdentity)
        let base = baseHasher.value
        var items: [SiteWriter.Item] = []
        var toRender: [(output: PlannedOutput, path: String, fingerprint: UInt64)] = []
        let onDisk = previous == nil ? [:] : await outputFiles
        let fingerprints = await parallelMap(plan.outputs) { renderer.fingerprint(of: $0, base: base) }
        for ((output, path), fingerprint) in zip(zip(plan.outputs, plan.paths), fingerprints) {
            if !options.clean, let record = previous?.records[path], record.fingerprint == fingerprint,
               record.matches(onDisk[path]) {
                items.append(SiteWriter.Item(path: path, fingerprint: fingerprint, content: .keep(record)))
            } else {
                toRender.append((output, path, fingerprint))
            }
        }
        try await Self.loadMissingBodies(for: toRender.map(\.output), renderer: renderer, parser: parser, root: root, now: now, into: &bodies)
        let sharedBodies = bodies
        items += toRender.map { output, path, fingerprint in
            SiteWriter.Item(path: path, fingerprint: fingerprint, content: .rendered { renderer.render(output, bodies: sharedBodies).bytes })
        }
        let renderedPaths = Set(plan.paths)
        let staticByPath = Dictionary(staticEntries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for (path, content) in assets.sorted(by: { $0.key < $1.key }) {
            if renderedPaths.contains(path) {
                throw BuildFailure([Diagnostic(path: "static/" + path, line: nil, message: "would overwrite \(path), which bake renders; expected another name")])
            }
            items.append(SiteWriter.Item(path: path, fingerprint: Self.fingerprint(of: content, path: path, entry: staticByPath[path]), content: content))
        }

        progress?(.writing)
        let nextBoundary = posts.lazy.map(\.pubDate.seconds).filter { $0 > now.seconds }.min() ?? Int64.max
        let state = SiteManifest.State(digest: digest, nextBoundary: nextBoundary, posts: plan.posts.count, pages: plan.pages.count)
        let result = try await writer.write(items, previous: previous, state: state)
        // Rewriting the whole cache for one edited post would cost more than the edit itself;
        // a few stale entries only cost a hash or a parse each, so let them gather a while.
        let updatedCache = BuildCache(entries: newCache.compactMap { $0 })
        // Drafts are never cached, so parsing them again leaves nothing stale.
        let reparsed = toLoad.count { !$0.0.path.hasPrefix("drafts/") }
        var stale = unsaved + reparsed + abs(updatedCache.entries.count - cache.entries.count)
        if stale > Self.staleEntriesBeforeCacheWrite || (stale > 0 && cache.entries.isEmpty) {
            // The cache only saves time; failing to save it must not fail the build.
            if (try? FileIO.writeAtomically(updatedCache.encoded(key: cacheKey), to: blog.cachePath, durable: false)) != nil {
                stale = 0
            }
        }
        memory?.remember(BuildMemory.Sources(key: cacheKey, cache: updatedCache, unsaved: stale))
        return BuildSummary(
            posts: plan.posts.count, pages: plan.pages.count,
            written: result.written, unchanged: result.unchanged, removed: result.removed,
            rendered: toRender.count
        )
    }
}

private extension SiteBuilder {
    struct Loaded: Sendable {
        let entry: BuildCache.Entry
        /// The body as HTML, when the file was parsed this time.
        let html: String?
    }

    /// A hash of everything a build reads: every source's path, size and mtime, the settings,
    /// the templates, the theme's static files and the options.
    static func digest(
        settings: SiteSettings, templates: TemplateSet?, theme: Theme?, sources: [FileEntry], staticEntries: [FileEntry], options: BuildOptions
    ) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine("state v1")
        hasher.combine(toolIdentity)
        for field in settings.metadata.fields {
            hasher.combine(field.key)
            hasher.combine(field.value)
        }
        hasher.combine(templates?.fingerprint ?? "")
        for (path, bytes) in (theme?.staticFiles ?? [:]).sorted(by: { $0.key < $1.key }) {
            hasher.combine(path)
            hasher.combine(Int64(bitPattern: ContentHasher.hash(bytes)))
        }
        for (folder, entries) in [("source", sources), ("static", staticEntries)] {
            hasher.combine(folder)
            for entry in entries {
                hasher.combine(entry.path)
                hasher.combine(entry.size)
                hasher.combine(entry.modified)
            }
        }
        hasher.combine(options.output)
        hasher.combine(Int64((options.includeDrafts ? 1 : 0) + (options.includeFuture ? 2 : 0) + (options.marksUnpublished ? 4 : 0)))
        return hasher.value
    }

    /// Whether every file the manifest records is on disk as bake left it.
    static func isIntact(_ manifest: SiteManifest, onDisk: [String: FileEntry]) -> Bool {
        manifest.records.values.allSatisfy { $0.matches(onDisk[$0.path]) }
    }


    /// Which bake made the cache and the pages: the running executable's size and mtime.
    /// Another bake may render Markdown or fill templates differently, so it trusts neither
    /// the cached posts nor the pages an older one wrote; rebuilding bake costs one full bake.
    static let toolIdentity: Int64 = {
        #if os(Linux)
        let executable = "/proc/self/exe"
        #else
        let executable = CommandLine.arguments.first ?? ""
        #endif
        guard let entry = FileTree.entry(at: executable, relativePath: "") else { return 0 }
        var hasher = ContentHasher()
        hasher.combine(entry.size)
        hasher.combine(entry.modified)
        return Int64(bitPattern: hasher.value)
    }()

    /// What parsed posts depend on besides their own bytes.
    static func cacheKey(_ settings: SiteSettings) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine("posts v1")
        hasher.combine(toolIdentity)
        hasher.combine(settings.timeZone.identifier)
        hasher.combine(settings.smartPunctuation ? "smart" : "straight")
        return hasher.value
    }

    static func add(_ entry: BuildCache.Entry, to posts: inout [Post], _ pages: inout [Page]) {
        switch entry {
        case .post(let post): posts.append(post)
        case .page(let page): pages.append(page)
        }
    }

    /// The blog's own templates, and problems with any it could not read (those fall back
    /// to the theme's template of the same name).
    static func blogTemplates(_ blog: BlogFolder) -> (sources: [TemplateSet.Source], problems: [Diagnostic]) {
        var sources: [TemplateSet.Source] = []
        var problems: [Diagnostic] = []
        let entries: [FileEntry]
        do {
            entries = try FileTree.scan(blog.path("templates"))
        } catch {
            return ([], [error.diagnostic(relativeTo: blog.root)])
        }
        for entry in entries where entry.path.hasSuffix(".mustache") {
            let path = "templates/" + entry.path
            do {
                let bytes = try FileIO.read(blog.path(path))
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    problems.append(TemplateError(path: path, line: nil, reason: .invalidUTF8).diagnostic)
                    continue
                }
                sources.append(TemplateSet.Source(name: String(entry.path.dropLast(".mustache".count)), path: path, text: text))
            } catch {
                problems.append(error.diagnostic(relativeTo: blog.root))
            }
        }
        return (sources, problems)
    }

    /// The post, page and (optionally) draft files, as paths relative to the blog, sorted.
    static func sourceEntries(_ blog: BlogFolder, drafts: Bool) async throws(FileSystemError) -> [FileEntry] {
        var entries: [FileEntry] = []
        // In this order the whole list is sorted, as each folder's part is.
        for folder in drafts ? ["drafts", "pages", "posts"] : ["pages", "posts"] {
            for entry in try await FileTree.scanInParallel(blog.path(folder)) where BodyFormat(fileName: entry.path) != nil {
                entries.append(FileEntry(path: folder + "/" + entry.path, size: entry.size, modified: entry.modified))
            }
        }
        return entries
    }

    /// Reads and parses one source. A file whose mtime changed but whose bytes did not costs
    /// a hash, not a parse.
    static func load(_ entry: FileEntry, root: String, parser: PostParser, now: Timestamp, cached: BuildCache.Entry?) -> Result<Loaded, BuildFailure> {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(root + "/" + entry.path)
        } catch {
            return .failure(BuildFailure([error.diagnostic(relativeTo: root)]))
        }
        if let cached {
            let hash = ContentHasher.hash(bytes)
            switch cached {
            case .post(let post) where post.contentHash == hash: return .success(Loaded(entry: cached, html: nil))
            case .page(let page) where page.contentHash == hash: return .success(Loaded(entry: cached, html: nil))
            default: break
            }
        }
        do {
            if entry.path.hasPrefix("pages/") {
                let parsed = try parser.parsePage(path: entry.path, bytes: bytes)
                return .success(Loaded(entry: .page(parsed.page), html: parsed.html))
            }
            let status: Post.Status = entry.path.hasPrefix("drafts/") ? .draft : .published
            let parsed = try parser.parsePost(path: entry.path, bytes: bytes, status: status, now: now)
            return .success(Loaded(entry: .post(parsed.post), html: parsed.html))
        } catch {
            return .failure(error)
        }
    }

    /// Reads and renders the bodies that the outputs to render show but that came from the cache.
    static func loadMissingBodies(
        for outputs: [PlannedOutput], renderer: SiteRenderer, parser: PostParser, root: String, now: Timestamp,
        into bodies: inout [String: String]
    ) async throws(BuildFailure) {
        var missing = Set<String>()
        for output in outputs {
            for path in renderer.bodiesNeeded(for: output) where bodies[path] == nil { missing.insert(path) }
        }
        guard !missing.isEmpty else { return }
        let loaded = await parallelMap(missing.sorted()) { path -> Result<(String, String), BuildFailure> in
            load(FileEntry(path: path, size: 0, modified: 0), root: root, parser: parser, now: now, cached: nil).map { (path, $0.html ?? "") }
        }
        var problems: [Diagnostic] = []
        for result in loaded {
            switch result {
            case .success(let (path, html)): bodies[path] = html
            case .failure(let failure): problems += failure.diagnostics
            }
        }
        if !problems.isEmpty { throw BuildFailure(problems) }
    }

    static func stylesheetVersion(_ assets: [String: SiteWriter.Content]) -> String {
        let stylesheet: [UInt8]?
        switch assets["style.css"] {
        case .bytes(let bytes): stylesheet = bytes
        case .copy(let source): stylesheet = try? FileIO.read(source)
        default: stylesheet = nil
        }
        return stylesheet.map { String(ContentHasher.hash($0) % 0xFFFF_FFFF, radix: 16) } ?? ""
    }

    static func fingerprint(of content: SiteWriter.Content, path: String, entry: FileEntry?) -> UInt64 {
        switch content {
        case .copy:
            var hasher = ContentHasher()
            hasher.combine(path)
            hasher.combine(entry?.size ?? 0)
            hasher.combine(entry?.modified ?? 0)
            return hasher.value
        case .bytes(let bytes):
            return ContentHasher.hash(bytes)
        case .keep(let record):
            return record.fingerprint
        case .rendered:
            return 0
        }
    }
}
