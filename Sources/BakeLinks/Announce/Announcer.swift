import BakeIO
import BakeKit
import Foundation

/// What a publish tells the rest of the web, once the site is up: the webmentions its new,
/// changed and removed posts owe (`WebmentionSender`, unless `@webmentions false`), and a
/// WebSub ping to `@websub_hub` for each feed the publish changed (`hub.mode=publish`).
///
/// Nothing outside the machine is reached but here, after a successful publish. Every failure
/// is a warning naming the URL and what answered; it never fails the publish.
///
/// ```swift
/// let report = await Announcer(configuration: configuration, curl: try? Curl.find(), now: Timestamp(Date()))
///     .announce(published: deploySummary.sent)
/// report.lines.forEach { print($0) }
/// ```
public struct Announcer: Sendable {
    public struct Report: Sendable, Hashable {
        public var webmentions = WebmentionSender.Report()
        /// The feed URLs the hub was told of.
        public var pinged: [String] = []
        public var warnings: [String] = []

        public init(webmentions: WebmentionSender.Report = WebmentionSender.Report(), pinged: [String] = [], warnings: [String] = []) {
            self.webmentions = webmentions
            self.pinged = pinged
            self.warnings = warnings
        }

        /// One line for each webmention sent and feed pinged, for the terminal or the log.
        public var lines: [String] {
            var lines: [String] = []
            if let count = webmentions.recordedPosts {
                lines.append("Webmentions: recorded the \(count) published post\(count == 1 ? "" : "s") as they are; from now on, new, changed and removed posts send them")
            }
            lines += webmentions.sent.map { "Webmention sent: \($0.source) → \($0.target) (\($0.status))" }
            lines += pinged.map { "WebSub hub told of \($0)" }
            return lines
        }
    }

    public let configuration: BlogConfiguration
    public let curl: Curl?
    public let now: Timestamp
    public let timeout: Duration

    public init(configuration: BlogConfiguration, curl: Curl?, now: Timestamp, timeout: Duration = .seconds(20)) {
        self.configuration = configuration
        self.curl = curl
        self.now = now
        self.timeout = timeout
    }

    /// After a publish that sent `published` (paths in the site): sends the webmentions and
    /// pings the hub for the feeds among them.
    public func announce(published: [String]) async -> Report {
        var report = Report()
        guard let settings = try? configuration.checked().settings else { return report }
        let feeds = published.filter(Self.isFeed).sorted()
        guard settings.webmentions || (settings.websubHub != nil && !feeds.isEmpty) else { return report }
        guard let curl else {
            report.warnings.append("curl is not installed, so no webmentions or WebSub pings were sent; install curl (e.g. apt-get install curl)")
            return report
        }
        if settings.webmentions {
            do {
                report.webmentions = try await WebmentionSender(configuration: configuration, curl: curl, now: now, timeout: timeout).send()
                report.warnings += report.webmentions.warnings
            } catch {
                report.warnings += error.diagnostics.map { "Webmentions not sent: \($0)" }
            }
        }
        if let hub = settings.websubHub {
            for feed in feeds {
                let url = settings.url + "/" + feed
                switch await curl.post(hub, form: [("hub.mode", "publish"), ("hub.url", url)], timeout: timeout, userAgent: WebmentionSender.userAgent) {
                case .status(let status, _) where (200..<300).contains(status):
                    report.pinged.append(url)
                case .status(let status, _):
                    report.warnings.append("\(hub): the WebSub hub answered \(status) to the ping for \(url)")
                case .timedOut:
                    report.warnings.append("\(hub): the WebSub hub did not answer in \(timeout.inSeconds) s to the ping for \(url)")
                case .failed(let why):
                    report.warnings.append("\(hub): the WebSub hub could not be told of \(url): \(why)")
                }
            }
        }
        return report
    }

    /// Whether a site path is a feed: the site's or a category's RSS, or its JSON Feed.
    static func isFeed(_ path: String) -> Bool {
        path.hasSuffix("rss.xml") || path.hasSuffix("feed.json")
    }
}
