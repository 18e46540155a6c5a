import BakeIO

/// What `bake preview` bakes, where it listens, and how it notices changes.
public struct PreviewOptions: Sendable {
    /// The blog, read as `bake build` reads it, but baked into `output`: by default
    /// `<blog>/.bake-cache/preview`, which is kept between runs so a new preview starts
    /// incrementally, and never `site/`, where drafts must not leak.
    public let configuration: BlogConfiguration
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
    /// The clock those two are measured by; tests pass one they move by hand.
    public let clock: any Clock<Duration>
    /// The time of day: what the builds take as now, and what the next post dated in the
    /// future is waited for on (the site is rebuilt when its time comes).
    public let wallClock: any WallClock

    /// Options with the defaults of `bake preview`: 127.0.0.1:8080, inotify where available,
    /// 80 ms of quiet before a rebuild, and never more than a second of waiting.
    public init(
        configuration: BlogConfiguration,
        host: String = "127.0.0.1", port: Int = 8080, watching: WatchMethod = .automatic,
        quietPeriod: Duration = .milliseconds(80), maximumDelay: Duration = .seconds(1), clock: any Clock<Duration> = ContinuousClock(),
        wallClock: any WallClock = SystemWallClock()
    ) {
        self.configuration = configuration
        self.wallClock = wallClock
        self.host = host
        self.port = port
        self.watching = watching
        self.quietPeriod = quietPeriod
        self.maximumDelay = maximumDelay
        self.clock = clock
    }

    /// Options for `blog` as its settings and these flags make it, baked into `output` or
    /// the blog's preview folder.
    public init(
        blog: BlogFolder, output: String? = nil, themeFolder: String? = nil,
        includeDrafts: Bool = false, includeFuture: Bool = false,
        host: String = "127.0.0.1", port: Int = 8080, watching: WatchMethod = .automatic,
        quietPeriod: Duration = .milliseconds(80), maximumDelay: Duration = .seconds(1), clock: any Clock<Duration> = ContinuousClock(),
        wallClock: any WallClock = SystemWallClock()
    ) {
        let overrides = BlogConfiguration.Overrides(
            output: output ?? blog.previewOutput, theme: themeFolder, includeDrafts: includeDrafts, includeFuture: includeFuture
        )
        self.init(
            configuration: .load(blog, overrides: overrides), host: host, port: port, watching: watching,
            quietPeriod: quietPeriod, maximumDelay: maximumDelay, clock: clock, wallClock: wallClock
        )
    }

    public var blog: BlogFolder { configuration.blog }
    /// The folder preview bakes into and serves, absolute.
    public var output: String { configuration.output }
    /// The theme folder, watched too; nil for the built-in theme.
    public var themeFolder: String? { configuration.themeFolder }
    public var includeDrafts: Bool { configuration.includeDrafts }
    public var includeFuture: Bool { configuration.includeFuture }

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
