import BakeKit

/// The paths of a blog folder: `site.settings`, `posts/`, `pages/`, `drafts/`, `static/`,
/// `templates/`, and the default output folder `site/`.
public struct BlogFolder: Sendable, Hashable {
    /// The blog folder, absolute and without a trailing slash.
    public let root: String

    public init(root: String) {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
    }

    public var settingsPath: String { root + "/site.settings" }
    public var defaultOutput: String { root + "/" + SettingKey.output.defaultValue }

    // What bake keeps between runs, all of it in `.bake-cache/` and named here, once. Any of
    // it may be deleted: the next run makes it again (the webmention record then starts a new
    // baseline, sending nothing for the posts it records).

    /// Where builds keep what they learned about the sources; safe to delete.
    public var cachePath: String { root + "/.bake-cache/sources" }
    /// What the last scan of a source folder (`posts`, `pages`, `drafts`) found: see `TreeRecord`.
    func treeRecordPath(_ folder: String) -> String { root + "/.bake-cache/tree-" + folder }
    /// Where the body HTML of the cached sources is kept (see `BodyCache`).
    var bodyCachePath: String { root + "/.bake-cache/bodies" }
    /// The rendered list entries of the last builds: see `EntryStore`.
    var entryCachePath: String { root + "/.bake-cache/entries" }
    /// Which Pygments highlights code: see `PygmentsInstallation`.
    var highlighterPath: String { root + "/.bake-cache/highlighter" }
    /// Where Python's pagefind-bin keeps Pagefind, as the `python3` on the PATH said: see `Pagefind.locate`.
    var pagefindPath: String { root + "/.bake-cache/pagefind" }
    /// Highlighted code blocks: see `HighlightCache`.
    var highlightCachePath: String { root + "/.bake-cache/highlights" }
    /// The resized variants of the blog's pictures: see `ImageCache`.
    var imageCachePath: String { root + "/.bake-cache/images" }
    /// Where `bake check --external` keeps the links to other sites that answered: see `LinkCache`.
    public var linkCachePath: String { root + "/.bake-cache/links" }
    /// Which webmentions publishing has sent: see `SentWebmentions`.
    public var webmentionRecordPath: String { root + "/.bake-cache/webmentions.json" }
    /// The list of files last published to each deploy target, by a hash of its name: see `PublishedFiles`.
    func deployRecordPath(target hash: String) -> String { root + "/.bake-cache/deploy/" + hash }
    /// Where `bake preview` bakes unless told otherwise: never `site/`, where drafts must not
    /// leak, and kept between runs so the next preview starts with an incremental build.
    public var previewOutput: String { root + "/.bake-cache/preview" }

    /// An absolute path inside the blog for a relative one.
    public func path(_ relative: String) -> String { root + "/" + relative }

    /// Whether the folder holds a `site.settings`.
    public var hasSettings: Bool { FileIO.exists(settingsPath) }

    /// The blog's `site.settings`, read and checked as `BlogConfiguration` reads them;
    /// problems name `site.settings` and a line.
    public func settings() throws(BuildFailure) -> SiteSettings {
        try BlogConfiguration.load(self).checked().settings
    }
}
