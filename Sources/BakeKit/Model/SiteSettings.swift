import Foundation

/// The blog's `site.settings`, checked.
public struct SiteSettings: Sendable, Hashable {
    public let name: String
    /// The absolute site URL without a trailing slash, e.g. `https://example.com/blog`.
    public let url: String
    /// The path part of `url`, "" or e.g. `/blog`; every root-relative link starts with it.
    public let basePath: String
    public let description: String
    public let author: String
    /// The author's pages elsewhere (`@me`), for `rel="me"` links.
    public let me: [WebURL]
    public let language: String
    public let timeZone: TimeZone
    public let homePostCount: Int
    public let feedPostCount: Int
    /// Whether Markdown bodies get typographic quotes, dashes and ellipses; `@smart_punctuation false` turns it off.
    public let smartPunctuation: Bool
    /// The metaWeblog endpoint, when the blog uses the shim; turns on `rsd.xml` and EditURI.
    public let xmlrpcURL: String?
    /// The Micropub endpoint (`@micropub_url`), when it is not the one beside `xmlrpcURL`.
    public let micropubURL: String?
    /// How pages write dates and month headings, from `@month_names` and `@date_format`.
    public let dates: DateStyle
    /// Whether the feeds carry excerpts (`@feed_excerpts true`) instead of full posts.
    public let feedExcerpts: Bool
    /// Whether the site is indexed with Pagefind and has a search page (`@search true`).
    public let search: Bool
    /// Whether `bake-metaweblog` commits every change to git (`@commit_changes`).
    public let commitChanges: Bool
    /// Whether `bake-metaweblog` publishes after every change (`@deploy_on_post`).
    public let deployOnPost: Bool
    /// Whether publishing sends webmentions for the links of new and changed posts
    /// (`@webmentions`, on unless `false`).
    public let webmentions: Bool
    /// The WebSub hub the feeds name and publishing pings (`@websub_hub`), or nil.
    public let websubHub: String?
    /// Whether `bake-metaweblog` takes SVG uploads (`@upload_svg`); they can hold script.
    public let uploadSVG: Bool
    /// How pictures are served: their variants' widths, `sizes`, metadata (`@image_widths`,
    /// `@image_sizes`, `@image_metadata`, `@feed_image_width`).
    public let pictures: PictureSettings
    /// Where `bake deploy` publishes by default (`@deploy_to`, or Wildcat's `@rsync_remote_path`).
    public let deployTo: String?
    /// The host whose rule files the build writes (`@host_rules`), or nil.
    public let hostRules: HostRules?
    /// Whether fenced code is highlighted when the site is baked; `@highlight false` turns it off.
    public let highlight: Bool
    /// The page icon (`@favicon_url`) as written, when the blog names one; else the theme's.
    public let faviconURL: String?
    /// The larger icon (`@icon_url`) as written, when the blog names one.
    public let iconURL: String?
    /// The user name editors sign in with (`@metaweblog_user`), for `bake-metaweblog`.
    public let metaweblogUser: String?
    /// The bcrypt hash of its password (`@metaweblog_password_hash`).
    public let metaweblogPasswordHash: String?
    /// Every line of the file, for templates and for the shim's own keys; Wildcat's names
    /// already read as bake's (`SettingAliases`).
    public let metadata: PostMetadata
    /// Where the blog's files go: `has_blog`, `blog_relative_path`, `output_file_suffix`.
    public let layout: SiteLayout
    /// The feeds' title, author links and the podcast's channel.
    public let feed: FeedSettings

    /// Reads and checks the settings, each through its declaration in `SettingKey`, reporting
    /// every bad line at once. Older names (`SettingKey.aliases`) are read as bake's.
    public init(metadata: PostMetadata) throws(MetadataErrors) {
        let metadata = SettingAliases.resolve(metadata)
        var settings = SettingReader(metadata: metadata)
        self.metadata = metadata
        name = settings.read(SettingKey.siteName)
        url = settings.read(SettingKey.siteURL)
        basePath = Self.path(of: url)
        description = settings.read(SettingKey.siteDescription)
        author = settings.read(SettingKey.author)
        me = settings.read(SettingKey.me)
        language = settings.read(SettingKey.language)
        homePostCount = settings.read(SettingKey.homePostCount)
        feedPostCount = settings.read(SettingKey.feedPostCount)
        smartPunctuation = settings.read(SettingKey.smartPunctuation)
        feedExcerpts = settings.read(SettingKey.feedExcerpts)
        search = settings.read(SettingKey.search)
        commitChanges = settings.read(SettingKey.commitChanges)
        deployOnPost = settings.read(SettingKey.deployOnPost)
        uploadSVG = settings.read(SettingKey.uploadSVG)
        deployTo = settings.read(SettingKey.deployTo)
        hostRules = settings.read(SettingKey.hostRules)
        dates = DateStyle(monthNames: settings.read(SettingKey.monthNames), format: settings.read(SettingKey.dateFormat))
        highlight = settings.read(SettingKey.highlight)
        timeZone = settings.read(SettingKey.timeZone)
        xmlrpcURL = settings.read(SettingKey.xmlrpcURL)
        micropubURL = settings.read(SettingKey.micropubURL)
        websubHub = settings.read(SettingKey.websubHub)
        webmentions = settings.read(SettingKey.webmentions)
        pictures = PictureSettings(
            widths: settings.read(SettingKey.imageWidths), sizes: settings.read(SettingKey.imageSizes), metadata: settings.read(SettingKey.imageMetadata),
            feedWidth: max(settings.read(SettingKey.feedImageWidth), 16)
        )
        faviconURL = settings.read(SettingKey.faviconURL)
        iconURL = settings.read(SettingKey.iconURL)
        metaweblogUser = settings.read(SettingKey.metaweblogUser)
        metaweblogPasswordHash = settings.read(SettingKey.metaweblogPasswordHash)
        layout = SiteLayout(settings: &settings)
        let origin = String(url.dropLast(basePath.count))
        feed = FeedSettings(settings: &settings, name: name, author: author, absolute: { Self.absolute($0, origin: origin) })
        if !settings.errors.isEmpty { throw MetadataErrors(errors: settings.errors) }
    }

    /// Whether `site.settings` gives `key` a value that is not empty, for warnings about what
    /// falls back to a default.
    public func isGiven(_ key: SettingKey) -> Bool {
        !(metadata[key.name] ?? "").isEmpty
    }

    /// The line of `site.settings` that sets `key`, if any, for problems about it.
    public func line(of key: SettingKey) -> Int? {
        metadata.field(key.name)?.line
    }

    /// A URL from the settings or a post made absolute: a root-relative one gets the site's origin.
    public func absolute(_ url: String) -> String {
        Self.absolute(url, origin: origin)
    }

    static func absolute(_ url: String, origin: String) -> String {
        url.hasPrefix("/") && !url.hasPrefix("//") ? origin + url : url
    }

    /// A root-relative URL of the site (`/favicon.ico`) under the site's path
    /// (`/blog/favicon.ico`), as every link bake writes is; other URLs, and one that already
    /// starts with the site's path, as they are.
    public func underBasePath(_ url: String) -> String {
        guard url.hasPrefix("/"), !url.hasPrefix("//"), !basePath.isEmpty, !url.hasPrefix(basePath + "/") else { return url }
        return basePath + url
    }

    /// The origin of `url`, e.g. `https://example.com` for `https://example.com/blog`.
    public var origin: String {
        String(url.dropLast(basePath.count))
    }
}

/// Several header problems found in one file.
public struct MetadataErrors: Error, Sendable {
    public let errors: [MetadataError]

    public init(errors: [MetadataError]) {
        self.errors = errors
    }

    /// The problems as diagnostics for the file at `path`.
    public func diagnostics(path: String) -> [Diagnostic] {
        errors.map { $0.diagnostic(path: path) }
    }
}

private extension SiteSettings {
    static func path(of url: String) -> String {
        var path = String(URLReference(url).path)
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
