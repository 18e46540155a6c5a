import BakeKit

/// Bakes a blog folder into a site: load, then render, then write.
///
/// Nothing is written until every file has loaded and rendered, so a failed build leaves the
/// previous site as it was.
///
/// ```swift
/// let options = BuildOptions(blog: BlogFolder(root: "/blog"), now: Timestamp(Date()))
/// let summary = try await SiteBuilder(options: options).build()
/// ```
public struct SiteBuilder: Sendable {
    public let options: BuildOptions
    private let progress: (@Sendable (BuildStage) -> Void)?

    public init(options: BuildOptions, progress: (@Sendable (BuildStage) -> Void)? = nil) {
        self.options = options
        self.progress = progress
    }

    public func build() async throws(BuildFailure) -> BuildSummary {
        progress?(.reading)
        let blog = options.blog
        var problems: [Diagnostic] = []

        let settings: SiteSettings?
        do {
            settings = try Self.loadSettings(blog)
        } catch {
            problems += error.diagnostics
            settings = nil
        }
        var theme: Theme?
        var templates: TemplateSet?
        do {
            let loaded = try Theme(folder: options.themeFolder)
            theme = loaded
            templates = try TemplateSet(sources: loaded.templates(overriddenBy: try Self.blogTemplates(blog)))
        } catch {
            problems += error.diagnostics
        }
        guard let settings else { throw BuildFailure(problems) }

        let sources: [FileEntry]
        let staticEntries: [FileEntry]
        do {
            sources = try Self.sourceEntries(blog, drafts: options.includeDrafts)
            staticEntries = try FileTree.scan(blog.path("static"))
        } catch {
            throw BuildFailure(problems + [error.diagnostic(relativeTo: blog.root)])
        }

        let parser = PostParser(settings: settings)
        let now = options.now
        let root = blog.root
        let loaded = await parallelMap(sources) { entry in Self.load(entry, root: root, parser: parser, now: now) }
        var posts: [Post] = []
        var pages: [Page] = []
        var bodies: [String: String] = [:]
        bodies.reserveCapacity(loaded.count)
        for result in loaded {
            switch result {
            case .success(.post(let parsed)):
                posts.append(parsed.post)
                bodies[parsed.post.sourcePath] = parsed.html
            case .success(.page(let parsed)):
                pages.append(parsed.page)
                bodies[parsed.page.sourcePath] = parsed.html
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
        guard problems.isEmpty, let plan, let templates, let theme else { throw BuildFailure(problems) }

        progress?(.rendering)
        let writer = SiteWriter(output: options.output)
        let previous = try writer.existingManifest()
        var assets = theme.staticFiles.mapValues { SiteWriter.Content.bytes($0) }
        for entry in staticEntries {
            assets[entry.path] = .copy(from: blog.path("static/" + entry.path))
        }
        let stylesheet: [UInt8]?
        switch assets["style.css"] {
        case .bytes(let bytes): stylesheet = bytes
        case .copy(let source): stylesheet = try? FileIO.read(source)
        default: stylesheet = nil
        }
        let renderOptions = RenderOptions(
            now: now, marksUnpublished: options.marksUnpublished,
            stylesheetVersion: stylesheet.map { String(ContentHasher.hash($0) % 0xFFFF_FFFF, radix: 16) } ?? ""
        )
        let renderer = SiteRenderer(plan: plan, templates: templates, options: renderOptions)
        let base = renderer.baseFingerprint
        let sharedBodies = bodies
        let rendered = await parallelMap(plan.outputs) { output in
            SiteWriter.Item(
                path: renderer.plan.path(of: output),
                fingerprint: renderer.fingerprint(of: output, base: base),
                content: .bytes(renderer.render(output, bodies: sharedBodies).bytes)
            )
        }
        var items = rendered
        let renderedPaths = Set(rendered.map(\.path))
        for (path, content) in assets.sorted(by: { $0.key < $1.key }) {
            if renderedPaths.contains(path) {
                throw BuildFailure([Diagnostic(path: "static/" + path, line: nil, message: "would overwrite \(path), which bake renders; expected another name")])
            }
            let fingerprint: UInt64
            switch content {
            case .copy:
                let entry = staticEntries.first { $0.path == path }
                var hasher = ContentHasher()
                hasher.combine(path)
                hasher.combine(entry?.size ?? 0)
                hasher.combine(entry?.modified ?? 0)
                fingerprint = hasher.value
            case .bytes(let bytes):
                fingerprint = ContentHasher.hash(bytes)
            case .keep:
                fingerprint = 0
            }
            items.append(SiteWriter.Item(path: path, fingerprint: fingerprint, content: content))
        }

        progress?(.writing)
        let result = try await writer.write(items, previous: previous)
        return BuildSummary(
            posts: plan.posts.count, pages: plan.pages.count,
            written: result.written, unchanged: result.unchanged, removed: result.removed,
            rendered: rendered.count
        )
    }
}

private extension SiteBuilder {
    enum Loaded: Sendable {
        case post(ParsedPost)
        case page(ParsedPage)
    }

    static func loadSettings(_ blog: BlogFolder) throws(BuildFailure) -> SiteSettings {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(blog.settingsPath)
        } catch {
            throw BuildFailure([Diagnostic(path: "site.settings", line: nil, message: "cannot read the settings (\(error.reason)); expected a site.settings file in \(blog.root)")])
        }
        do {
            let parsed = try MetadataParser().parse(bytes)
            return try SiteSettings(metadata: parsed.metadata)
        } catch let error as MetadataError {
            throw BuildFailure([error.diagnostic(path: "site.settings")])
        } catch let error as MetadataErrors {
            throw BuildFailure(error.diagnostics(path: "site.settings"))
        } catch {
            throw BuildFailure([Diagnostic(path: "site.settings", line: nil, message: "\(error)")])
        }
    }

    static func blogTemplates(_ blog: BlogFolder) throws(BuildFailure) -> [TemplateSet.Source] {
        var sources: [TemplateSet.Source] = []
        do {
            for entry in try FileTree.scan(blog.path("templates")) where entry.path.hasSuffix(".mustache") {
                let bytes = try FileIO.read(blog.path("templates/" + entry.path))
                let path = "templates/" + entry.path
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw BuildFailure([TemplateError(path: path, line: nil, reason: .invalidUTF8).diagnostic])
                }
                sources.append(TemplateSet.Source(name: String(entry.path.dropLast(".mustache".count)), path: path, text: text))
            }
        } catch let error as FileSystemError {
            throw BuildFailure([error.diagnostic(relativeTo: blog.root)])
        } catch let error as BuildFailure {
            throw error
        } catch {
            throw BuildFailure([Diagnostic(path: "templates", line: nil, message: "\(error)")])
        }
        return sources
    }

    /// The post, page and (optionally) draft files, as paths relative to the blog.
    static func sourceEntries(_ blog: BlogFolder, drafts: Bool) throws(FileSystemError) -> [FileEntry] {
        var entries: [FileEntry] = []
        for folder in drafts ? ["posts", "pages", "drafts"] : ["posts", "pages"] {
            for entry in try FileTree.scan(blog.path(folder)) where BodyFormat(fileName: entry.path) != nil {
                entries.append(FileEntry(path: folder + "/" + entry.path, size: entry.size, modified: entry.modified))
            }
        }
        return entries
    }

    static func load(_ entry: FileEntry, root: String, parser: PostParser, now: Timestamp) -> Result<Loaded, BuildFailure> {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(root + "/" + entry.path)
        } catch {
            return .failure(BuildFailure([error.diagnostic(relativeTo: root)]))
        }
        do {
            if entry.path.hasPrefix("pages/") {
                return .success(.page(try parser.parsePage(path: entry.path, bytes: bytes)))
            }
            let status: Post.Status = entry.path.hasPrefix("drafts/") ? .draft : .published
            return .success(.post(try parser.parsePost(path: entry.path, bytes: bytes, status: status, now: now)))
        } catch {
            return .failure(error)
        }
    }
}
