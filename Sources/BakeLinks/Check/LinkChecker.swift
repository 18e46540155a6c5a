import BakeIO
import BakeKit
import Foundation
import LinkCheck

/// Checks every link of a site `SiteBuilder` just built: reads every page and feed in the output
/// folder (libxml2's HTML parser, in parallel), checks the links to the site against its files
/// and the fragments against the pages' anchors, asks other sites with `external` when given,
/// and traces each broken link to the post, page, static file or template line that holds it,
/// through the plan the build made.
///
/// ```swift
/// let options = BuildOptions(blog: BlogFolder(root: "/blog"), now: Timestamp(Date()))
/// let built = try await SiteBuilder(options: options).buildSite()
/// let report = try await LinkChecker(options: options, site: built.site).check()
/// report.problems   // [posts/2014/04/21/slug.markdown:12: /gone.html: no such page]
/// ```
public struct LinkChecker: Sendable {
    public let options: BuildOptions
    /// What the build made the site from: its plan, templates and static files.
    public let site: BuiltSite
    /// Checks links to other sites; nil leaves them unchecked.
    public let external: ExternalLinkChecker?

    public init(options: BuildOptions, site: BuiltSite, external: ExternalLinkChecker? = nil) {
        self.options = options
        self.site = site
        self.external = external
    }

    /// Reads the built site and checks its links.
    public func check() async throws(BuildFailure) -> LinkReport {
        let address = SiteAddress(url: options.configuration.settings.url)
        let files: [FileEntry]
        do {
            files = try await FileTree.scanInParallel(options.output)
        } catch {
            throw BuildFailure([error.diagnostic(relativeTo: options.blog.root)])
        }
        let found = await read(files.map(\.path), site: address)
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
        for entry in site.staticFiles { staticSources[entry.path] = "static/" + entry.path }
        let traced = await trace(broken: broken, moved: moved, sources: OutputSources(plan: site.plan, staticFiles: staticSources), site: address)
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
        site.templates.map { SourceText(path: $0.path, text: $0.text) }
    }
}
