import BakeIO
import BakeKit
import Foundation

/// Sends the webmentions a publish owes (see `WebmentionPlan`): reads the published posts,
/// works out which changed since the last run, finds each linked page's endpoint and posts
/// `source` and `target` to it, with curl.
///
/// A post's file is parsed only when its hash changed, so a run after a small edit reads one
/// post. At most four sends run at once, and two to any one host; each request has a time
/// limit. A failure is a warning naming the page and what answered, never a failed publish,
/// and that webmention is sent again by the next run. What was sent is recorded in
/// `.bake-cache/webmentions.json`.
///
/// ```swift
/// let report = try await WebmentionSender(configuration: configuration, curl: try Curl.find(), now: Timestamp(Date())).send()
/// for sent in report.sent { print("\(sent.source) → \(sent.target): \(sent.status)") }
/// ```
public struct WebmentionSender: Sendable {
    public struct Sent: Sendable, Hashable {
        public let source: String
        public let target: String
        public let endpoint: String
        public let status: Int
    }

    public struct Report: Sendable, Hashable {
        /// Every post was recorded as it is, and nothing sent: the first run.
        public var recordedPosts: Int?
        /// Sent and accepted (a 2xx answer).
        public var sent: [Sent] = []
        /// Pages that name no webmention endpoint (nothing to send; not sent again).
        public var noEndpoint: [WebmentionPlan.Send] = []
        /// What `--dry-run` would send.
        public var planned: [WebmentionPlan.Send] = []
        /// What could not be sent, as `url: what answered`; each is sent again next time.
        public var warnings: [String] = []

        public init() {}
    }

    public let configuration: BlogConfiguration
    public let curl: Curl
    public let now: Timestamp
    /// How long each request may take.
    public let timeout: Duration

    public init(configuration: BlogConfiguration, curl: Curl, now: Timestamp, timeout: Duration = .seconds(20)) {
        self.configuration = configuration
        self.curl = curl
        self.now = now
        self.timeout = timeout
    }

    /// How many sends run at once, and how many to one host.
    public static let parallelSends = 4
    public static let sendsPerHost = 2
    /// The largest page read to find its endpoint.
    public static let maxPageSize = 2 << 20
    static let userAgent = "bake (Webmention sender)"

    /// Where the record is kept.
    public var recordPath: String { configuration.blog.webmentionRecordPath }

    /// Works out what to send, sends it (unless `dryRun`), and records it.
    public func send(dryRun: Bool = false) async throws(BuildFailure) -> Report {
        let sent = try readRecord()
        let posts = try await publishedPosts(known: sent)
        let plan = WebmentionPlan(sent: sent, posts: posts)
        var report = Report()
        if plan.isFirstRun {
            report.recordedPosts = plan.record.posts.count
            if !dryRun { try write(plan.record) }
            return report
        }
        if dryRun {
            report.planned = plan.sends
            return report
        }
        var record = plan.record
        let outcomes = await deliver(plan.sends)
        for (send, outcome) in zip(plan.sends, outcomes) {
            switch outcome {
            case .sent(let endpoint, let status):
                report.sent.append(Sent(source: send.source, target: send.target, endpoint: endpoint, status: status))
            case .noEndpoint:
                report.noEndpoint.append(send)
            case .failed(let why):
                report.warnings.append("\(send.target): \(why); its webmention from \(send.source) will be sent again next time")
                record.posts[send.source, default: SentWebmentions.Post(hash: "", targets: [])].unsent.append(send.target)
            }
        }
        try write(record)
        return report
    }
}

private extension WebmentionSender {
    enum Outcome: Sendable {
        case sent(endpoint: String, status: Int)
        case noEndpoint
        case failed(String)
    }

    func readRecord() throws(BuildFailure) -> SentWebmentions? {
        let bytes: [UInt8]?
        do {
            bytes = try FileIO.readIfPresent(recordPath)
        } catch {
            throw BuildFailure([error.diagnostic(relativeTo: configuration.blog.root)])
        }
        guard let bytes else { return nil }
        // A record that cannot be read starts again from the posts as they are, sending nothing.
        return try? JSONDecoder().decode(SentWebmentions.self, from: Data(bytes))
    }

    func write(_ record: SentWebmentions) throws(BuildFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            try FileIO.createFolders(FileIO.parent(of: recordPath))
            _ = try FileIO.writeAtomically(Array((try? encoder.encode(record)) ?? Data("{}".utf8)), to: recordPath)
        } catch {
            throw BuildFailure([error.diagnostic(relativeTo: configuration.blog.root)])
        }
    }

    /// The published posts (dated no later than `now`) by absolute permalink, each with its
    /// file's hash; its links only when the hash is not the one `known` recorded.
    func publishedPosts(known: SentWebmentions?) async throws(BuildFailure) -> [String: SentWebmentions.Post] {
        let settings = try configuration.checked().settings
        let blog = configuration.blog
        let entries: [FileEntry]
        do {
            entries = FileIO.exists(blog.path("posts")) ? try FileTree.scan(blog.path("posts")) : []
        } catch {
            throw BuildFailure([error.diagnostic(relativeTo: blog.root)])
        }
        let parser = PostParser(settings: settings)
        let paths = SitePaths(settings: settings)
        var posts: [String: SentWebmentions.Post] = [:]
        var problems: [Diagnostic] = []
        for entry in entries where BodyFormat(fileName: entry.path) != nil {
            guard let permalink = Permalink(calendarPath: entry.path) else { continue }
            let url = paths.absoluteURL(paths.post(permalink))
            let path = "posts/" + entry.path
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(blog.path(path))
            } catch {
                problems.append(error.diagnostic(relativeTo: blog.root))
                continue
            }
            let hash = String(ContentHasher.hash(bytes), radix: 16)
            if let before = known?.posts[url], before.hash == hash {
                // Unchanged since it was recorded as published, so published still.
                posts[url] = SentWebmentions.Post(hash: hash, targets: before.targets)
                continue
            }
            do throws(BuildFailure) {
                let parsed = try parser.parsePost(path: path, bytes: bytes, status: .published, now: now)
                guard parsed.post.pubDate <= now else { continue }
                posts[url] = SentWebmentions.Post(hash: hash, targets: WebmentionTargets.of(post: parsed.post, html: parsed.html, siteURL: settings.url))
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw BuildFailure(problems) }
        return posts
    }

    /// Sends each, at most `parallelSends` at once and `sendsPerHost` to a host; the outcomes
    /// in the order of `sends`.
    func deliver(_ sends: [WebmentionPlan.Send]) async -> [Outcome] {
        var outcomes = [Outcome](repeating: .noEndpoint, count: sends.count)
        let hosts = sends.map { WebURL($0.target)?.host ?? $0.target }
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var waiting = Array(sends.indices)
            var busy: [String: Int] = [:]
            var running = 0
            while true {
                while running < Self.parallelSends, let next = waiting.firstIndex(where: { busy[hosts[$0], default: 0] < Self.sendsPerHost }) {
                    let index = waiting.remove(at: next)
                    busy[hosts[index], default: 0] += 1
                    running += 1
                    let send = sends[index]
                    group.addTask { (index, await deliver(send)) }
                }
                guard let (index, outcome) = await group.next() else { break }
                running -= 1
                busy[hosts[index], default: 1] -= 1
                outcomes[index] = outcome
            }
        }
        return outcomes
    }

    /// Finds the target's endpoint and posts the webmention to it.
    func deliver(_ send: WebmentionPlan.Send) async -> Outcome {
        guard let page = await curl.fetch(send.target, timeout: timeout, maxBytes: Self.maxPageSize, userAgent: Self.userAgent) else {
            return .failed("no answer, or a page over \(Self.maxPageSize >> 20) MB")
        }
        guard (200..<300).contains(page.status) || page.status == 410 else { return .failed("answered \(page.status)") }
        guard let endpoint = WebmentionEndpoint.of(page) else { return .noEndpoint }
        switch await curl.post(endpoint, form: [("source", send.source), ("target", send.target)], timeout: timeout, userAgent: Self.userAgent) {
        case .status(let status, _) where (200..<300).contains(status):
            return .sent(endpoint: endpoint, status: status)
        case .status(let status, _):
            return .failed("its endpoint \(endpoint) answered \(status)")
        case .timedOut:
            return .failed("its endpoint \(endpoint) did not answer in \(timeout.inSeconds) s")
        case .failed(let why):
            return .failed("its endpoint \(endpoint): \(why)")
        }
    }
}
