/// Where the blog's files go in the site, from Wildcat's settings: `has_blog`,
/// `blog_relative_path` and `output_file_suffix`, and the titles of the home page and archive.
///
/// `SitePaths` makes every path of the site from it.
public struct SiteLayout: Sendable, Hashable {
    /// False for a site of pages only (`@has_blog false`): no home list, archive or feeds of posts.
    public let hasBlog: Bool
    /// The folder of the blog inside the site, "" or e.g. `blog/`.
    public let blogFolder: String
    /// The extension of post and page files, `.html` unless `@output_file_suffix` says another.
    public let fileSuffix: String
    /// The home page's title, "" for the site's name alone.
    public let homeTitle: String
    /// The archive page's title.
    public let archiveTitle: String

    public init(
        hasBlog: Bool = SettingKey.hasBlog.defaultValue, blogFolder: String = SettingKey.blogRelativePath.defaultValue,
        fileSuffix: String = SettingKey.outputFileSuffix.defaultValue, homeTitle: String = SettingKey.blogHomePageTitle.defaultValue,
        archiveTitle: String = SettingKey.blogArchiveTitle.defaultValue
    ) {
        self.hasBlog = hasBlog
        self.blogFolder = blogFolder
        self.fileSuffix = fileSuffix
        self.homeTitle = homeTitle
        self.archiveTitle = archiveTitle
    }

    /// Reads the layout settings, each through its declaration.
    init(settings: inout SettingReader) {
        self.init(
            hasBlog: settings.read(SettingKey.hasBlog), blogFolder: settings.read(SettingKey.blogRelativePath),
            fileSuffix: settings.read(SettingKey.outputFileSuffix), homeTitle: settings.read(SettingKey.blogHomePageTitle),
            archiveTitle: settings.read(SettingKey.blogArchiveTitle)
        )
    }
}
