import BakeIO
import BakeKit
import Foundation
import LinkCheck

/// Checks links to other sites over HTTP with curl: a HEAD, then a GET when the HEAD fails
/// (servers that refuse HEAD are common), redirects followed one hop at a time and reported
/// where they lead, every request within `timeout`, at most `concurrency` at once and
/// `perHost` to one host. A success is kept in `.bake-cache/links` for `cacheLifetime`, so
/// that checking again soon asks the other sites only about what failed or is new.
///
/// ```swift
/// let checker = ExternalLinkChecker(curl: try Curl.find(), cachePath: blog.linkCachePath, now: Timestamp(Date()))
/// let outcomes = await checker.check(["https://swift.org/", "http://example.com/old"])
/// // ["https://swift.org/": .ok, "http://example.com/old": .moved(to: "https://example.com/new", status: 301)]
/// ```
public struct ExternalLinkChecker: Sendable {
    public let curl: Curl
    /// Where successes are kept between checks; nil keeps none.
    public let cachePath: String?
    /// The time of the check, against which kept successes age.
    public let now: Timestamp
    public let timeout: Duration
    public let concurrency: Int
    public let perHost: Int
    /// How long a success is trusted without asking again.
    public let cacheLifetime: Duration
    /// How many redirects one link may take before it counts as broken.
    public let maxRedirects: Int

    public init(
        curl: Curl, cachePath: String?, now: Timestamp, timeout: Duration = .seconds(10), concurrency: Int = 8, perHost: Int = 2,
        cacheLifetime: Duration = .seconds(7 * 24 * 3600), maxRedirects: Int = 10
    ) {
        self.curl = curl
        self.cachePath = cachePath
        self.now = now
        self.timeout = timeout
        self.concurrency = concurrency
        self.perHost = perHost
        self.cacheLifetime = cacheLifetime
        self.maxRedirects = maxRedirects
    }

    /// The outcome of each URL.
    public func check(_ urls: [String]) async -> [String: ExternalOutcome] {
        await check(urls, limiter: HostLimiter(total: concurrency, perHost: perHost))
    }

    /// The outcome of each URL, asked within the limits of `limiter`, which the tests read.
    func check(_ urls: [String], limiter: HostLimiter) async -> [String: ExternalOutcome] {
        let kept = cachePath.map { LinkCache.read(from: $0, now: now, lifetime: cacheLifetime) } ?? LinkCache(entries: [:])
        var outcomes: [String: ExternalOutcome] = [:]
        var toAsk: [String] = []
        for url in Set(urls).sorted() {
            if let entry = kept.entries[url] { outcomes[url] = entry.outcome } else { toAsk.append(url) }
        }
        let answers = await withTaskGroup(of: (String, ExternalOutcome).self) { group in
            for url in toAsk {
                group.addTask { (url, await follow(url, limiter: limiter)) }
            }
            var answers: [String: ExternalOutcome] = [:]
            for await (url, outcome) in group { answers[url] = outcome }
            return answers
        }
        outcomes.merge(answers) { _, new in new }
        if let cachePath, !answers.isEmpty {
            var entries = kept.entries
            for (url, outcome) in answers {
                if case .broken = outcome { continue }
                entries[url] = LinkCache.Entry(checked: now, outcome: outcome)
            }
            // Only a time saver: a cache that cannot be written leaves the next check to ask again.
            try? LinkCache(entries: entries).write(to: cachePath)
        }
        return outcomes
    }
}

private extension ExternalLinkChecker {
    /// Asks for `url`, and for each place it redirects to, until a success or a failure.
    func follow(_ url: String, limiter: HostLimiter) async -> ExternalOutcome {
        var current = url
        var firstStatus: Int?
        var visited: Set<String> = [url]
        for _ in 0...maxRedirects {
            let answer = await ask(current, limiter: limiter)
            switch answer {
            case .timedOut, .failed:
                return .broken(Self.describe(answer, timeout: timeout, after: firstStatus == nil ? nil : current))
            case .status(let status, let location):
                if (200..<300).contains(status) {
                    return firstStatus.map { .moved(to: current, status: $0) } ?? .ok
                }
                if (300..<400).contains(status), let location {
                    firstStatus = firstStatus ?? status
                    guard visited.insert(location).inserted else { return .broken("redirects in a loop (\(location))") }
                    current = location
                    continue
                }
                return .broken(Self.describe(answer, timeout: timeout, after: firstStatus == nil ? nil : current))
            }
        }
        return .broken("more than \(maxRedirects) redirects")
    }

    /// One URL: HEAD, then GET when HEAD gets no success or redirect.
    func ask(_ url: String, limiter: HostLimiter) async -> Curl.Answer {
        let host = Self.host(of: url)
        await limiter.acquire(host)
        var answer = await curl.request(url, method: .head, timeout: timeout)
        switch answer {
        case .status(let status, _) where status < 400: break
        case .timedOut: break
        default: answer = await curl.request(url, method: .get, timeout: timeout)
        }
        await limiter.release(host)
        return answer
    }

    static func describe(_ answer: Curl.Answer, timeout: Duration, after redirect: String?) -> String {
        let reason: String
        switch answer {
        case .status(let status, _): reason = "HTTP \(status)"
        case .timedOut:
            let seconds = timeout.inSeconds
            reason = "no answer in \(String(format: "%g", seconds)) s"
        case .failed(let message): reason = message
        }
        return redirect.map { "redirects to \($0), which gives \(reason)" } ?? reason
    }

    /// The host and port of an absolute URL, lowercase.
    static func host(of url: String) -> String {
        guard let start = url.range(of: "://")?.upperBound else { return url }
        let rest = url[start...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        return rest[..<end].lowercased()
    }
}
