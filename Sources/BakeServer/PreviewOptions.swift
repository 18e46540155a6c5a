import BakeIO

/// What `bake preview` bakes, where it listens, and how it notices changes.
public struct PreviewOptions: Sendable {
    /// The blog to bake and watch.
    public let blog: BlogFolder
    /// Where to bake, absolute; nil for `<blog>/.bake-cache/preview`, which is kept between
    /// runs so a new preview starts incrementally.
    public let output: String?
    /// A theme folder to use instead of the one compiled in; watched too.
    public let themeFolder: String?
    /// Publish and watch the posts in `drafts/`.
    public let includeDrafts: Bool
    /// Publish posts dated after now.
    public let includeFuture: Bool
    /// The address to listen on.
    public let host: String
    /// The port to listen on; 0 lets the system pick a free one.
    public let port: Int
    /// How to notice changes.
    public let watching: WatchMethod
    /// How long the files must stay quiet after a change before a rebuild starts.
    public let quietPeriod: Duration
    /// The longest a rebuild waits for a burst of changes to end.
    public let maximumDelay: Duration

    /// Options with the defaults of `bake preview`: 127.0.0.1:8080, inotify where available,
    /// 80 ms of quiet before a rebuild, and never more than a second of waiting.
    public init(
        blog: BlogFolder, output: String? = nil, themeFolder: String? = nil,
        includeDrafts: Bool = false, includeFuture: Bool = false,
        host: String = "127.0.0.1", port: Int = 8080, watching: WatchMethod = .automatic,
        quietPeriod: Duration = .milliseconds(80), maximumDelay: Duration = .seconds(1)
    ) {
        self.blog = blog
        self.output = output
        self.themeFolder = themeFolder
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.host = host
        self.port = port
        self.watching = watching
        self.quietPeriod = quietPeriod
        self.maximumDelay = maximumDelay
    }

    /// The files and folders a build reads: the post folders, `static/`, `templates/`,
    /// the theme and `site.settings`. The output folder (under each of its names) is left out,
    /// even when it lies inside one of them.
    public func watchList(excluding outputs: [String]) -> WatchList {
        var folders = ["posts", "pages", "static", "templates"].map(blog.path)
        if includeDrafts { folders.append(blog.path("drafts")) }
        if let themeFolder { folders.append(themeFolder) }
        return WatchList(base: blog.root, folders: folders, files: [blog.settingsPath], excluded: outputs)
    }
}
