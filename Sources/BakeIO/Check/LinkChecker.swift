import BakeKit
import Foundation
import LinkCheck

/// Checks every link of a site `SiteBuilder` just built: reads every page and feed in the output
/// folder (libxml2's HTML parser, in parallel), checks the links to the site against its files
/// and the fragments against the pages' anchors, asks other sites with `external` when given,
/// and traces each broken link to the post, page, static file or template line that holds it.
///
/// ```swift
/// let options = BuildOptions(blog: BlogFolder(root: "/blog"), now: Timestamp(Date()))
/// _ = try await SiteBuilder(options: options, memory: memory).build()
/// let report = try await LinkChecker(options: options, memory: memory).check()
/// report.problems   // [posts/2014/04/21/slug.markdown:12: /gone.html: no such page]
/// ```
public struct LinkChecker: Sendable {
    public let options: BuildOptions
    /// Checks links to other sites; nil leaves them unchecked.
    public let external: ExternalLinkChecker?
    private let memory: BuildMemory?

    /// - Parameter memory: The memory of the build that made the site, so that its posts are
    ///   not read again.
    public init(options: BuildOptions, memory: BuildMemory? = nil, external: ExternalLinkChecker? = nil) {
        self.options = options
        self.memory = memory
        self.external = external
    }

    /// Reads the built site and checks its links.
    public func check() async throws(BuildFailure) -> LinkReport {
        let plan = try await plan()
        let site = SiteAddress(url: options.configuration.settings.url)
        let files: [FileEntry]
        let staticFiles: [FileEntry]
        do {
            files = try await FileTree.scanInParallel(options.output)
            staticFiles = try FileTree.scan(options.blog.path("static"))
        } catch {
            throw BuildFailure([error.diagnostic(relativeTo: options.blog.root)])
        }
        let found = await read(files.map(\.path), site: site)
        var broken = found.broken
        var moved: [BrokenLink] = []
        var checked = found.checked
        var unchecked = found.external.count
        if let external {
            let outcomes = await external.check(found.external.map(\.address))
            for link in found.external {
                switch outcomes[link.address] {
                case .broken(let reason): broken.append(BrokenLink(page: link.page, url: link.url, problem: .external(reason)))
                case .moved(let target, let status): moved.append(BrokenLink(page: link.page, url: link.url, problem: .external("redirects to \(target) (\(status))")))
                case .ok, nil: break
                }
            }
            checked += found.external.count
            unchecked = 0
        }
        var staticSources: [String: String] = [:]
        for entry in staticFiles { staticSources[entry.path] = "static/" + entry.path }
        let traced = await trace(broken: broken, moved: moved, sources: OutputSources(plan: plan, staticFiles: staticSources), site: site)
        return LinkReport(problems: traced.problems, moved: traced.moved, checked: checked, unchecked: unchecked)
    }
}

private extension LinkChecker {
    /// Reads every page and feed of the site (`paths`: its files) and checks their links to
    /// the site: the broken ones, the links to other sites, and how many were checked.
    func read(_ paths: [String], site: SiteAddress) async -> (broken: [BrokenLink], external: [SiteLinks.ExternalLink], checked: Int) {
        let output = options.output
        let links = SiteLinks(site: site, files: SiteFiles(paths))
        let pageSuffixes = Set([".html", ".htm", options.configuration.settings.layout.fileSuffix])
        let readable = paths.filter { path in
            pageSuffixes.contains { path.hasSuffix($0) } || path.hasSuffix("rss.xml") || path.hasSuffix("feed.json")
        }
        let scans = await parallelMap(readable) { path -> (result: SiteLinks.PageResult, anchors: Set<String>?) in
            guard let bytes = try? FileIO.read(output + "/" + path) else { return (SiteLinks.PageResult(), nil) }
            if path.hasSuffix("rss.xml") { return (links.check(FeedScanner.scanRSS(bytes), on: path), nil) }
            if path.hasSuffix("feed.json") { return (links.check(FeedScanner.scanJSONFeed(bytes), on: path), nil) }
            let scan = HTMLScanner.scan(bytes)
            return (links.check(scan, on: path), scan.anchors)
        }
        var broken: [BrokenLink] = []
        var fragments: [SiteLinks.FragmentLink] = []
        var external: [SiteLinks.ExternalLink] = []
        var anchors: [String: Set<String>] = [:]
        var checked = 0
        for (path, scan) in zip(readable, scans) {
            broken += scan.result.broken
            fragments += scan.result.fragments
            external += scan.result.external
            checked += scan.result.checked
            if let pageAnchors = scan.anchors { anchors[path] = pageAnchors }
        }
        return (broken + links.brokenFragments(fragments, anchors: anchors), external, checked)
    }

    /// The broken and moved links at the lines that hold them, traced in parallel, each URL's
    /// links together, as the tracer looks for a URL once per file.
    func trace(broken: [BrokenLink], moved: [BrokenLink], sources: OutputSources, site: SiteAddress) async -> (problems: [Diagnostic], moved: [Diagnostic]) {
        let texts = await texts(of: Set((broken + moved).flatMap { sources.files(of: $0.page) }))
        let tracer = LinkTracer(sources: sources, texts: texts, locator: SourceLocator(site: site, templates: templates()), output: options.output)
        let all = broken.map { (link: $0, moved: false) } + moved.map { (link: $0, moved: true) }
        let groups = Array(Dictionary(grouping: all) { $0.link.url }.values)
        let traced = await parallelMap(groups) { group in
            (problems: tracer.diagnostics(for: group.filter { !$0.moved }.map(\.link)), moved: tracer.diagnostics(for: group.filter(\.moved).map(\.link)))
        }
        return (traced.flatMap(\.problems), traced.flatMap(\.moved))
    }

    /// The site's plan, as the build made it: its posts come from the build's memory or the cache.
    func plan() async throws(BuildFailure) -> SitePlan {
        let sources: [FileEntry]
        do {
            sources = try await SourceLoader.sourceEntries(options.blog, drafts: options.includeDrafts, system: options.fileSystem)
        } catch {
            throw BuildFailure([error.diagnostic(relativeTo: options.blog.root)])
        }
        // What the build just parsed is current even after a --clean build, so use it.
        let reading = BuildOptions(configuration: options.configuration, now: options.now, fileSystem: options.fileSystem)
        // Only the posts are wanted, not their bodies: nothing to highlight.
        let highlighter = await CodeHighlighter.start(enabled: false, blog: options.blog, setup: options.highlighter, clean: false)
        defer { highlighter.finish() }
        let loaded = await SourceLoader(options: reading, memory: memory, highlighter: highlighter).load(sources)
        guard loaded.problems.isEmpty else { throw BuildFailure(loaded.problems) }
        let published = SitePlan.publishable(loaded.posts, now: options.now, drafts: options.includeDrafts, future: options.includeFuture)
        return try SitePlan(posts: published, pages: loaded.pages, settings: options.configuration.settings, now: options.now)
    }

    /// The text of each of the blog's files at `paths`; those that cannot be read are left out.
    func texts(of paths: Set<String>) async -> [String: SourceText] {
        let blog = options.blog
        let read = await parallelMap(Array(paths)) { path in
            (try? FileIO.read(blog.path(path))).map { SourceText(path: path, bytes: $0) }
        }
        return Dictionary(read.compactMap { $0.map { ($0.path, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The templates the site was rendered with: the blog's own, then the theme's.
    func templates() -> [SourceText] {
        let overrides = SiteBuilder.blogTemplates(options.blog, system: options.fileSystem).sources
        let theme = (try? Theme(folder: options.themeFolder))?.templates(overriddenBy: overrides) ?? overrides
        return theme.sorted { $0.path < $1.path }.map { SourceText(path: $0.path, text: $0.text) }
    }
}
