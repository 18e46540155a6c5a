import BakeKit

/// What to bake, from where, into where.
public struct BuildOptions: Sendable {
    public let blog: BlogFolder
    /// The output folder, absolute.
    public let output: String
    /// A theme folder to use instead of the one compiled in.
    public let themeFolder: String?
    /// Publish the posts in `drafts/`.
    public let includeDrafts: Bool
    /// Publish posts dated after `now`.
    public let includeFuture: Bool
    /// Mark drafts and future posts on the page (preview).
    public let marksUnpublished: Bool
    /// Ignore what earlier builds recorded and render everything.
    public let clean: Bool
    /// The time of the build.
    public let now: Timestamp

    public init(
        blog: BlogFolder, output: String? = nil, themeFolder: String? = nil,
        includeDrafts: Bool = false, includeFuture: Bool = false, marksUnpublished: Bool = false,
        clean: Bool = false, now: Timestamp
    ) {
        self.blog = blog
        self.output = output ?? blog.defaultOutput
        self.themeFolder = themeFolder
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.marksUnpublished = marksUnpublished
        self.clean = clean
        self.now = now
    }
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
}

/// The stage a build is in, for progress on a terminal.
public enum BuildStage: String, Sendable {
    case reading = "Reading"
    case rendering = "Rendering"
    case writing = "Writing"
}
