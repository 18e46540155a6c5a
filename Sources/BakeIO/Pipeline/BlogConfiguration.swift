import BakeKit
import Foundation

/// Everything that decides what a blog bakes into and how: its settings, theme folder, output
/// folder, base path, and whether drafts and future posts are published.
///
/// Loaded in one place, `load(_:overrides:)`, for `bake build`, `bake preview` and
/// `bake-metaweblog` alike, so the three make the same site from the same blog. `site.settings`
/// may name `@theme` and `@output` (folders relative to the blog); flags given on the command
/// line override them for that run.
///
/// ```swift
/// let configuration = BlogConfiguration.load(BlogFolder(root: "/blog"), overrides: .init(theme: "/themes/plain"))
/// configuration.output   // "/blog/site", or the blog's `@output`
/// ```
public struct BlogConfiguration: Sendable, Hashable {
    /// What the command line said, each nil where it said nothing.
    public struct Overrides: Sendable, Hashable {
        /// The output folder, absolute.
        public var output: String?
        /// A theme folder, absolute.
        public var theme: String?
        /// Publish the posts in `drafts/`.
        public var includeDrafts: Bool
        /// Publish posts dated after the build's time.
        public var includeFuture: Bool

        public init(output: String? = nil, theme: String? = nil, includeDrafts: Bool = false, includeFuture: Bool = false) {
            self.output = output
            self.theme = theme
            self.includeDrafts = includeDrafts
            self.includeFuture = includeFuture
        }
    }

    public let blog: BlogFolder
    /// The checked settings; stand-ins (with the file's time zone, when readable) if `problems` is not empty.
    public let settings: SiteSettings
    /// What is wrong with `site.settings`, by line; a build with any problem fails.
    public let problems: [Diagnostic]
    /// Lines of `site.settings` bake ignores, such as a misspelt key; the build goes on.
    public let warnings: [Diagnostic]
    /// The theme folder, absolute; nil for the theme compiled into bake.
    public let themeFolder: String?
    /// The output folder, absolute.
    public let output: String
    public let includeDrafts: Bool
    public let includeFuture: Bool
    /// What this was loaded with, so a later load (after the settings change) reads the same flags.
    public let overrides: Overrides

    /// The path part of the site's URL, "" or e.g. `/blog`.
    public var basePath: String { settings.basePath }

    /// Reads `site.settings` and resolves every folder. Never throws: problems with the
    /// settings are kept in `problems`, so that a build can report them together with those
    /// of the posts.
    public static func load(_ blog: BlogFolder, overrides: Overrides = Overrides()) -> BlogConfiguration {
        var problems: [Diagnostic] = []
        var metadata: PostMetadata?
        var settings: SiteSettings?
        var warnings: [Diagnostic] = []
        do {
            let parsed = try MetadataParser().parseSettings(try FileIO.read(blog.settingsPath))
            metadata = SettingAliases.resolve(parsed.metadata)
            warnings = SettingAliases.warnings(for: parsed.metadata)
            problems += parsed.errors.map { $0.diagnostic(path: "site.settings") }
            settings = try SiteSettings(metadata: parsed.metadata)
        } catch let error as FileSystemError {
            problems.append(Diagnostic(path: "site.settings", line: nil, message: "cannot read the settings (\(error.reason)); expected a site.settings file in \(blog.root)"))
        } catch let error as MetadataError {
            problems.append(error.diagnostic(path: "site.settings"))
        } catch let error as MetadataErrors {
            problems += error.diagnostics(path: "site.settings")
            problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        } catch {
            problems.append(Diagnostic(path: "site.settings", line: nil, message: "\(error)"))
        }
        if !problems.isEmpty { settings = nil }

        let theme = overrides.theme ?? folder(SettingKey.theme.key, in: metadata, blog: blog, mustExist: true, problems: &problems)
        let output = overrides.output ?? folder(SettingKey.output.key, in: metadata, blog: blog, mustExist: false, problems: &problems) ?? blog.defaultOutput
        return BlogConfiguration(
            blog: blog, settings: settings ?? standIn(metadata), problems: problems, warnings: warnings, themeFolder: theme, output: output,
            includeDrafts: overrides.includeDrafts, includeFuture: overrides.includeFuture, overrides: overrides
        )
    }

    /// This configuration, or the problems with the settings as a failure.
    public func checked() throws(BuildFailure) -> BlogConfiguration {
        if !problems.isEmpty { throw BuildFailure(problems) }
        return self
    }

    /// The same blog and flags, with the settings read again.
    public func reloaded() -> BlogConfiguration {
        Self.load(blog, overrides: overrides)
    }
}

private extension BlogConfiguration {
    /// A folder named by a setting, relative to the blog (or absolute).
    static func folder(_ setting: SettingKey, in metadata: PostMetadata?, blog: BlogFolder, mustExist: Bool, problems: inout [Diagnostic]) -> String? {
        let key = setting.name
        guard let field = metadata?.field(key), !field.value.isEmpty else { return nil }
        let joined = field.value.hasPrefix("/") ? field.value : blog.root + "/" + field.value
        let path = URL(fileURLWithPath: joined).standardizedFileURL.path
        if path == blog.root || blog.root.hasPrefix(path + "/") {
            problems.append(Diagnostic(path: "site.settings", line: field.line, message: "@\(key) `\(field.value)` is the blog folder or holds it; expected a folder inside the blog such as `site`"))
            return nil
        }
        if mustExist, !FileIO.isFolder(path) {
            problems.append(Diagnostic(path: "site.settings", line: field.line, message: "@\(key) `\(field.value)` is not a folder; expected a theme folder with templates/ and static/, relative to the blog"))
            return nil
        }
        return path
    }

    /// Settings to read posts with when `site.settings` itself is broken: its time zone if
    /// that line is good, else UTC.
    static func standIn(_ metadata: PostMetadata?) -> SiteSettings {
        var zone = "UTC"
        if let value = metadata?[SettingKey.timeZone.name], SettingKey.timeZone.read(value) != nil { zone = value }
        let fields = [(SettingKey.siteName.name, "stand-in"), (SettingKey.siteURL.name, "https://example.invalid"), (SettingKey.timeZone.name, zone)]
        // These values are valid by construction.
        return try! SiteSettings(metadata: PostMetadata(fields: fields.enumerated().map { .init(key: $1.0, value: $1.1, line: $0 + 1) }))
    }
}
