/// Every key of `site.settings`, in one table: its name, the older names it is also read
/// under (Wildcat's), its default, how its value is read, and what it does.
///
/// `bake build`, `bake preview`, `bake deploy` and `bake-metaweblog` all read settings through
/// `SiteSettings`, which reads each key as its `value` says; the warning about an unknown key
/// and the README's table of settings come from here (a test keeps the README equal).
///
/// ```swift
/// SettingKey.homePostCount.name                 // "home_post_count"
/// SettingKey.homePostCount.aliases              // ["blog_number_of_posts_on_home_page"]
/// SettingKey.flag("on")                         // true
/// ```
public enum SettingKey: String, Sendable, CaseIterable {
    case siteName = "site_name"
    case siteURL = "site_url"
    case siteDescription = "site_description"
    case author
    case me
    case timeZone = "time_zone"
    case language
    case monthNames = "month_names"
    case dateFormat = "date_format"
    case feedExcerpts = "feed_excerpts"
    case search
    case highlight
    case smartPunctuation = "smart_punctuation"
    case homePostCount = "home_post_count"
    case feedPostCount = "feed_post_count"
    case faviconURL = "favicon_url"
    case iconURL = "icon_url"
    case xmlrpcURL = "xmlrpc_url"
    case micropubURL = "micropub_url"
    case theme
    case output
    case metaweblogUser = "metaweblog_user"
    case metaweblogPasswordHash = "metaweblog_password_hash"
    case commitChanges = "commit_changes"
    case deployOnPost = "deploy_on_post"
    case deployTo = "deploy_to"
    case uploadSVG = "upload_svg"
    case imageWidths = "image_widths"
    case imageSizes = "image_sizes"
    case imageMetadata = "image_metadata"
    case feedImageWidth = "feed_image_width"
    case webmentions
    case websubHub = "websub_hub"
    case hasBlog = "has_blog"
    case blogRelativePath = "blog_relative_path"
    case outputFileSuffix = "output_file_suffix"
    case blogHomePageTitle = "blog_home_page_title"
    case blogArchiveTitle = "blog_archive_title"
    case feedTitle = "feed_title"
    case feedAuthorURL = "feed_author_url"
    case feedAuthorAvatarURL = "feed_author_avatar_url"
    case feedMediaThumbnail = "feed_media_thumbnail"
    case itunesAuthor = "itunes_author"
    case itunesOwnerName = "itunes_owner_name"
    case itunesOwnerEmail = "itunes_owner_email"
    case itunesImage = "itunes_image"
    case itunesCategory = "itunes_category"
    case itunesSubcategory = "itunes_subcategory"
    case itunesExplicit = "itunes_explicit"

    /// How a value is read: what it may be, and what an error says was expected.
    public enum Value: Sendable {
        /// Any text.
        case text
        /// `true`/`false`, `yes`/`no`, `on`/`off` or `1`/`0`, in any case.
        case flag
        /// A whole number, 0 or more.
        case count
        /// An absolute `http` or `https` URL.
        case webURL
        /// A URL, absolute or root-relative.
        case url
        /// An IANA time zone name.
        case timeZone
        /// A folder, relative to the blog.
        case folder
        /// Read by its own rule, which says what it expected.
        case special
    }

    /// The key as `site.settings` writes it, without `@`.
    public var name: String { rawValue }

    /// The older names read as this one (Wildcat's); when a file has both, this name wins.
    public var aliases: [String] {
        switch self {
        case .output: return ["output_folder"]
        case .homePostCount: return ["blog_number_of_posts_on_home_page"]
        case .feedPostCount: return ["feed_number_of_posts"]
        case .author: return ["feed_author"]
        case .siteDescription: return ["feed_description"]
        case .deployTo: return ["rsync_remote_path"]
        case .monthNames: return ["blog_month_names"]
        default: return []
        }
    }

    public var value: Value {
        switch self {
        case .feedExcerpts, .search, .highlight, .smartPunctuation, .commitChanges, .deployOnPost, .uploadSVG, .webmentions, .hasBlog, .itunesExplicit: return .flag
        case .homePostCount, .feedPostCount, .feedImageWidth: return .count
        case .siteURL, .xmlrpcURL, .micropubURL, .websubHub: return .webURL
        case .faviconURL, .iconURL, .feedAuthorURL, .feedAuthorAvatarURL, .feedMediaThumbnail, .itunesImage: return .url
        case .timeZone: return .timeZone
        case .theme, .output, .blogRelativePath: return .folder
        case .monthNames, .dateFormat, .outputFileSuffix, .me, .imageWidths, .imageMetadata: return .special
        default: return .text
        }
    }

    /// The default, as the README's table says it.
    public var defaultText: String {
        switch self {
        case .siteName, .siteURL: return "required"
        case .siteDescription, .author, .blogRelativePath, .blogHomePageTitle: return "\"\""
        case .timeZone: return "`UTC`"
        case .language: return "`en`"
        case .monthNames: return "English"
        case .dateFormat: return "`%B %e, %Y`"
        case .feedExcerpts, .search, .commitChanges, .deployOnPost, .uploadSVG, .itunesExplicit: return "`false`"
        case .smartPunctuation, .hasBlog, .highlight, .webmentions: return "`true`"
        case .homePostCount: return "8"
        case .feedPostCount: return "20"
        case .imageWidths: return "`480, 800, 1200, 1600, 2400`"
        case .imageSizes: return "`\(PictureSettings.defaultSizes)`"
        case .imageMetadata: return "`strip`"
        case .feedImageWidth: return "1600"
        case .faviconURL: return "the theme's `favicon.svg`"
        case .micropubURL: return "beside `@xmlrpc_url`"
        case .theme: return "the built-in theme"
        case .output: return "`site`"
        case .outputFileSuffix: return "`.html`"
        case .blogArchiveTitle: return "`Archive`"
        case .feedTitle: return "`@site_name`"
        case .itunesAuthor, .itunesOwnerName: return "`@author`"
        case .itunesImage: return "`@feed_media_thumbnail`"
        case .me, .iconURL, .xmlrpcURL, .metaweblogUser, .metaweblogPasswordHash, .deployTo, .websubHub, .feedAuthorURL, .feedAuthorAvatarURL,
             .feedMediaThumbnail, .itunesOwnerEmail, .itunesCategory, .itunesSubcategory:
            return "none"
        }
    }

    /// What it does, in a line.
    public var doc: String {
        switch self {
        case .siteName: return "the blog's name"
        case .siteURL: return "absolute URL, e.g. `https://example.com` or `https://example.com/blog`; feeds and canonical links use it, and its path prefixes every link"
        case .siteDescription: return "feed description and home page meta description"
        case .author: return "feeds and footer; in the default theme, the h-card of the footer and of every post"
        case .me: return "your pages elsewhere (a Mastodon profile, GitHub …), `http` or `https` URLs separated by commas: `<link rel=\"me\">` on every page and `rel=\"me\"` links in the footer, so that those sites and IndieAuth can tell the blog is yours"
        case .timeZone: return "IANA name, e.g. `America/Los_Angeles`; for dates without an offset and for the calendar"
        case .language: return "`<html lang>`, the feeds' language, and the order of categories"
        case .monthNames: return "12 names separated by commas, January first, for dates and month headings on pages (e.g. `janvier, février, …`)"
        case .dateFormat: return "how pages write dates: `%Y` year, `%m` month number, `%B` month name, `%b` its first three letters, `%d` two-digit day, `%e` day, `%%` a percent sign (e.g. `%e %B %Y`); feeds keep RFC 822 and RFC 3339"
        case .feedExcerpts: return "`true` puts each post's excerpt (below) and a \"Continue reading\" link in the feeds instead of the whole post"
        case .highlight: return "`false` leaves fenced code as the Markdown made it, unhighlighted (see Highlighted code)"
        case .search: return "`true`: `bake build` indexes the site with Pagefind and the theme gets a search page, linked from the navigation (see Search)"
        case .smartPunctuation: return "`false` keeps straight quotes, `--` and `...` in Markdown bodies (a post's own `@smart_punctuation` wins)"
        case .homePostCount: return "posts on the home page and on each page of older posts and of a category"
        case .feedPostCount: return "posts in the feeds"
        case .faviconURL: return "the page icon (`<link rel=\"icon\">`) and the JSON Feed's `favicon`; a root-relative URL is under the site's path, as every link bake writes"
        case .iconURL: return "a larger icon: `<link rel=\"apple-touch-icon\">` and the JSON Feed's `icon`; root-relative as `@favicon_url`"
        case .xmlrpcURL: return "the metaWeblog endpoint; when set, bake writes `rsd.xml` and an EditURI link on the home page, and every page links the Micropub and IndieAuth endpoints beside it"
        case .micropubURL: return "the Micropub endpoint, when the shim is reached at another address (an HTTPS proxy); the sign-in endpoints sit beside it (`…/auth`, `…/token`)"
        case .theme: return "a theme folder, relative to the blog (e.g. `themes/mine`)"
        case .output: return "where `bake build` and `bake-metaweblog` write the site, relative to the blog"
        case .metaweblogUser: return "the user name editors sign in with, for `bake-metaweblog` (below; `BAKE_METAWEBLOG_USER` wins)"
        case .metaweblogPasswordHash: return "the bcrypt hash of its password, from `bake-metaweblog hash-password` (`BAKE_METAWEBLOG_PASSWORD_HASH` wins)"
        case .commitChanges: return "`true`: `bake-metaweblog` commits every change to the blog's git repository"
        case .deployOnPost: return "`true`: `bake-metaweblog` publishes the site after every change, to `@deploy_to`"
        case .deployTo: return "where `bake deploy` publishes (below)"
        case .webmentions: return "`false`: publishing (`bake deploy`, the shim's deploy) sends no webmentions to the pages posts link to (see On the IndieWeb)"
        case .websubHub: return "a WebSub hub, e.g. `https://pubsubhubbub.appspot.com/`: the feeds name it, and publishing pings it for each feed that changed"
        case .uploadSVG: return "`true`: `bake-metaweblog` takes SVG uploads from editors; an SVG can hold script that runs on the blog's own site, so only for editors and apps you trust"
        case .imageWidths: return "the widths, in pixels, of the copies bake makes of each picture (see Pictures); none wider than the picture, and one at its own width"
        case .imageSizes: return "the pictures' `sizes` attribute: how wide they show at each window width; change it with a theme whose column is not the default one's"
        case .imageMetadata: return "`keep`: published pictures keep their EXIF (GPS position, camera, date), XMP and colour profile; by default they carry none"
        case .feedImageWidth: return "the widest copy of a picture the feeds point at, in pixels"
        case .hasBlog: return "`false`: a site of pages only; no home list, archive, month pages or feeds, posts are not published, and a `pages/index.markdown` can be the front page"
        case .blogRelativePath: return "a folder of the site for the blog, e.g. `blog`: the home list, archive, months, posts and feeds go under it; pages stay at the site's root, and a `pages/index.markdown` is the site's front page"
        case .outputFileSuffix: return "the extension of post and page files and their links, e.g. `.htm` or `.php` (the archive, months and home stay `.html`/`index.html`); it cannot be empty, as hosts serve files without an extension as downloads"
        case .blogHomePageTitle: return "the home page's `<title>`, before the site's name"
        case .blogArchiveTitle: return "the archive's heading and its link"
        case .feedTitle: return "the feeds' title"
        case .feedAuthorURL: return "the JSON Feed author's `url`"
        case .feedAuthorAvatarURL: return "the JSON Feed author's `avatar`"
        case .feedMediaThumbnail: return "the `media:thumbnail` (and JSON Feed `image`) of every item without its own `@mediaThumbnail`"
        case .itunesAuthor: return "the podcast's author (see Podcasts)"
        case .itunesOwnerName: return "the podcast owner's name"
        case .itunesOwnerEmail: return "the podcast owner's email address"
        case .itunesImage: return "the podcast's artwork"
        case .itunesCategory: return "the podcast's Apple Podcasts category, e.g. `Technology`"
        case .itunesSubcategory: return "its subcategory"
        case .itunesExplicit: return "whether the podcast is explicit"
        }
    }

    /// What an error says a bad value should have been, for the kinds of value that have one rule.
    public var expected: String {
        switch value {
        case .flag: return "true or false"
        case .count: return "a whole number such as \(defaultText)"
        case .webURL:
            switch self {
            case .siteURL: return "an absolute URL such as https://example.com"
            case .websubHub: return "an absolute URL such as https://pubsubhubbub.appspot.com/"
            default: return "an absolute URL such as http://127.0.0.1:9344/\(self == .micropubURL ? "micropub" : "xmlrpc")"
            }
        case .timeZone: return "an IANA zone name such as America/Los_Angeles"
        case .text, .url, .folder, .special: return "a value"
        }
    }

    /// The key `name` is read as: itself, or the key it is an older name of; nil when bake
    /// does not know it.
    public static func named(_ name: String) -> SettingKey? {
        SettingKey(rawValue: name) ?? aliasTable[name]
    }

    /// Older name → key.
    static let aliasTable: [String: SettingKey] = Dictionary(uniqueKeysWithValues: allCases.flatMap { key in key.aliases.map { ($0, key) } })

    /// The value of a true-or-false setting or header, or nil: `true`/`false`, `yes`/`no`,
    /// `on`/`off` or `1`/`0`, in any case. The one reading of a flag, everywhere.
    public static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "1": true
        case "false", "no", "off", "0": false
        default: nil
        }
    }

    /// The README's table of settings, row by row.
    public static var markdownTable: String {
        var rows = ["| key | default | meaning |", "| --- | --- | --- |"]
        for key in allCases {
            let aliases = key.aliases.isEmpty ? "" : " (also `@" + key.aliases.joined(separator: "`, `@") + "`)"
            rows.append("| `@\(key.name)`\(aliases) | \(key.defaultText) | \(key.doc) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
