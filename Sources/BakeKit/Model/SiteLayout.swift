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

    public init(hasBlog: Bool = true, blogFolder: String = "", fileSuffix: String = ".html", homeTitle: String = "", archiveTitle: String = "Archive") {
        self.hasBlog = hasBlog
        self.blogFolder = blogFolder
        self.fileSuffix = fileSuffix
        self.homeTitle = homeTitle
        self.archiveTitle = archiveTitle
    }

    /// Reads the layout settings, adding a problem for each bad line to `errors`.
    init(metadata: PostMetadata, errors: inout [MetadataError]) {
        var hasBlog = true
        if let field = metadata.field(SettingKey.hasBlog.name), !field.value.isEmpty {
            if let value = SettingKey.flag(field.value) {
                hasBlog = value
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: SettingKey.hasBlog.name, value: field.value, expected: SettingKey.hasBlog.expected)))
            }
        }
        var folder = ""
        if let field = metadata.field(SettingKey.blogRelativePath.name) {
            let parts = field.value.split(separator: "/").filter { !$0.isEmpty }
            if parts.contains(where: { $0 == "." || $0 == ".." || $0.contains(where: { $0 == "?" || $0 == "#" || $0 == "\\" || $0.isWhitespace }) }) {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: SettingKey.blogRelativePath.name, value: field.value, expected: "a folder of the site such as blog")))
            } else if !parts.isEmpty {
                folder = parts.joined(separator: "/") + "/"
            }
        }
        var suffix = ".html"
        if let field = metadata.field(SettingKey.outputFileSuffix.name) {
            // Files without an extension are served as downloads by most hosts, so a suffix is needed.
            let value = field.value.hasPrefix(".") ? field.value : "." + field.value
            if value.count > 1, value.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                suffix = value
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: SettingKey.outputFileSuffix.name, value: field.value, expected: "a file extension such as .html")))
            }
        }
        self.init(
            hasBlog: hasBlog, blogFolder: folder, fileSuffix: suffix,
            homeTitle: CharacterReferences.decode(metadata[SettingKey.blogHomePageTitle.name] ?? ""),
            archiveTitle: metadata[SettingKey.blogArchiveTitle.name].flatMap { $0.isEmpty ? nil : CharacterReferences.decode($0) } ?? "Archive"
        )
    }
}
