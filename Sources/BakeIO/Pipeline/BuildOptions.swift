import BakeKit

/// What to bake, from where, into where.
public struct BuildOptions: Sendable {
    /// The blog, its settings and its folders.
    public let configuration: BlogConfiguration
    /// Mark drafts and future posts on the page (preview).
    public let marksUnpublished: Bool
    /// Ignore what earlier builds recorded and render everything.
    public let clean: Bool
    /// The time of the build.
    public let now: Timestamp
    /// The paths (relative to the blog) that changed since the last build with the same
    /// `BuildMemory`, when the caller knows them, as preview's watcher does: the build looks
    /// at these again instead of walking the source and output trees. Nil walks.
    public let changedPaths: [String]?
    /// How the blog's folders are listed; tests pass one that fails.
    public let fileSystem: any FileTreeSystem
    /// When a site with `@search true` runs Pagefind.
    public let search: SearchIndexing
    /// The environment Pagefind is looked for in (its PATH); nil for this process's.
    public let environment: [String: String]?
    /// The Python that highlights code with Pygments; tests pass one without it.
    public let highlighter: HighlighterSetup
    /// Whether a post that shows a picture bake cannot read (a damaged upload copied in by
    /// hand) is published all the same, the picture as it is, with a warning that names it:
    /// the editors' server bakes so, so that one file never stops every later post. `bake
    /// build` fails instead, at the line that shows it.
    public let publishesPastUnreadablePictures: Bool

    public init(
        configuration: BlogConfiguration, marksUnpublished: Bool = false, clean: Bool = false, now: Timestamp,
        changedPaths: [String]? = nil, fileSystem: any FileTreeSystem = SystemFileTree(),
        search: SearchIndexing = .whenPagesChange, environment: [String: String]? = nil,
        highlighter: HighlighterSetup = .standard, publishesPastUnreadablePictures: Bool = false
    ) {
        self.publishesPastUnreadablePictures = publishesPastUnreadablePictures
        self.configuration = configuration
        self.marksUnpublished = marksUnpublished
        self.clean = clean
        self.now = now
        self.changedPaths = changedPaths
        self.fileSystem = fileSystem
        self.search = search
        self.environment = environment
        self.highlighter = highlighter
    }

    /// Options for `blog`, loading its configuration with these overrides.
    public init(
        blog: BlogFolder, output: String? = nil, themeFolder: String? = nil,
        includeDrafts: Bool = false, includeFuture: Bool = false, marksUnpublished: Bool = false,
        clean: Bool = false, now: Timestamp, fileSystem: any FileTreeSystem = SystemFileTree(), highlighter: HighlighterSetup = .standard
    ) {
        let overrides = BlogConfiguration.Overrides(output: output, theme: themeFolder, includeDrafts: includeDrafts, includeFuture: includeFuture)
        self.init(configuration: .load(blog, overrides: overrides), marksUnpublished: marksUnpublished, clean: clean, now: now,
                  fileSystem: fileSystem, highlighter: highlighter)
    }

    public var blog: BlogFolder { configuration.blog }
    /// The output folder, absolute.
    public var output: String { configuration.output }
    /// A theme folder to use instead of the one compiled in.
    public var themeFolder: String? { configuration.themeFolder }
    /// Publish the posts in `drafts/`.
    public var includeDrafts: Bool { configuration.includeDrafts }
    /// Publish posts dated after `now`.
    public var includeFuture: Bool { configuration.includeFuture }
}

/// What a build did.
public struct BuildSummary: Sendable, Hashable {
    public let posts: Int
    public let pages: Int
    /// Files written because they are new or their bytes changed.
    public let written: [String]
    /// Files left as they were.
    public let unchanged: Int
    /// Files of earlier builds that this one no longer makes, now removed.
    public let removed: [String]
    /// Files that were rendered (the rest were known to be unchanged without rendering).
    public let rendered: Int
    /// List entries (a post as a list page shows it) that were rendered; the rest were kept
    /// from earlier builds or from another list of this one.
    public let entriesRendered: Int
    /// What the site's readers or directories will miss, though the build went through:
    /// settings a podcast needs, code left unhighlighted, a picture bake cannot read (with
    /// `publishesPastUnreadablePictures`). Empty when nothing changed since
    /// the last build.
    public internal(set) var warnings: [Diagnostic] = []
    /// How many pages Pagefind indexed, when the build ran it (`@search true`).
    public internal(set) var searchIndexed: Int?
    /// The bundles of the search index Pagefind made again (`2014`, `pages`; see Search in
    /// the README), sorted; empty when it did not run.
    public internal(set) var searchBundlesIndexed: [String] = []
    /// When the next post dated in the future goes live, as the posts read now say: a build
    /// at that time publishes it. Nil when no post is dated after the build's time.
    public internal(set) var nextScheduled: Timestamp?
    /// How many resized copies of pictures the build encoded: 0 when every picture's were
    /// made by an earlier one.
    public internal(set) var picturesEncoded = 0

    public init(posts: Int, pages: Int, written: [String], unchanged: Int, removed: [String], rendered: Int,
                entriesRendered: Int = 0, warnings: [Diagnostic] = []) {
        self.posts = posts
        self.pages = pages
        self.written = written
        self.unchanged = unchanged
        self.removed = removed
        self.rendered = rendered
        self.entriesRendered = entriesRendered
        self.warnings = warnings
    }
}

/// The stage a build is in, for progress on a terminal.
public enum BuildStage: String, Sendable {
    /// Reading the sources and planning the site.
    case reading = "Reading"
    /// Working out which pages changed, then rendering and writing them a batch at a time.
    case rendering = "Rendering and writing"
}
