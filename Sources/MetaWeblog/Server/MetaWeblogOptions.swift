import BakeIO
import Foundation
import XMLRPC

/// How to run the shim: which blog, where to listen, and the limits on requests.
public struct MetaWeblogOptions: Sendable {
    /// The port editors are told about in the README: 9344.
    public static let defaultPort = 9344
    /// The default body limit, 50 MB: media arrive inside the request as base64.
    public static let defaultMaxBodySize = XMLRPCParser.defaultMaxBodySize
    /// The default depth limit, 64 elements; a metaWeblog call nests 11 deep at most.
    public static let defaultMaxDepth = XMLRPCParser.defaultMaxDepth

    /// The blog to write into, and what its settings and the flags say it bakes into, as
    /// `bake build` would read them.
    public let configuration: BlogConfiguration
    /// The address to listen on; loopback unless `allowRemote`.
    public let host: String
    /// The port; 0 picks a free one (see `MetaWeblogServer.port()`).
    public let port: Int
    /// Whether `host` may be an address other than loopback.
    public let allowRemote: Bool
    /// The largest request body, in bytes; larger ones get HTTP 413. Media arrive inside the
    /// request as base64, so the default is generous: 50 MB.
    public let maxBodySize: Int
    /// The deepest nesting of XML elements accepted.
    public let maxDepth: Int
    /// How long a request's body may take to arrive, from its request line on; a slower or
    /// stalled one gets 408 and its connection closes. Idle connections close after twice as long.
    public let bodyTimeout: Duration
    /// How long a bad login waits before its fault is sent.
    public let loginDelay: Duration
    /// Where `BAKE_METAWEBLOG_USER` and `BAKE_METAWEBLOG_PASSWORD_HASH` are looked up.
    public let environment: [String: String]
    /// Publish the site with rsync after every change, as `@deploy_on_post true` does.
    public let deploy: Bool
    /// The time: what posts are dated by and baked at, and what scheduled posts wait on.
    public let clock: any WallClock
    /// How long after git refused a commit (a Git GUI holds `.git/index.lock`) the shim
    /// first tries it again by itself; each try after waits twice as long, up to 15 s.
    public let commitRetry: Duration

    /// Creates options; `overrides` are the flags `bake build` takes (`--output`, `--theme`, …).
    public init(
        blog: BlogFolder, overrides: BlogConfiguration.Overrides = .init(), host: String = "127.0.0.1", port: Int = MetaWeblogOptions.defaultPort, allowRemote: Bool = false,
        maxBodySize: Int = MetaWeblogOptions.defaultMaxBodySize, maxDepth: Int = MetaWeblogOptions.defaultMaxDepth,
        bodyTimeout: Duration = .seconds(60), loginDelay: Duration = .seconds(1), environment: [String: String] = ProcessInfo.processInfo.environment,
        deploy: Bool = false, clock: any WallClock = SystemWallClock(), commitRetry: Duration = .seconds(1)
    ) {
        self.configuration = BlogConfiguration.load(blog, overrides: overrides)
        self.host = host
        self.port = port
        self.allowRemote = allowRemote
        self.maxBodySize = maxBodySize
        self.maxDepth = maxDepth
        self.bodyTimeout = bodyTimeout
        self.loginDelay = loginDelay
        self.environment = environment
        self.deploy = deploy
        self.clock = clock
        self.commitRetry = commitRetry
    }

    /// The blog to write into.
    public var blog: BlogFolder { configuration.blog }

    /// Whether `host` is a loopback address: `localhost`, `127.0.0.0/8` or `::1` (see `BakeIO.isLoopback`).
    public var isLoopback: Bool {
        BakeIO.isLoopback(host)
    }
}
