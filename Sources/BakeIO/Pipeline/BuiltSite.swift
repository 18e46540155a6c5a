import BakeKit

/// What a build made the site from, for what reads the site after it (`bake check` traces a
/// broken link to the post, page, static file or template that holds it): the plan, the
/// templates' text and the blog's static files, as the build read them.
///
/// ```swift
/// let result = try await SiteBuilder(options: options).buildSite()
/// result.site.plan.outputs.count   // every page and feed of the site
/// ```
public struct BuiltSite: Sendable {
    /// Every output of the site and what it was made from.
    public let plan: SitePlan
    /// The templates the pages were rendered with: the blog's own, then the theme's, by path.
    public let templates: [TemplateSet.Source]
    /// The blog's static files, by their path in `static/`.
    public let staticFiles: [FileEntry]

    public init(plan: SitePlan, templates: [TemplateSet.Source], staticFiles: [FileEntry]) {
        self.plan = plan
        self.templates = templates.sorted { $0.path < $1.path }
        self.staticFiles = staticFiles
    }
}

/// What `SiteBuilder.buildSite()` returns: what the build did, and what it made the site from.
public struct BuildResult: Sendable {
    public let summary: BuildSummary
    public let site: BuiltSite
}
