/// What every page of the site is made from: the templates, the settings, how unpublished
/// posts show, the stylesheet's version and the site-wide context (the navigation, the newest
/// post's year). Changing any of it renders every page again.
public struct SiteInputs: Sendable, Hashable, Encodable {
    /// A hash of every template's text.
    public let templates: String
    /// Every line of `site.settings`, key then value.
    public let settings: [String]
    public let marksUnpublished: Bool
    public let stylesheetVersion: String
    /// The standalone pages, for the navigation.
    public let navigation: [PostLink]
    /// The year of the newest post, for the footer's copyright line.
    public let newestYear: Int?
    /// Whether the site has a links page (a link post), which `site.links_url` says.
    public let hasLinks: Bool

    public init(plan: SitePlan, templates: TemplateSet, options: RenderOptions) {
        let settings = plan.settings
        self.templates = templates.fingerprint
        self.settings = settings.metadata.fields.flatMap { [$0.key, $0.value] }
        self.marksUnpublished = options.marksUnpublished
        self.stylesheetVersion = options.stylesheetVersion
        self.navigation = plan.pages.map { PostLink(title: $0.title, path: plan.paths.page($0).link) }
        self.newestYear = plan.posts.first?.pubDate.civil(in: settings.timeZone).year
        self.hasLinks = plan.lists.contains(.links)
    }
}
