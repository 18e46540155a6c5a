import BakeKit
import Foundation
import Synchronization

/// Bakes a blog folder into a site: load, then render, then write.
///
/// Nothing is written until every file has loaded and the site is planned, so a failed build
/// leaves the previous site as it was; rendering, which the writer does a batch at a time
/// as it writes, works on values and cannot fail. Unless `clean` is set, a build reuses what earlier ones learned:
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

    /// How many bodies of cached posts a build must need before it reads them from the body
    /// cache rather than parsing their files again.
    public static let bodiesWorthTheBodyCache = 200

    /// How many list pages a build must render before it reads the kept list entries, or
    /// writes the ones it rendered.
    public static let listPagesWorthTheEntryCache = 16

    /// How many new list entries make the entry cache worth writing again.
    public static let newEntriesBeforeEntryCacheWrite = 64

    /// Load, plan, render, write.
    public func build() async throws(BuildFailure) -> BuildSummary {
        try await run(keepingSite: false, indexLater: false).summary
    }

    /// Builds as `build()` does, but returns once the pages are written: when Pagefind is due
    /// (`@search true`, and pages it reads changed), the search index is left to the
    /// `SearchFollowUp` returned. The caller runs it before its next build into the same
    /// folder: the shim answers an editor without waiting for Pagefind. (Preview does not:
    /// its requests wait while the folder is written.)
    ///
    /// Until it has run, the site shows its new pages with the last index, and the manifest
    /// records no state, so that a build that comes first, or after the process was stopped,
    /// indexes again.
    public func buildLeavingTheIndex() async throws(BuildFailure) -> (summary: BuildSummary, index: SearchFollowUp?) {
        let (summary, _, index) = try await run(keepingSite: false, indexLater: true)
        return (summary, index)
    }

    /// Builds as `build()` does, and returns what the site was made from too, for what reads
    /// the site next (`bake check`). When nothing changed since the last build, nothing is
    /// rendered or written, but the blog is still loaded and planned for it.
    public func buildSite() async throws(BuildFailure) -> BuildResult {
        let (summary, site, _) = try await run(keepingSite: true, indexLater: false)
        // `run` makes the site whenever it is asked to keep it.
        return BuildResult(summary: summary, site: site!)
    }

    private func run(keepingSite: Bool, indexLater: Bool) async throws(BuildFailure) -> (summary: BuildSummary, site: BuiltSite?, index: SearchFollowUp?) {
        progress?(.reading)
        // Whatever this build does, with search or not: one read of the output's parent.
        SearchIndexer.removeLeftWork(beside: options.output)
        let highlighter = await CodeHighlighter.start(enabled: options.configuration.settings.highlight, blog: options.blog,
                                                      setup: options.highlighter, clean: options.clean)
        defer { highlighter.finish() }
        let blog = try await readBlog(highlighting: highlighter.identity)
        if let unchanged = blog.unchanged, let previous = blog.previous {
            memory?.remember(tree: blog.tree(previous))
            guard keepingSite else {
                Self.freeInTheBackground(blog)
                return (unchanged, nil, nil)
            }
        }
        let loader = SourceLoader(options: options, memory: memory, highlighter: highlighter)
        let loaded = await loader.load(blog.sources)
        let pictures = await PictureStage(blog: options.blog, settings: options.configuration.settings.pictures).run(blog.staticEntries)
        let unreadable = PictureStage.problems(posts: loaded.posts, pages: loaded.pages, failures: pictures.failures,
                                               settings: options.configuration.settings, blog: options.blog)
        let pictureWarnings = options.publishesPastUnreadablePictures ? unreadable : []
        let (plan, templates) = try plan(loaded, blog, pictures: pictures, unreadable: options.publishesPastUnreadablePictures ? [] : unreadable)
        let site = keepingSite ? BuiltSite(plan: plan, templates: blog.templateSources, staticFiles: blog.staticEntries) : nil
        // Nothing changed: the plan was wanted, not the pages.
        if let unchanged = blog.unchanged, blog.previous != nil { return (unchanged, site, nil) }
        progress?(.rendering)
        let assets = try assets(of: blog, pictures: pictures)
        let renderOptions = RenderOptions(marksUnpublished: options.marksUnpublished, stylesheetVersion: assets.stylesheetVersion)
        let stage = RenderStage(renderer: SiteRenderer(plan: plan, templates: templates, options: renderOptions), highlighting: highlighter.identity)
        let planned = await stage.planned()
        let onDisk = await blog.outputFiles.value
        let (kept, toRender) = options.clean ? ([], planned) : await RenderStage.split(planned, previous: blog.previous, onDisk: onDisk)
        let entries = entries(for: stage, listPages: RenderStage.listCount(toRender))
        let store = entries.store
        let needed = stage.bodiesNeeded(by: toRender, listsFromEntries: store.count > 0).filter { loaded.bodies[$0] == nil }
        let added = try await loader.bodies(of: needed.sorted(), loaded: loaded)
        let bodies = LazyBodies(loaded.bodies, added: added.bodies) { loader.parseBody(of: $0) }
        let pending = SiteWriter.Pending(paths: toRender.map(\.path)) { indices in
            await stage.render(indices.map { toRender[$0] }, bodies: bodies, entries: store)
        }
        let nextBoundary = loaded.posts.lazy.map(\.pubDate.seconds).filter { $0 > options.now.seconds }.min() ?? Int64.max
        let state = SiteManifest.State(digest: blog.digest, nextBoundary: nextBoundary, posts: plan.posts.count, pages: plan.pages.count)
        // With `@search true`, the last search index stays unless Pagefind runs after the pages
        // are written; the state is recorded once it has.
        let items = kept + assets.items
        let indexer = SearchIndexer(options: options)
        let search = try await indexer?.prepare(items: items, pending: pending.paths, previous: blog.previous, onDisk: onDisk)
        let writer = SiteWriter(output: options.output)
        var report: SiteWriter.Report
        var indexed: Int?
        var bundlesIndexed: [String] = []
        var followUp: SearchFollowUp?
        if let indexer, let search, let pagefind = search.pagefind, !indexLater {
            // The index is made once the pages are written, and recorded with them in one manifest.
            let temp = try SearchIndexer.makeTemporaryFolder(for: options.output)
            defer { try? FileManager.default.removeItem(atPath: temp) }
            let outcome = Mutex<(pages: Int?, shards: [String])>((nil, []))
            report = try await writer.write(items, rendering: pending, previous: blog.previous, state: state, provisional: { highlighter.hasFailed }) { (pages: SiteWriter.Report) async throws(BuildFailure) -> [SiteWriter.Item] in
                let bundles = try await indexer.bundles(with: pagefind, after: pages, kept: search.kept, check: search.check, in: temp)
                outcome.withLock { $0 = (bundles.pages, bundles.shards) }
                return bundles.items
            }
            (indexed, bundlesIndexed) = outcome.withLock { ($0.pages, $0.shards) }
        } else {
            // Pages rendered once the highlighter failed may show unhighlighted code: the writer
            // records them, and the build, as provisional.
            report = try await writer.write(items + (search?.kept ?? []), rendering: pending, previous: blog.previous,
                                            state: search?.recordsState ?? true ? state : nil, provisional: { highlighter.hasFailed })
        }
        if let indexer, let search, let pagefind = search.pagefind, indexLater {
            // The pages are rendered: whether the highlighter failed on them is settled.
            let index = SearchFollowUp(indexer: indexer, pagefind: pagefind, pagesWritten: report, state: state, check: search.check,
                                       provisional: highlighter.hasFailed, memory: memory,
                                       tree: blog.tree(report.manifest))
            followUp = index
        }
        let manifest = report.manifest
        loader.keep(loaded, added: added)
        if !highlighter.hasFailed { keep(entries) }
        memory?.remember(tree: blog.tree(manifest))
        let settings = options.configuration.settings
        let hasEpisodes = plan.posts.contains { Episode(metadata: $0.metadata, absolute: settings.absolute) != nil }
        var summary = BuildSummary(
            posts: plan.posts.count, pages: plan.pages.count,
            written: report.written, unchanged: report.unchanged, removed: report.removed,
            rendered: toRender.count, entriesRendered: store.rendered,
            warnings: (hasEpisodes ? PodcastShow.warnings(for: settings) : []) + (search?.warnings ?? []) + highlighter.warnings + pictureWarnings
        )
        summary.searchIndexed = indexed
        summary.searchBundlesIndexed = bundlesIndexed
        summary.picturesEncoded = pictures.encodes
        summary.nextScheduled = Self.scheduled(nextBoundary)
        Self.freeInTheBackground((blog, loaded, plan, planned, kept, toRender, report, bodies, items, stage, pending, entries, templates))
        return (summary, site, followUp)
    }

    /// Lets another thread free what a build made. At 10,000 posts, freeing the posts, the
    /// plan and the records takes a tenth of an edit's build; this way the summary does not
    /// wait for it, and `bake build` exits without waiting for it at all.
    private static func freeInTheBackground<Values: Sendable>(_ values: Values) {
        Task.detached(priority: .background) { withExtendedLifetime(values) {} }
    }

    /// The time of a manifest's boundary; nil for none (`Int64.max`).
    static func scheduled(_ boundary: Int64) -> Timestamp? {
        boundary == Int64.max ? nil : Timestamp(seconds: boundary)
    }
}

/// The stages.
private extension SiteBuilder {
    /// What a build starts from: the theme, the templates, the list of sources and static
    /// files, and what the last build into the output folder left.
    struct Blog {
        let theme: Theme
        let templateSources: [TemplateSet.Source]
        /// `TemplateSet.fingerprint(of: templateSources)`.
        let templatesFingerprint: String
        /// What is wrong so far: the settings, the blog's own templates.
        let problems: [Diagnostic]
        let sources: [FileEntry]
        let staticEntries: [FileEntry]
        let previous: SiteManifest?
        /// The output folder's files, when there is a manifest to check them against.
        /// The output folder's files, looked at while the blog is loaded and planned: only
        /// the split of the outputs (and a no-op's check) waits for them.
        let outputFiles: Task<OutputFiles, Never>
        let digest: UInt64
        /// Set when nothing changed since the last build: its summary.
        let unchanged: BuildSummary?
        /// What kind of build this is, for `TreeSnapshot`.
        let treeKey: String

        /// What the next build in this process starts from, with the manifest this one wrote.
        func tree(_ manifest: SiteManifest) -> TreeSnapshot {
            TreeSnapshot(key: treeKey, sources: sources, staticEntries: staticEntries, manifest: manifest)
        }
    }

    /// The load stage's first part: the theme, the templates' text, which files there are,
    /// and whether anything changed since the last build. A theme that cannot be read ends
    /// the build here, with the settings' problems.
    /// - Parameter highlighting: The highlighter's identity, which the digest includes.
    func readBlog(highlighting: String) async throws(BuildFailure) -> Blog {
        let blog = options.blog
        // With problems, the settings are stand-ins, so that problems in posts are reported too.
        let settings = options.configuration.settings
        var problems = options.configuration.problems
        let theme: Theme
        do {
            theme = try Theme(folder: options.themeFolder)
        } catch {
            throw BuildFailure(problems + error.diagnostics)
        }
        let overrides = Self.blogTemplates(blog, system: options.fileSystem)
        problems += overrides.problems
        let templateSources = theme.templates(overriddenBy: overrides.sources)
        let writer = SiteWriter(output: options.output)
        let treeKey = TreeSnapshot.key(output: options.output, drafts: options.includeDrafts)
        let sources: [FileEntry]
        let staticEntries: [FileEntry]
        let previous: SiteManifest?
        let outputFiles: Task<OutputFiles, Never>
        // Told what changed since the last build in this process: look at just that.
        if !options.clean, let changes = options.changedPaths,
           let snapshot = memory?.takeTree(key: treeKey)?.updated(with: changes, blog: blog, drafts: options.includeDrafts) {
            sources = snapshot.sources
            staticEntries = snapshot.staticEntries
            previous = problems.isEmpty ? snapshot.manifest : nil
            outputFiles = Task { .asRecorded }
        } else {
            previous = problems.isEmpty ? try writer.existingManifest() : nil
            // The files the manifest records are looked at while the sources are scanned, and
            // the blog loaded and planned.
            let recorded = options.clean ? nil : previous
            outputFiles = Task { await Self.files(recordedBy: recorded, writer: writer) }
            do {
                sources = try await SourceLoader.sourceEntries(blog, drafts: options.includeDrafts, clean: options.clean, system: options.fileSystem)
                staticEntries = try FileTree.scan(blog.path("static"), system: options.fileSystem)
            } catch {
                outputFiles.cancel()
                throw BuildFailure(problems + [error.diagnostic(relativeTo: blog.root)])
            }
        }
        let templatesFingerprint = TemplateSet.fingerprint(of: templateSources)
        let digest = Self.digest(settings: settings, templates: templatesFingerprint, theme: theme,
                                 sources: sources, staticEntries: staticEntries, options: options, highlighting: highlighting)
        var unchanged: BuildSummary?
        // Nothing changed since the last build into this folder: nothing to do. The templates
        // are the ones that build compiled, so they are not compiled again.
        if !options.clean, !options.includeDrafts, problems.isEmpty, let previous, let state = previous.state,
           state.digest == digest, options.now.seconds < state.nextBoundary, Self.isIntact(previous, onDisk: await outputFiles.value) {
            unchanged = BuildSummary(posts: state.posts, pages: state.pages, written: [], unchanged: previous.records.count, removed: [], rendered: 0)
            unchanged?.nextScheduled = Self.scheduled(state.nextBoundary)
        }
        return Blog(theme: theme, templateSources: templateSources, templatesFingerprint: templatesFingerprint, problems: problems, sources: sources, staticEntries: staticEntries,
                    previous: previous, outputFiles: outputFiles, digest: digest, unchanged: unchanged, treeKey: treeKey)
    }

    /// The plan stage: which posts are published, every output of the site, and the
    /// templates, compiled. Every problem found so far fails the build here, all at once.
    /// - Parameter unreadable: The posts and pages that show a picture bake cannot read, when
    ///   that fails the build.
    func plan(_ loaded: SourceLoader.Loaded, _ blog: Blog, pictures: PictureStage.Outcome, unreadable: [Diagnostic]) throws(BuildFailure) -> (SitePlan, TemplateSet) {
        var problems = blog.problems + loaded.problems + pictures.problems + unreadable
        problems += Self.namesWithLineBreaks(blog.sources.lazy.map(\.path)) + Self.namesWithLineBreaks(blog.staticEntries.lazy.map(\.path), in: "static/")
            + Self.namesWithLineBreaks(blog.theme.staticFiles.keys, in: (options.themeFolder.map { $0 + "/" } ?? "theme/") + "static/")
        // Preview and the shim compile the templates again only when they changed.
        var templates = memory?.recallTemplates(key: blog.templatesFingerprint)
        if templates == nil {
            do {
                let compiled = try TemplateSet(sources: blog.templateSources)
                memory?.remember(templates: compiled, key: blog.templatesFingerprint)
                templates = compiled
            } catch {
                problems += error.diagnostics
            }
        }
        let published = SitePlan.publishable(loaded.posts, now: options.now, drafts: options.includeDrafts, future: options.includeFuture)
        var plan: SitePlan?
        do {
            plan = try SitePlan(posts: published, pages: loaded.pages, settings: options.configuration.settings, now: options.now, pictures: pictures.catalog)
        } catch {
            problems += error.diagnostics
        }
        if let plan, let templates {
            var reported: Set<String> = []
            for page in plan.pages {
                if !templates.names.contains(page.templateName) {
                    problems.append(PlanError(source: page.sourcePath, line: page.metadata.field(.template)?.line, reason: .missingTemplate(page.templateName)).diagnostic)
                } else if reported.insert(page.templateName).inserted {
                    // A template that only standalone pages use is checked as one when one does.
                    problems += templates.problems(asPage: page.templateName)
                }
            }
        }
        if let plan {
            // Checked before anything renders, and every clash at once. The static files and
            // pictures are few: the outputs are looked up in them, not the other way round.
            let staticPaths = Set(blog.theme.staticFiles.keys).union(blog.staticEntries.map(\.path))
            let copied = staticPaths.union(pictures.items.values.joined().map(\.path))
            let rendered = Set(plan.outputs.lazy.map(\.path.file).filter { copied.contains($0) })
            for path in staticPaths.sorted() where rendered.contains(path) {
                problems.append(PlanError(source: "static/" + path, reason: .staticFileOverwrites(path)).diagnostic)
            }
            // A picture's variants are named after it (`heron-480.webp`): another file by that name is a clash.
            for (picture, items) in pictures.items.sorted(by: { $0.key < $1.key }) {
                for item in items where item.path != picture && (staticPaths.contains(item.path) || rendered.contains(item.path)) {
                    problems.append(Diagnostic(path: "static/" + picture, line: nil, message: "its resized copy \(item.path) has the name of another file of the site; rename one of them"))
                }
            }
        }
        guard problems.isEmpty, let plan, let templates else { throw BuildFailure(problems) }
        return (plan, templates)
    }

    /// The theme's static files and the blog's, which the blog's override, and the
    /// stylesheet's version for its URL.
    func assets(of blog: Blog, pictures: PictureStage.Outcome) throws(BuildFailure) -> (items: [SiteWriter.Item], stylesheetVersion: String) {
        var assets = blog.theme.staticFiles.mapValues { SiteWriter.Content.bytes($0) }
        for entry in blog.staticEntries where pictures.items[entry.path] == nil {
            assets[entry.path] = .copy(from: options.blog.path("static/" + entry.path))
        }
        let stylesheet: [UInt8]?
        switch assets["style.css"] {
        case .bytes(let bytes): stylesheet = bytes
        case .copy(let source):
            do {
                stylesheet = try FileIO.read(source)
            } catch {
                throw BuildFailure([error.diagnostic(relativeTo: options.blog.root)])
            }
        default: stylesheet = nil
        }
        let staticByPath = Dictionary(blog.staticEntries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var items = assets.sorted(by: { $0.key < $1.key }).map { path, content in
            SiteWriter.Item(path: path, fingerprint: Self.fingerprint(of: content, path: path, entry: staticByPath[path]), content: content)
        }
        // A picture's variants, and its full-size copy at its own path, in place of the file.
        for path in pictures.items.keys.sorted() {
            items += pictures.items[path] ?? []
        }
        return (items, stylesheet.map { String(ContentHasher.hash($0) % 0xFFFF_FFFF, radix: 16) } ?? "")
    }

    /// The list entries of a build, and what to do with them after it.
    struct Entries {
        let store: EntryStore
        /// The key of the site and bake they were rendered for.
        let key: UInt64
        /// The renderer, whose posts are the elements whose entries are worth keeping.
        let renderer: SiteRenderer
        /// Whether the store holds every entry this build's lists show, so that writing it
        /// loses nothing the file had.
        let isComplete: Bool
    }

    /// The list entries this build starts from: the last build's in this process, those kept
    /// in the blog's cache when enough lists render to make reading them worth it, or none.
    func entries(for stage: RenderStage, listPages: Int) -> Entries {
        let key = stage.base
        if let remembered = memory?.recallEntries(key: key) {
            return Entries(store: remembered.continued(), key: key, renderer: stage.renderer, isComplete: true)
        }
        guard listPages >= Self.listPagesWorthTheEntryCache else {
            return Entries(store: EntryStore(), key: key, renderer: stage.renderer, isComplete: false)
        }
        let store = options.clean ? EntryStore() : EntryStore.load(from: options.blog.entryCachePath, key: key)
        return Entries(store: store, key: key, renderer: stage.renderer, isComplete: true)
    }

    /// Writes the entries for the next build when enough are new, and remembers them for the
    /// next build in this process.
    func keep(_ entries: Entries) {
        guard entries.isComplete else { return }
        memory?.remember(entries: entries.store, key: entries.key)
        let rendered = entries.store.rendered
        guard rendered > 0,
              !entries.store.wasLoaded || rendered >= Self.newEntriesBeforeEntryCacheWrite else { return }
        // Only when writing: which posts are still there decides what is kept.
        try? entries.store.save(to: options.blog.entryCachePath, key: entries.key, keeping: Set(entries.renderer.postFingerprints))
    }
}

extension SiteBuilder {
    /// A hash of everything a build reads: every source's path, size and mtime, the settings,
    /// the templates, the theme's static files, the options and the highlighter's identity.
    static func digest(
        settings: SiteSettings, templates: String, theme: Theme?, sources: [FileEntry], staticEntries: [FileEntry], options: BuildOptions,
        highlighting: String
    ) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine("state v1")
        hasher.combine(toolIdentity)
        hasher.combine(highlighting)
        for field in settings.metadata.fields {
            hasher.combine(field.key)
            hasher.combine(field.value)
        }
        hasher.combine(templates)
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

    /// A problem for each of `paths` (relative to the blog once `folder` is put before them)
    /// with a line break in the name of a file or folder: the manifest and the pending list hold
    /// a path a line, so its page could not be recorded. The problem names the folder the first
    /// such name is in, and the name with `\n` for the break.
    static func namesWithLineBreaks(_ paths: some Sequence<String>, in folder: String = "") -> [Diagnostic] {
        var named: Set<String> = []
        return paths.filter(hasLineBreak).sorted().compactMap { path in
            let parts = (folder + path).split(separator: "/", omittingEmptySubsequences: false)
            guard let index = parts.firstIndex(where: { $0.utf8.contains(0x0A) }) else { return nil }
            let at = parts[..<index].joined(separator: "/")
            let name = String(parts[index])
            // A folder's name is named once, whatever it holds.
            guard named.insert(at + "/" + name).inserted else { return nil }
            let kind = index == parts.count - 1 ? "file" : "folder"
            return Diagnostic(path: at, line: nil,
                              message: "the name of the \(kind) `\(name.replacingOccurrences(of: "\n", with: "\\n"))` has a line break; expected a name on one line: rename the \(kind)")
        }
    }

    /// Whether `path` has a line break: `memchr` over its bytes where they lie together, as a
    /// native string's do, for the 10,000 paths of a large blog on every build.
    static func hasLineBreak(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, 0x0A, bytes.count) != nil } ?? false
        } ?? path.utf8.contains(0x0A)
    }

    /// The files `manifest` records, as they are on disk; none is as bake left it without one.
    static func files(recordedBy manifest: SiteManifest?, writer: SiteWriter) async -> OutputFiles {
        guard let manifest else { return .unknown }
        return .onDisk(notAsRecorded: await writer.filesNotAsRecorded(in: manifest))
    }

    /// Whether every file the manifest records is on disk as bake left it.
    static func isIntact(_ manifest: SiteManifest, onDisk: OutputFiles) -> Bool {
        manifest.records.values.allSatisfy { onDisk.matches($0) }
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

    /// The blog's own templates, and problems with any it could not read (those fall back
    /// to the theme's template of the same name).
    static func blogTemplates(_ blog: BlogFolder, system: any FileTreeSystem = SystemFileTree()) -> (sources: [TemplateSet.Source], problems: [Diagnostic]) {
        var sources: [TemplateSet.Source] = []
        var problems: [Diagnostic] = []
        let entries: [FileEntry]
        do {
            entries = try FileTree.scan(blog.path("templates"), system: system)
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
        }
    }
}
