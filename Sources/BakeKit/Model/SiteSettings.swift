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
    /// Whether fenced code is highlighted when the site is baked; `@highlight false` turns it off.
    public let highlight: Bool
    /// Every line of the file, for templates and for the shim's own keys; Wildcat's names
    /// already read as bake's (`SettingAliases`).
    public let metadata: PostMetadata
    /// Where the blog's files go: `has_blog`, `blog_relative_path`, `output_file_suffix`.
    public let layout: SiteLayout
    /// The feeds' title, author links and the podcast's channel.
    public let feed: FeedSettings

    /// Reads and checks the settings, each key as `SettingKey` says, reporting every bad
    /// line at once. Older names (`SettingKey.aliases`) are read as bake's.
    public init(metadata: PostMetadata) throws(MetadataErrors) {
        let metadata = SettingAliases.resolve(metadata)
        var errors: [MetadataError] = []
        func required(_ key: SettingKey) -> String {
            guard let value = metadata[key.name], !value.isEmpty else {
                errors.append(MetadataError(line: 1, reason: .missingKey(key.name)))
                return ""
            }
            return value
        }
        func invalid(_ field: PostMetadata.Field, _ key: SettingKey) {
            errors.append(MetadataError(line: field.line, reason: .invalidValue(key: key.name, value: field.value, expected: key.expected)))
        }
        func count(_ key: SettingKey) -> Int {
            let value = Int(key.defaultText) ?? 0
            guard let field = metadata.field(key.name) else { return value }
            guard let number = Int(field.value), number >= 0 else {
                invalid(field, key)
                return value
            }
            return number
        }
        func flag(_ key: SettingKey) -> Bool {
            let value = key.defaultText == "`true`"
            guard let field = metadata.field(key.name), !field.value.isEmpty else { return value }
            guard let flag = SettingKey.flag(field.value) else {
                invalid(field, key)
                return value
            }
            return flag
        }
        func webURL(_ key: SettingKey) -> String? {
            guard let field = metadata.field(key.name), !field.value.isEmpty else { return nil }
            if !Self.isAbsoluteWebURL(field.value) { invalid(field, key) }
            return field.value
        }

        self.metadata = metadata
        name = CharacterReferences.decode(required(.siteName))
        var url = required(.siteURL)
        while url.hasSuffix("/") { url.removeLast() }
        if !url.isEmpty, !Self.isAbsoluteWebURL(url), let field = metadata.field(SettingKey.siteURL.name) {
            invalid(field, .siteURL)
        }
        self.url = url
        basePath = Self.path(of: url)
        description = CharacterReferences.decode(metadata[SettingKey.siteDescription.name] ?? "")
        author = CharacterReferences.decode(metadata[SettingKey.author.name] ?? "")
        var me: [WebURL] = []
        if let field = metadata.field(SettingKey.me.name) {
            if let urls = WebURL.list(field.value) {
                me = urls
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: SettingKey.me.name, value: field.value, expected: "http or https URLs separated by commas, such as https://mastodon.social/@you, https://github.com/you")))
            }
        }
        self.me = me
        language = metadata[SettingKey.language.name].flatMap { $0.isEmpty ? nil : $0 } ?? "en"
        homePostCount = count(.homePostCount)
        feedPostCount = count(.feedPostCount)
        smartPunctuation = flag(.smartPunctuation)
        feedExcerpts = flag(.feedExcerpts)
        search = flag(.search)
        commitChanges = flag(.commitChanges)
        deployOnPost = flag(.deployOnPost)
        uploadSVG = flag(.uploadSVG)
        deployTo = metadata[SettingKey.deployTo.name]?.trimmingCharacters(in: .whitespaces).nonEmpty
        var names = DateStyle.englishMonthNames
        if let field = metadata.field(SettingKey.monthNames.name) {
            let parts = field.value.split(separator: ",", omittingEmptySubsequences: false).map { CharacterReferences.decode($0.trimmingCharacters(in: .whitespaces)) }
            if parts.count == 12, !parts.contains("") {
                names = parts
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: SettingKey.monthNames.name, value: field.value, expected: "12 month names separated by commas, January first")))
            }
        }
        var format = DateStyle.defaultFormat
        if let field = metadata.field(SettingKey.dateFormat.name) {
            if DateStyle.isValid(format: field.value) {
                format = field.value
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: SettingKey.dateFormat.name, value: field.value, expected: "a format with %d or %e (day), %m, %B or %b (month) and %Y (year), such as %e %B %Y")))
            }
        }
        dates = DateStyle(monthNames: names, format: format)
        highlight = flag(.highlight)
        if let field = metadata.field(SettingKey.timeZone.name) {
            if let zone = TimeZone(identifier: field.value) {
                timeZone = zone
            } else {
                invalid(field, .timeZone)
                timeZone = TimeZone(identifier: "UTC")!
            }
        } else {
            timeZone = TimeZone(identifier: "UTC")!
        }
        xmlrpcURL = webURL(.xmlrpcURL)
        micropubURL = webURL(.micropubURL)
        websubHub = webURL(.websubHub)
        webmentions = flag(.webmentions)
        var pictures = PictureSettings()
        if let field = metadata.field(SettingKey.imageWidths.name), !field.value.isEmpty {
            if let widths = PictureSettings.widths(field.value) {
                pictures.widths = widths
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: SettingKey.imageWidths.name, value: field.value, expected: "widths in pixels from 16 to 8192 separated by commas, such as 480, 800, 1200")))
            }
        }
        if let sizes = metadata[SettingKey.imageSizes.name]?.trimmingCharacters(in: .whitespaces), !sizes.isEmpty {
            pictures.sizes = CharacterReferences.decode(sizes)
        }
        if let field = metadata.field(SettingKey.imageMetadata.name), !field.value.isEmpty {
            if let value = PictureSettings.Metadata(rawValue: field.value.lowercased()) {
                pictures.metadata = value
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: SettingKey.imageMetadata.name, value: field.value, expected: "strip or keep")))
            }
        }
        pictures.feedWidth = max(count(.feedImageWidth), 16)
        self.pictures = pictures
        layout = SiteLayout(metadata: metadata, errors: &errors)
        let origin = String(url.dropLast(basePath.count))
        feed = FeedSettings(metadata: metadata, name: name, author: author, absolute: { Self.absolute($0, origin: origin) }, errors: &errors)
        if !errors.isEmpty { throw MetadataErrors(errors: errors) }
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

    /// The value of a `true`/`false` setting or header (also `yes`/`no`, `on`/`off`, `1`/`0`), or nil.
    static func flag(_ text: String) -> Bool? {
        SettingKey.flag(text)
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

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}

private extension SiteSettings {
    static func isAbsoluteWebURL(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return false }
        return true
    }

    static func path(of url: String) -> String {
        guard let components = URLComponents(string: url) else { return "" }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
