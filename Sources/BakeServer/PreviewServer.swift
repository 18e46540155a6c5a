import BakeHTTP
import BakeIO
import BakeKit
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// `bake preview`: bakes the blog into a private folder, serves it over HTTP, and rebuilds
/// and reloads the open pages whenever a watched file changes.
///
/// Three services run under one `ServiceGroup`, which shuts them down gracefully on SIGINT
/// and SIGTERM: the watcher and rebuild loop (`Rebuilder`) first, which ends the pages'
/// live-reload streams, then the Hummingbird server. The first build runs before the server
/// starts listening. The output folder is kept when `run()` returns.
///
/// ```swift
/// let options = PreviewOptions(blog: BlogFolder(root: "/blog"), port: 0)
/// let preview = try PreviewServer(options: options) { event in
///     if case .serving(let url) = event { print("Serving at \(url)") }
/// }
/// try await preview.run()   // until Ctrl-C, or until `shutdown()` is called
/// ```
public final class PreviewServer: Sendable {
    /// What preview bakes, where it listens, and how it watches.
    public let options: PreviewOptions
    /// The folder the site is baked into and served from.
    public let output: String
    private let group: ServiceGroup
    private let address: ListeningPort

    /// Prepares the output folder, the watcher and the server; nothing is built or served
    /// until `run()`.
    /// - Parameters:
    ///   - logger: For the server's own messages; the events go to `onEvent`.
    ///   - lines: How a build problem is shown in the pages' overlay; pass what the terminal prints.
    ///   - onEvent: Called with the URL once listening, and after every build.
    public init(
        options: PreviewOptions,
        logger: Logger = PreviewServer.quietLogger,
        lines: @escaping @Sendable (Diagnostic) -> String = { $0.description },
        onEvent: @escaping @Sendable (PreviewEvent) -> Void
    ) throws(PreviewError) {
        self.options = options
        let output = options.output
        self.output = output
        do throws(FileSystemError) {
            try FileIO.createFolders(output)
        } catch {
            throw .cannotCreateOutput(path: output, errno: error.errno)
        }
        guard let folder = SiteFolder(resolving: output) else { throw .cannotCreateOutput(path: output, errno: ENOENT) }
        let watcher = try Self.makeWatcher(options.watching, list: options.watchList(excluding: [output, folder.root]), onEvent: onEvent)
        let basePath = options.configuration.problems.isEmpty ? options.configuration.basePath : ""
        let site = ServedSite(folder: folder, basePath: basePath)
        let broadcaster = ReloadBroadcaster()
        let rebuilder = Rebuilder(
            options: options, output: output, changes: watcher.changes(), site: site,
            broadcaster: broadcaster, lines: lines, report: onEvent
        )
        let address = ListeningPort()
        self.address = address
        let host = options.host
        var application = Application(
            router: Self.makeRouter(site: site, broadcaster: broadcaster),
            server: .http1WithPersistence(),
            configuration: ApplicationConfiguration(address: .hostname(host, port: options.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                let shownHost = host.contains(":") ? "[\(host)]" : host
                onEvent(.serving(url: "http://\(shownHost):\(port)\(basePath)/"))
                await address.set(port)
            },
            logger: logger
        )
        application.beforeServerStarts {
            await rebuilder.build(changes: [])
        }
        group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [application, rebuilder],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ))
    }

    /// Builds, serves and watches until SIGINT, SIGTERM or `shutdown()`.
    public func run() async throws {
        do {
            try await group.run()
        } catch {
            await finish()
            throw error
        }
        await finish()
    }

    /// Stops gracefully: the rebuild loop first, then the server.
    public func shutdown() async {
        await group.triggerGracefulShutdown()
    }

    /// The port the server listens on, once it does (after the first build); nil if preview
    /// stopped first.
    public func port() async -> Int? {
        await address.port()
    }

    /// A logger that shows only the server's warnings and errors.
    public static var quietLogger: Logger {
        var logger = Logger(label: "bake.preview")
        logger.logLevel = .warning
        return logger
    }
}

private extension PreviewServer {
    func finish() async {
        await address.close()
    }

    static func makeWatcher(_ method: WatchMethod, list: WatchList, onEvent: @Sendable (PreviewEvent) -> Void) throws(PreviewError) -> any FileWatcher {
        switch method {
        case .inotify:
            return try InotifyWatcher(list: list)
        case .polling(let interval):
            return PollingWatcher(list: list, interval: interval)
        case .automatic:
            do {
                return try InotifyWatcher(list: list)
            } catch {
                onEvent(.polling(because: error))
                return PollingWatcher(list: list)
            }
        }
    }
}
