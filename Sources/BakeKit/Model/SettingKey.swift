import Foundation

/// A key of `site.settings`, whatever its value: its name, the older names it is also read
/// under (Wildcat's), its default as the README says it, what it does, and what an error says
/// a bad value should have been. Each comes from one `Setting` declaration below, the table of
/// every setting; `SettingKey.all` lists them in the README's order.
///
/// `bake build`, `bake preview`, `bake deploy` and `bake-metaweblog` all read settings through
/// `SiteSettings`, which reads each one through its declaration; the warning about an unknown
/// key (`SettingAliases`) and the README's table of settings come from `all` (a test keeps the
/// README equal).
///
/// ```swift
/// SettingKey.homePostCount.name                 // "home_post_count"
/// SettingKey.homePostCount.aliases              // ["blog_number_of_posts_on_home_page"]
/// SettingKey.homePostCount.defaultValue         // 8
/// SettingKey.named("output_folder")?.name       // "output"
/// SettingKey.flag("on")                         // true
/// ```
public struct SettingKey: Sendable, Hashable {
    /// The key as `site.settings` writes it, without `@`.
    public let name: String
    /// The older names read as this one (Wildcat's); when a file has both, this name wins.
    public let aliases: [String]
    /// The default, as the README's table says it.
    public let defaultText: String
    /// What it does, in a line.
    public let doc: String
    /// What an error says a bad value should have been.
    public let expected: String
    /// Whether an empty value means the default rather than being read.
    let emptyIsDefault: Bool
    /// Whether a missing or empty value is an error.
    let isRequired: Bool

    /// Every setting, in the README's order.
    public static let all: [SettingKey] = [
        siteName.key,
        siteURL.key,
        siteDescription.key,
        author.key,
        me.key,
        timeZone.key,
        language.key,
        monthNames.key,
        dateFormat.key,
        feedExcerpts.key,
        search.key,
        highlight.key,
        smartPunctuation.key,
        homePostCount.key,
        feedPostCount.key,
        faviconURL.key,
        iconURL.key,
        xmlrpcURL.key,
        micropubURL.key,
        theme.key,
        output.key,
        metaweblogUser.key,
        metaweblogPasswordHash.key,
        commitChanges.key,
        deployOnPost.key,
        deployTo.key,
        hostRules.key,
        uploadSVG.key,
        imageWidths.key,
        imageSizes.key,
        imageMetadata.key,
        feedImageWidth.key,
        webmentions.key,
        websubHub.key,
        hasBlog.key,
        blogRelativePath.key,
        outputFileSuffix.key,
        blogHomePageTitle.key,
        blogArchiveTitle.key,
        feedTitle.key,
        feedAuthorURL.key,
        feedAuthorAvatarURL.key,
        feedMediaThumbnail.key,
        itunesAuthor.key,
        itunesOwnerName.key,
        itunesOwnerEmail.key,
        itunesImage.key,
        itunesCategory.key,
        itunesSubcategory.key,
        itunesExplicit.key
    ]

    /// The key `name` is read as: itself, or the key it is an older name of; nil when bake
    /// does not know it.
    public static func named(_ name: String) -> SettingKey? {
        table[name]
    }

    /// Name and older names → key.
    static let table: [String: SettingKey] = Dictionary(uniqueKeysWithValues: all.flatMap { key in ([key.name] + key.aliases).map { ($0, key) } })

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
        for key in all {
            let aliases = key.aliases.isEmpty ? "" : " (also `@" + key.aliases.joined(separator: "`, `@") + "`)"
            rows.append("| `@\(key.name)`\(aliases) | \(key.defaultText) | \(key.doc) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }
}

// The table: every setting, declared once.
public extension SettingKey {
    static let siteName = Setting<String>(
        "site_name", defaultValue: "", shown: "required", required: true,
        doc: "the blog's name",
        read: SettingKey.decoded
    )
    static let siteURL = Setting<String>(
        "site_url", defaultValue: "", shown: "required", required: true,
        expected: "an absolute URL such as https://example.com",
        doc: "absolute URL, e.g. `https://example.com` or `https://example.com/blog`; feeds and canonical links use it, and its path prefixes every link",
        read: SettingKey.siteAddress
    )
    static let siteDescription = Setting<String>(
        "site_description", aliases: ["feed_description"], defaultValue: "",
        doc: "feed description and home page meta description",
        read: SettingKey.decoded
    )
    static let author = Setting<String>(
        "author", aliases: ["feed_author"], defaultValue: "",
        doc: "feeds and footer; in the default theme, the h-card of the footer and of every post",
        read: SettingKey.decoded
    )
    static let me = Setting<[WebURL]>(
        "me", defaultValue: [], shown: "none", emptyIsDefault: false,
        expected: "http or https URLs separated by commas, such as https://mastodon.social/@you, https://github.com/you",
        doc: "your pages elsewhere (a Mastodon profile, GitHub …), `http` or `https` URLs separated by commas: `<link rel=\"me\">` on every page and `rel=\"me\"` links in the footer, so that those sites and IndieAuth can tell the blog is yours",
        read: { WebURL.list($0) }
    )
    static let timeZone = Setting<TimeZone>(
        "time_zone", defaultValue: TimeZone(identifier: "UTC")!, shown: "`UTC`", emptyIsDefault: false,
        expected: "an IANA zone name such as America/Los_Angeles",
        doc: "IANA name, e.g. `America/Los_Angeles`; for dates without an offset and for the calendar",
        read: { TimeZone(identifier: $0) }
    )
    static let language = Setting<String>(
        "language", defaultValue: "en",
        doc: "`<html lang>`, the feeds' language, and the order of categories",
        read: SettingKey.text
    )
    static let monthNames = Setting<[String]>(
        "month_names", aliases: ["blog_month_names"], defaultValue: DateStyle.englishMonthNames, shown: "English", emptyIsDefault: false,
        expected: "12 month names separated by commas, January first",
        doc: "12 names separated by commas, January first, for dates and month headings on pages (e.g. `janvier, février, …`)",
        read: SettingKey.monthList
    )
    static let dateFormat = Setting<String>(
        "date_format", defaultValue: DateStyle.defaultFormat, emptyIsDefault: false,
        expected: "a format with %d or %e (day), %m, %B or %b (month) and %Y (year), such as %e %B %Y",
        doc: "how pages write dates: `%Y` year, `%m` month number, `%B` month name, `%b` its first three letters, `%d` two-digit day, `%e` day, `%%` a percent sign (e.g. `%e %B %Y`); feeds keep RFC 822 and RFC 3339",
        read: { DateStyle.isValid(format: $0) ? $0 : nil }
    )
    static let feedExcerpts = Setting<Bool>(
        "feed_excerpts", defaultValue: false,
        doc: "`true` puts each post's excerpt (below) and a \"Continue reading\" link in the feeds instead of the whole post",
        read: SettingKey.flagValue
    )
    static let search = Setting<Bool>(
        "search", defaultValue: false,
        doc: "`true`: `bake build` indexes the site with Pagefind and the theme gets a search page, linked from the navigation (see Search)",
        read: SettingKey.flagValue
    )
    static let highlight = Setting<Bool>(
        "highlight", defaultValue: true,
        doc: "`false` leaves fenced code as the Markdown made it, unhighlighted (see Highlighted code)",
        read: SettingKey.flagValue
    )
    static let smartPunctuation = Setting<Bool>(
        "smart_punctuation", defaultValue: true,
        doc: "`false` keeps straight quotes, `--` and `...` in Markdown bodies (a post's own `@smart_punctuation` wins)",
        read: SettingKey.flagValue
    )
    static let homePostCount = Setting<Int>(
        "home_post_count", aliases: ["blog_number_of_posts_on_home_page"], defaultValue: 8, emptyIsDefault: false,
        doc: "posts on the home page and on each page of older posts and of a category",
        read: SettingKey.count
    )
    static let feedPostCount = Setting<Int>(
        "feed_post_count", aliases: ["feed_number_of_posts"], defaultValue: 20, emptyIsDefault: false,
        doc: "posts in the feeds",
        read: SettingKey.count
    )
    static let faviconURL = Setting<String?>(
        "favicon_url", defaultValue: nil, shown: "the theme's `favicon.svg`",
        doc: "the page icon (`<link rel=\"icon\">`) and the JSON Feed's `favicon`; a root-relative URL is under the site's path, as every link bake writes",
        read: SettingKey.someText
    )
    static let iconURL = Setting<String?>(
        "icon_url", defaultValue: nil,
        doc: "a larger icon: `<link rel=\"apple-touch-icon\">` and the JSON Feed's `icon`; root-relative as `@favicon_url`",
        read: SettingKey.someText
    )
    static let xmlrpcURL = Setting<String?>(
        "xmlrpc_url", defaultValue: nil,
        expected: "an absolute URL such as http://127.0.0.1:9344/xmlrpc",
        doc: "the metaWeblog endpoint; when set, bake writes `rsd.xml` and an EditURI link on the home page, and every page links the Micropub and IndieAuth endpoints beside it",
        read: SettingKey.someWebURL
    )
    static let micropubURL = Setting<String?>(
        "micropub_url", defaultValue: nil, shown: "beside `@xmlrpc_url`",
        expected: "an absolute URL such as http://127.0.0.1:9344/micropub",
        doc: "the Micropub endpoint, when the shim is reached at another address (an HTTPS proxy); the sign-in endpoints sit beside it (`…/auth`, `…/token`)",
        read: SettingKey.someWebURL
    )
    static let theme = Setting<String?>(
        "theme", defaultValue: nil, shown: "the built-in theme",
        doc: "a theme folder, relative to the blog (e.g. `themes/mine`)",
        read: SettingKey.someText
    )
    static let output = Setting<String>(
        "output", aliases: ["output_folder"], defaultValue: "site",
        doc: "where `bake build` and `bake-metaweblog` write the site, relative to the blog",
        read: SettingKey.text
    )
    static let metaweblogUser = Setting<String?>(
        "metaweblog_user", defaultValue: nil,
        doc: "the user name editors sign in with, for `bake-metaweblog` (below; `BAKE_METAWEBLOG_USER` wins)",
        read: SettingKey.someText
    )
    static let metaweblogPasswordHash = Setting<String?>(
        "metaweblog_password_hash", defaultValue: nil,
        doc: "the bcrypt hash of its password, from `bake-metaweblog hash-password` (`BAKE_METAWEBLOG_PASSWORD_HASH` wins)",
        read: SettingKey.someText
    )
    static let commitChanges = Setting<Bool>(
        "commit_changes", defaultValue: false,
        doc: "`true`: `bake-metaweblog` commits every change to the blog's git repository",
        read: SettingKey.flagValue
    )
    static let deployOnPost = Setting<Bool>(
        "deploy_on_post", defaultValue: false,
        doc: "`true`: `bake-metaweblog` publishes the site after every change, to `@deploy_to`",
        read: SettingKey.flagValue
    )
    static let deployTo = Setting<String?>(
        "deploy_to", aliases: ["rsync_remote_path"], defaultValue: nil,
        doc: "where `bake deploy` publishes (below)",
        read: SettingKey.deployTarget
    )
    static let hostRules = Setting<HostRules?>(
        "host_rules", defaultValue: nil, expected: "netlify or cloudflare",
        doc: "`netlify` or `cloudflare`: the build writes `_redirects` (each old URL of `@aliases` as a 301) and `_headers` (media kept thirty days) for Netlify or Cloudflare Pages",
        read: { HostRules(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased()).map { .some($0) } }
    )
    static let uploadSVG = Setting<Bool>(
        "upload_svg", defaultValue: false,
        doc: "`true`: `bake-metaweblog` takes SVG uploads from editors; an SVG can hold script that runs on the blog's own site, so only for editors and apps you trust",
        read: SettingKey.flagValue
    )
    static let imageWidths = Setting<[Int]>(
        "image_widths", defaultValue: PictureSettings.defaultWidths,
        expected: "widths in pixels from 16 to 8192 separated by commas, such as 480, 800, 1200",
        doc: "the widths, in pixels, of the copies bake makes of each picture (see Pictures); none wider than the picture, and one at its own width",
        read: { PictureSettings.widths($0) }
    )
    static let imageSizes = Setting<String>(
        "image_sizes", defaultValue: PictureSettings.defaultSizes,
        doc: "the pictures' `sizes` attribute: how wide they show at each window width; change it with a theme whose column is not the default one's",
        read: SettingKey.sizes
    )
    static let imageMetadata = Setting<PictureSettings.Metadata>(
        "image_metadata", defaultValue: .strip,
        expected: "strip or keep",
        doc: "`keep`: published pictures keep their EXIF (GPS position, camera, date), XMP and colour profile; by default they carry none",
        read: { PictureSettings.Metadata(rawValue: $0.lowercased()) }
    )
    static let feedImageWidth = Setting<Int>(
        "feed_image_width", defaultValue: 1600, emptyIsDefault: false,
        doc: "the widest copy of a picture the feeds point at, in pixels",
        read: SettingKey.count
    )
    static let webmentions = Setting<Bool>(
        "webmentions", defaultValue: true,
        doc: "`false`: publishing (`bake deploy`, the shim's deploy) sends no webmentions to the pages posts link to (see On the IndieWeb)",
        read: SettingKey.flagValue
    )
    static let websubHub = Setting<String?>(
        "websub_hub", defaultValue: nil,
        expected: "an absolute URL such as https://pubsubhubbub.appspot.com/",
        doc: "a WebSub hub, e.g. `https://pubsubhubbub.appspot.com/`: the feeds name it, and publishing pings it for each feed that changed",
        read: SettingKey.someWebURL
    )
    static let hasBlog = Setting<Bool>(
        "has_blog", defaultValue: true,
        doc: "`false`: a site of pages only; no home list, archive, month pages or feeds, posts are not published, and a `pages/index.markdown` can be the front page",
        read: SettingKey.flagValue
    )
    static let blogRelativePath = Setting<String>(
        "blog_relative_path", defaultValue: "", emptyIsDefault: false,
        expected: "a folder of the site such as blog",
        doc: "a folder of the site for the blog, e.g. `blog`: the home list, archive, months, posts and feeds go under it; pages stay at the site's root, and a `pages/index.markdown` is the site's front page",
        read: SettingKey.blogFolder
    )
    static let outputFileSuffix = Setting<String>(
        "output_file_suffix", defaultValue: ".html", emptyIsDefault: false,
        expected: "a file extension such as .html",
        doc: "the extension of post and page files and their links, e.g. `.htm` or `.php` (the archive, months and home stay `.html`/`index.html`); it cannot be empty, as hosts serve files without an extension as downloads",
        read: SettingKey.fileSuffix
    )
    static let blogHomePageTitle = Setting<String>(
        "blog_home_page_title", defaultValue: "",
        doc: "the home page's `<title>`, before the site's name",
        read: SettingKey.decoded
    )
    static let blogArchiveTitle = Setting<String>(
        "blog_archive_title", defaultValue: "Archive",
        doc: "the archive's heading and its link",
        read: SettingKey.decoded
    )
    static let feedTitle = Setting<String?>(
        "feed_title", defaultValue: nil, shown: "`@site_name`",
        doc: "the feeds' title",
        read: SettingKey.someDecoded
    )
    static let feedAuthorURL = Setting<String?>(
        "feed_author_url", defaultValue: nil,
        doc: "the JSON Feed author's `url`",
        read: SettingKey.someText
    )
    static let feedAuthorAvatarURL = Setting<String?>(
        "feed_author_avatar_url", defaultValue: nil,
        doc: "the JSON Feed author's `avatar`",
        read: SettingKey.someText
    )
    static let feedMediaThumbnail = Setting<String?>(
        "feed_media_thumbnail", defaultValue: nil,
        doc: "the `media:thumbnail` (and JSON Feed `image`) of every item without its own `@mediaThumbnail`",
        read: SettingKey.someText
    )
    static let itunesAuthor = Setting<String?>(
        "itunes_author", defaultValue: nil, shown: "`@author`",
        doc: "the podcast's author (see Podcasts)",
        read: SettingKey.someDecoded
    )
    static let itunesOwnerName = Setting<String?>(
        "itunes_owner_name", defaultValue: nil, shown: "`@author`",
        doc: "the podcast owner's name",
        read: SettingKey.someDecoded
    )
    static let itunesOwnerEmail = Setting<String?>(
        "itunes_owner_email", defaultValue: nil,
        doc: "the podcast owner's email address",
        read: SettingKey.someText
    )
    static let itunesImage = Setting<String?>(
        "itunes_image", defaultValue: nil, shown: "`@feed_media_thumbnail`",
        doc: "the podcast's artwork",
        read: SettingKey.someText
    )
    static let itunesCategory = Setting<String?>(
        "itunes_category", defaultValue: nil,
        doc: "the podcast's Apple Podcasts category, e.g. `Technology`",
        read: SettingKey.someDecoded
    )
    static let itunesSubcategory = Setting<String?>(
        "itunes_subcategory", defaultValue: nil,
        doc: "its subcategory",
        read: SettingKey.someDecoded
    )
    static let itunesExplicit = Setting<Bool>(
        "itunes_explicit", defaultValue: false,
        doc: "whether the podcast is explicit",
        read: SettingKey.flagValue
    )
}

// How the table's values are read: each gives nil for text that cannot be one.
extension SettingKey {
    /// Any text, kept as written.
    static func text(_ text: String) -> String? { text }

    /// Text shown to readers: its character references decoded.
    static func decoded(_ text: String) -> String? { CharacterReferences.decode(text) }

    /// Any text, for a setting that may be unset.
    static func someText(_ text: String) -> String?? { .some(text) }

    /// Text shown to readers, for a setting that may be unset.
    static func someDecoded(_ text: String) -> String?? { .some(CharacterReferences.decode(text)) }

    /// `true`/`false`, `yes`/`no`, `on`/`off` or `1`/`0`, in any case.
    static func flagValue(_ text: String) -> Bool? { flag(text) }

    /// A whole number, 0 or more.
    static func count(_ text: String) -> Int? { Int(text).flatMap { $0 >= 0 ? $0 : nil } }

    /// An absolute `http` or `https` URL.
    static func someWebURL(_ text: String) -> String?? {
        isAbsoluteWebURL(text) ? .some(text) : .none
    }

    /// The site's URL without a trailing slash; it must be an absolute `http` or `https` URL.
    static func siteAddress(_ text: String) -> String? {
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        return url.isEmpty || isAbsoluteWebURL(url) ? url : nil
    }

    /// Where `bake deploy` publishes, trimmed; nil when only spaces.
    static func deployTarget(_ text: String) -> String?? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return .some(trimmed.isEmpty ? nil : trimmed)
    }

    /// 12 names separated by commas, January first, none empty.
    static func monthList(_ text: String) -> [String]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { CharacterReferences.decode($0.trimmingCharacters(in: .whitespaces)) }
        return parts.count == 12 && !parts.contains("") ? parts : nil
    }

    /// The pictures' `sizes`, decoded; only spaces mean the default.
    static func sizes(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? PictureSettings.defaultSizes : CharacterReferences.decode(trimmed)
    }

    /// A folder of the site, `""` or e.g. `blog/`: no `.` or `..` part, no `?`, `#`, `\\` or space.
    static func blogFolder(_ text: String) -> String? {
        let parts = text.split(separator: "/").filter { !$0.isEmpty }
        if parts.contains(where: { $0 == "." || $0 == ".." || $0.contains(where: { $0 == "?" || $0 == "#" || $0 == "\\" || $0.isWhitespace }) }) {
            return nil
        }
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }

    /// A file extension with its dot, letters and digits: `.htm`, or `htm` read as that.
    /// Files without an extension are served as downloads by most hosts, so a suffix is needed.
    static func fileSuffix(_ text: String) -> String? {
        let value = text.hasPrefix(".") ? text : "." + text
        return value.count > 1 && value.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? value : nil
    }

    static func isAbsoluteWebURL(_ text: String) -> Bool {
        WebURL(text) != nil
    }
}
