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
    /// Whether fenced code is highlighted when the site is baked; `@highlight false` turns it off.
    public let highlight: Bool
    /// Every line of the file, for templates and for the shim's own keys; Wildcat's names
    /// already read as bake's (`SettingAliases`).
    public let metadata: PostMetadata
    /// Where the blog's files go: `has_blog`, `blog_relative_path`, `output_file_suffix`.
    public let layout: SiteLayout
    /// The feeds' title, author links and the podcast's channel.
    public let feed: FeedSettings

    /// Reads and checks the settings, reporting every bad line at once.
    public init(metadata: PostMetadata) throws(MetadataErrors) {
        let metadata = SettingAliases.resolve(metadata)
        var errors: [MetadataError] = []
        func required(_ key: String) -> String {
            guard let value = metadata[key], !value.isEmpty else {
                errors.append(MetadataError(line: 1, reason: .missingKey(key)))
                return ""
            }
            return value
        }
        func count(_ key: String, default value: Int) -> Int {
            guard let field = metadata.field(key) else { return value }
            guard let number = Int(field.value), number >= 0 else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: key, value: field.value, expected: "a whole number such as \(value)")))
                return value
            }
            return number
        }

        self.metadata = metadata
        name = CharacterReferences.decode(required("site_name"))
        var url = required("site_url")
        while url.hasSuffix("/") { url.removeLast() }
        if !url.isEmpty, !Self.isAbsoluteWebURL(url), let field = metadata.field("site_url") {
            errors.append(MetadataError(line: field.line, reason: .invalidValue(key: "site_url", value: field.value, expected: "an absolute URL such as https://example.com")))
        }
        self.url = url
        basePath = Self.path(of: url)
        description = CharacterReferences.decode(metadata["site_description"] ?? "")
        author = CharacterReferences.decode(metadata["author"] ?? "")
        language = metadata["language"].flatMap { $0.isEmpty ? nil : $0 } ?? "en"
        homePostCount = count("home_post_count", default: 8)
        feedPostCount = count("feed_post_count", default: 20)
        if let field = metadata.field("smart_punctuation") {
            if let value = Self.flag(field.value) {
                smartPunctuation = value
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: "smart_punctuation", value: field.value, expected: "true or false")))
                smartPunctuation = true
            }
        } else {
            smartPunctuation = true
        }
        var names = DateStyle.englishMonthNames
        if let field = metadata.field("month_names") {
            let parts = field.value.split(separator: ",", omittingEmptySubsequences: false).map { CharacterReferences.decode($0.trimmingCharacters(in: .whitespaces)) }
            if parts.count == 12, !parts.contains("") {
                names = parts
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: "month_names", value: field.value, expected: "12 month names separated by commas, January first")))
            }
        }
        var format = DateStyle.defaultFormat
        if let field = metadata.field("date_format") {
            if DateStyle.isValid(format: field.value) {
                format = field.value
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: "date_format", value: field.value, expected: "a format with %d or %e (day), %m, %B or %b (month) and %Y (year), such as %e %B %Y")))
            }
        }
        dates = DateStyle(monthNames: names, format: format)
        if let field = metadata.field("feed_excerpts") {
            if let value = Self.flag(field.value) {
                feedExcerpts = value
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: "feed_excerpts", value: field.value, expected: "true or false")))
                feedExcerpts = false
            }
        } else {
            feedExcerpts = false
        }
        if let field = metadata.field("highlight"), Self.flag(field.value) == nil {
            errors.append(MetadataError(line: field.line, reason: .invalidValue(key: "highlight", value: field.value, expected: "true or false")))
        }
        highlight = metadata["highlight"].flatMap(Self.flag) ?? true
        if let field = metadata.field("time_zone") {
            if let zone = TimeZone(identifier: field.value) {
                timeZone = zone
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: "time_zone", value: field.value, expected: "an IANA zone name such as America/Los_Angeles")))
                timeZone = TimeZone(identifier: "UTC")!
            }
        } else {
            timeZone = TimeZone(identifier: "UTC")!
        }
        if let field = metadata.field("xmlrpc_url"), !field.value.isEmpty {
            if !Self.isAbsoluteWebURL(field.value) {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: "xmlrpc_url", value: field.value, expected: "an absolute URL such as http://127.0.0.1:9344/xmlrpc")))
            }
            xmlrpcURL = field.value
        } else {
            xmlrpcURL = nil
        }
        if let field = metadata.field("micropub_url"), !field.value.isEmpty {
            if !Self.isAbsoluteWebURL(field.value) {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: "micropub_url", value: field.value, expected: "an absolute URL such as http://127.0.0.1:9344/micropub")))
            }
            micropubURL = field.value
        } else {
            micropubURL = nil
        }
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

    /// The value of a `true`/`false` setting (also `yes`/`no`, `on`/`off`), or nil.
    static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
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
