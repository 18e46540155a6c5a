/// `site`: what every page of the site shows. Made once per build and shared by every render.
final class SiteContext: Sendable {
    let name: String
    let description: String
    let author: String
    /// The author's home page for their h-card: `@feed_author_url`, else the site.
    let authorURL: String
    let authorAvatarURL: String?
    let me: [LabelLinkContext]
    let language: String
    let url: String
    let base: String
    let homeURL: String
    let archiveURL: String
    let archiveTitle: String
    let rssURL: String
    let jsonFeedURL: String
    let hasBlog: Bool
    let categoriesURL: String
    let tagCloudURL: String
    /// The links page, when the blog has a link post.
    let linksURL: String?
    let stylesheetURL: String
    let pages: [NavigationLinkContext]
    let meta: [String: String]
    let faviconURL: String
    let homeTitle: String?
    let iconURL: String?
    let year: String?
    let rsdURL: String?
    /// Where writing apps post and sign in, when the shim's address is set.
    let endpoints: EditingEndpoints?
    /// The search page, with `@search true`.
    let searchURL: String?

    /// - Parameter currentPage: the standalone page being rendered, which `pages` marks.
    init(settings: SiteSettings, paths: SitePaths, inputs: SiteInputs, currentPage: Int? = nil) {
        let layout = settings.layout
        name = settings.name
        description = settings.description
        author = settings.author
        authorURL = settings.feed.authorURL ?? settings.url + "/"
        authorAvatarURL = settings.feed.authorAvatarURL
        me = settings.me.map(LabelLinkContext.init)
        language = settings.language
        self.url = settings.url
        base = settings.basePath
        homeURL = paths.url(paths.home())
        archiveURL = paths.url(paths.archive)
        archiveTitle = layout.archiveTitle
        rssURL = paths.url(paths.feed(.rss))
        jsonFeedURL = paths.url(paths.feed(.json))
        hasBlog = layout.hasBlog
        categoriesURL = paths.url(paths.categories)
        tagCloudURL = paths.url(paths.tagCloud)
        linksURL = inputs.hasLinks ? paths.url(paths.list(.links)) : nil
        stylesheetURL = paths.url(paths.staticFile("style.css")) + (inputs.stylesheetVersion.isEmpty ? "" : "?v=\(inputs.stylesheetVersion)")
        pages = Self.navigation(inputs.navigation, current: currentPage, url: paths.url(link:))
        meta = settings.metadata.dictionary(CharacterReferences.decode)
        faviconURL = settings.faviconURL.map(settings.underBasePath) ?? paths.url(paths.staticFile("favicon.svg"))
        homeTitle = layout.homeTitle.isEmpty ? nil : layout.homeTitle
        iconURL = settings.iconURL.map(settings.underBasePath)
        year = inputs.newestYear.map { String($0) }
        rsdURL = settings.xmlrpcURL == nil ? nil : paths.absoluteURL(paths.rsd)
        endpoints = EditingEndpoints(settings: settings)
        searchURL = settings.search ? paths.url(paths.search) : nil
    }

    static func navigation(_ pages: [PostLink], current: Int?, url: (String) -> String) -> [NavigationLinkContext] {
        pages.enumerated().map { index, page in
            NavigationLinkContext(title: page.title, url: url(page.path), isCurrent: index == current)
        }
    }

    static let type: ContextType = {
        var fields = ContextFields<SiteContext>()
        fields.text("name") { $0.name }
        fields.text("description") { $0.description }
        fields.text("author") { $0.author }
        fields.bool("has_author") { !$0.author.isEmpty }
        fields.text("author_url") { $0.authorURL }
        fields.text("author_avatar_url") { $0.authorAvatarURL }
        fields.list("me", LabelLinkContext.type, always: { TemplateList($0.me) })
        fields.text("language") { $0.language }
        fields.text("url") { $0.url }
        fields.text("base") { $0.base }
        fields.text("home_url") { $0.homeURL }
        fields.text("archive_url") { $0.archiveURL }
        fields.text("archive_title") { $0.archiveTitle }
        fields.text("rss_url") { $0.rssURL }
        fields.text("json_feed_url") { $0.jsonFeedURL }
        fields.bool("has_blog") { $0.hasBlog }
        fields.text("categories_url") { $0.categoriesURL }
        fields.text("tag_cloud_url") { $0.tagCloudURL }
        fields.text("links_url") { $0.linksURL }
        fields.text("stylesheet_url") { $0.stylesheetURL }
        fields.list("pages", NavigationLinkContext.type, always: { TemplateList($0.pages) })
        fields.map("meta") { $0.meta }
        fields.text("favicon_url") { $0.faviconURL }
        fields.text("home_title") { $0.homeTitle }
        fields.text("icon_url") { $0.iconURL }
        fields.text("year") { $0.year }
        fields.text("rsd_url") { $0.rsdURL }
        fields.text("micropub_url") { $0.endpoints?.micropub }
        fields.text("authorization_endpoint") { $0.endpoints?.authorization }
        fields.text("token_endpoint") { $0.endpoints?.token }
        fields.text("indieauth_metadata_url") { $0.endpoints?.metadata }
        fields.text("search_url") { $0.searchURL }
        return ContextType(noun: "the site", plural: "sites", fields: fields.fields)
    }()
}

/// One of `site.pages`: a standalone page in the navigation.
final class NavigationLinkContext: Sendable {
    let title: String
    let url: String
    let isCurrent: Bool

    init(title: String, url: String, isCurrent: Bool) {
        self.title = title
        self.url = url
        self.isCurrent = isCurrent
    }

    static let type: ContextType = {
        var fields = ContextFields<NavigationLinkContext>()
        fields.text("title") { $0.title }
        fields.text("url") { $0.url }
        fields.bool("is_current") { $0.isCurrent }
        return ContextType(noun: "a page in the navigation", plural: "pages in the navigation", fields: fields.fields)
    }()
}
