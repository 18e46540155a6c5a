import BakeHTTP
import BakeIO
import BakeKit
import BakeLinks
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import XMLRPC

/// `bake-metaweblog`: a local server through which blog editors write posts into a bake
/// blog, over XML-RPC (metaWeblog, for MarsEdit) and Micropub (with IndieAuth sign-in, for
/// iA Writer, the Micro.blog apps, Quill …), re-baking the site after every change.
///
/// Two services run under one `ServiceGroup`, which shuts them down gracefully on SIGINT and
/// SIGTERM: the Hummingbird server first, which finishes the calls under way, then the blog's
/// one writer, which finishes the changes queued.
///
/// ```swift
/// let server = try await MetaWeblogServer(options: MetaWeblogOptions(blog: BlogFolder(root: "/blog"), port: 0)) { event in
///     if case .listening(let url) = event { print("Listening at \(url)") }
/// }
/// try await server.run()   // until Ctrl-C, or until `shutdown()` is called
/// ```
public final class MetaWeblogServer: Sendable {
    /// How the server runs.
    public let options: MetaWeblogOptions
    /// What it read from `site.settings` and the environment.
    public let configuration: ShimConfiguration
    private let group: ServiceGroup
    private let listening: ListeningPort

    /// Reads the settings and prepares the server; nothing listens until `run()`.
    /// - Parameters:
    ///   - logger: For the server's own messages; what happens to the blog goes to `onEvent`.
    ///   - onEvent: Told when the server listens, and of every change, failed bake and bad login.
    public init(
        options: MetaWeblogOptions,
        logger: Logger = MetaWeblogServer.quietLogger,
        onEvent: @escaping @Sendable (MetaWeblogEvent) -> Void = { _ in }
    ) async throws(ShimConfigurationError) {
        guard options.allowRemote || options.isLoopback else {
            throw ShimConfigurationError(.remoteHostNotAllowed(host: options.host))
        }
        let configuration = try ShimConfiguration(configuration: options.configuration, environment: options.environment)
        self.options = options
        self.configuration = configuration
        var git: GitRepository?
        if configuration.commitChanges {
            do {
                git = try await GitRepository.open(folder: options.blog.root)
            } catch {
                throw ShimConfigurationError(.git(error))
            }
        }
        // Read on each request, as each bake reads the settings again.
        let zone = SettingsTimeZone(blog: options.blog, zone: configuration.site.timeZone)
        let tree = BlogTree(blog: options.blog, timeZone: { zone.current })
        let blogConfiguration = options.configuration
        // Each bake after a post starts from what the last one parsed.
        let memory = BuildMemory()
        // The settings as they are now, with the same flags: what `bake build` would bake,
        // and then publish.
        let clock = options.clock
        let environment = options.environment
        // Pagefind is found on the shim's PATH, as curl and rsync are.
        let buildOptions = { @Sendable in BuildOptions(configuration: blogConfiguration.reloaded(), now: clock.now(), environment: environment,
                                                                  publishesPastUnreadablePictures: true) }
        let publish = try MetaWeblogServer.publisher(
            deploys: options.deploy || configuration.deployOnPost, configuration: blogConfiguration,
            remoteShell: Rsync.unattendedShell(options.environment["RSYNC_RSH"])
        )
        // A post that came due while the shim was stopped is baked at start.
        let firstScheduled = SiteWriter(output: buildOptions().output).recordedSchedule()
        let writer = BlogWriter(tree: tree, git: git, bake: { () async throws(BuildFailure) -> (summary: BuildSummary, index: SearchFollowUp?) in
            try await SiteBuilder(options: buildOptions(), memory: memory).buildLeavingTheIndex()
        }, publish: publish, announce: Self.announcer(configuration: blogConfiguration, environment: options.environment, clock: clock, onEvent: onEvent),
            clock: clock, firstScheduled: firstScheduled, firstCommitRetry: options.commitRetry, report: onEvent)
        let methods = MethodTable.standard
        // Three checks, each with its own back-off: editors' XML-RPC logins, the sign-in
        // page's passwords, and the tokens of Micropub and GET /token.
        let delay = options.loginDelay
        let context = MethodContext(
            configuration: configuration, tree: tree, writer: writer,
            login: LoginCheck(credentials: configuration.credentials, delay: delay), methodNames: methods.names,
            report: onEvent, now: { clock.now() },
            pictures: PictureCheck(blog: options.blog, settings: configuration.site.pictures)
        )
        let tokenCheck = TokenCheck(store: TokenStore(blog: options.blog), delay: delay)
        let router = Self.makeRouter(
            xmlrpc: XMLRPCEndpoint(
                parser: XMLRPCParser(maxBodySize: options.maxBodySize, maxDepth: options.maxDepth),
                methods: methods, context: context
            ),
            micropub: MicropubEndpoint(context: context, tokens: tokenCheck, maxBodySize: options.maxBodySize),
            indieAuth: IndieAuthEndpoint(
                context: context, tokens: TokenStore(blog: options.blog), codes: AuthorizationCodes(),
                tokenCheck: tokenCheck, login: LoginCheck(credentials: configuration.credentials, delay: delay),
                redirects: PublishedRedirects(curl: try? Curl.find(environment: options.environment)),
                maxFormSize: min(IndieAuthEndpoint.maxBodySize, options.maxBodySize)
            )
        )
        let listening = ListeningPort()
        self.listening = listening
        let host = options.host
        let bodyTimeout = TimeAmount(options.bodyTimeout)
        let maxBodySize = options.maxBodySize
        let application = Application(
            router: router,
            server: .http1WithPersistence(configuration: HTTP1Channel.Configuration(
                additionalChannelHandlers: [RequestBodyLimit(maxBodySize: maxBodySize, bodyTimeout: bodyTimeout)],
                // Longer than the body's deadline, so a stalled body gets its 408 first.
                idleTimeout: bodyTimeout * 2
            )),
            configuration: ApplicationConfiguration(address: .hostname(host, port: options.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                await listening.set(port)
                let shownHost = host.contains(":") ? "[\(host)]" : host
                onEvent(.listening(url: "http://\(shownHost):\(port)\(ShimRoutes.xmlrpc)"))
            },
            logger: logger
        )
        // Services stop in reverse order: the server first, then the writer it calls.
        group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [writer, application],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ))
    }

    /// Serves until SIGINT, SIGTERM or `shutdown()`. First removes the temp files that a
    /// killed writer left in `posts/`, `drafts/` and `static/media/`, where uploads are written
    /// (see `StaleTempFiles`): a killed upload's can be tens of megabytes.
    public func run() async throws {
        for folder in PostTree.folders + [Self.mediaFolder] {
            StaleTempFiles.remove(in: options.blog.path(folder))
        }
        do {
            try await group.run()
        } catch {
            await listening.close()
            throw error
        }
        await listening.close()
    }

    /// Where editors' uploads are written (see `NewMediaObject`).
    static let mediaFolder = "static/media"

    /// Stops gracefully: the server first, then the writer.
    public func shutdown() async {
        await group.triggerGracefulShutdown()
    }

    /// The port the server listens on, once it does; nil if it stopped first.
    public func port() async -> Int? {
        await listening.port()
    }

    /// Publishes the output to the blog's `@deploy_to` after each bake, when `deploys`: as the
    /// settings are then, like the bake before it, so an edited `@deploy_to` or `@output`
    /// takes effect without a restart. A target that cannot be used stops the shim at start.
    /// No one is at a terminal to answer ssh, so it runs unattended (`remoteShell`): a target
    /// that asks for a password fails at once, saying it needs a key, rather than hang.
    private static func publisher(deploys: Bool, configuration: BlogConfiguration, remoteShell: String) throws(ShimConfigurationError) -> BlogWriter.Publish? {
        guard deploys else { return nil }
        let rsync: Rsync
        do throws(DeployError) {
            let target = try SiteDeployer(configuration: configuration, rsync: Rsync(executable: "rsync"), remoteShell: remoteShell).target
            rsync = try SiteDeployer.rsync(for: target)
        } catch {
            throw ShimConfigurationError(.deploy(error))
        }
        return { () async throws(DeployError) -> DeploySummary in
            try await SiteDeployer(configuration: configuration.reloaded(), rsync: rsync, remoteShell: remoteShell).deploy()
        }
    }

    /// After each publish: the webmentions and WebSub pings, as the settings are then.
    private static func announcer(
        configuration: BlogConfiguration, environment: [String: String], clock: any WallClock,
        onEvent: @escaping @Sendable (MetaWeblogEvent) -> Void
    ) -> BlogWriter.Announce {
        let curl = try? Curl.find(environment: environment)
        return { summary in
            let announcer = Announcer(configuration: configuration.reloaded(), curl: curl, now: clock.now())
            onEvent(.announced(await announcer.announce(published: summary.sent)))
        }
    }

    /// A logger that shows only the server's warnings and errors.
    public static var quietLogger: Logger {
        var logger = Logger(label: "bake.metaweblog")
        logger.logLevel = .warning
        return logger
    }
}
