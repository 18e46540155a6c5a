import BakeIO
import BakeKit
import Foundation
import LinkCheck

/// What has been sent to the pages the blog's posts link to, per post, kept in
/// `.bake-cache/webmentions.json`: each post's permalink, the hash of its file as it was when
/// its webmentions went out, the pages it linked to then, and those whose webmention failed
/// (sent again by the next run).
public struct SentWebmentions: Sendable, Hashable, Codable {
    public struct Post: Sendable, Hashable, Codable {
        /// The hash of the post's file, in hex; empty for a post that was removed and still
        /// has webmentions to send.
        public var hash: String
        /// The pages the post linked to when its webmentions last went out.
        public var targets: [String]
        /// Pages whose webmention failed, sent again next time.
        public var unsent: [String]

        public init(hash: String, targets: [String], unsent: [String] = []) {
            self.hash = hash
            self.targets = targets
            self.unsent = unsent
        }
    }

    /// By the post's absolute permalink.
    public var posts: [String: Post]

    public init(posts: [String: Post] = [:]) {
        self.posts = posts
    }
}

/// Which webmentions to send, from what was sent and the posts as they are now (W3C
/// Webmention §3.1, "Sending Webmentions"):
///
/// - a new post: one to each page it links to;
/// - a changed post: one to each page it links to now, and to each it linked to before, so
///   that a page it no longer links to can notice;
/// - a removed (or unpublished) post: one to each page it linked to, whose fetch of the
///   post then finds it gone;
/// - an unchanged post: only those that failed last time.
///
/// The first run has nothing to compare with: it records every post as it is and sends
/// nothing, so that turning webmentions on does not send one for every post ever written.
///
/// ```swift
/// let plan = WebmentionPlan(sent: previous, posts: ["https://example.com/2024/06/01/a.html": .init(hash: "1f…", targets: ["https://b.example/x"])])
/// plan.sends   // [Send(source: "https://example.com/2024/06/01/a.html", target: "https://b.example/x")]
/// plan.record  // what to keep once they are sent
/// ```
public struct WebmentionPlan: Sendable, Hashable {
    public struct Send: Sendable, Hashable {
        public let source: String
        public let target: String

        public init(source: String, target: String) {
            self.source = source
            self.target = target
        }
    }

    /// In the order of the posts' permalinks, then of each post's links.
    public let sends: [Send]
    /// What to record once every send went through; a failed one is added to its post's `unsent`.
    public let record: SentWebmentions
    /// True on the first run: the posts were recorded, and nothing is sent.
    public let isFirstRun: Bool

    /// - Parameters:
    ///   - sent: What earlier runs recorded; nil for the first run.
    ///   - posts: The published posts by permalink, with their file's hash and their links
    ///     (`targets` may be empty for a post whose hash is unchanged: it is not read).
    public init(sent: SentWebmentions?, posts: [String: SentWebmentions.Post]) {
        guard let sent else {
            sends = []
            record = SentWebmentions(posts: posts.mapValues { SentWebmentions.Post(hash: $0.hash, targets: $0.targets) })
            isFirstRun = true
            return
        }
        isFirstRun = false
        var sends: [Send] = []
        var record = SentWebmentions()
        for source in Set(posts.keys).union(sent.posts.keys).sorted() {
            let before = sent.posts[source]
            guard let now = posts[source] else {
                // Removed: tell every page it linked to.
                if let before {
                    let targets = Self.union(before.targets, before.unsent)
                    sends += targets.map { Send(source: source, target: $0) }
                    if !targets.isEmpty { record.posts[source] = SentWebmentions.Post(hash: "", targets: []) }
                }
                continue
            }
            if let before, before.hash == now.hash {
                sends += before.unsent.map { Send(source: source, target: $0) }
                record.posts[source] = SentWebmentions.Post(hash: before.hash, targets: before.targets)
            } else {
                let targets = Self.union(now.targets, (before?.targets ?? []) + (before?.unsent ?? []))
                sends += targets.map { Send(source: source, target: $0) }
                record.posts[source] = SentWebmentions.Post(hash: now.hash, targets: now.targets)
            }
        }
        self.sends = sends
        self.record = record
    }

    /// `first`, then what `second` adds, each once.
    static func union(_ first: [String], _ second: [String]) -> [String] {
        var seen = Set<String>()
        return (first + second).filter { seen.insert($0).inserted }
    }
}

/// The pages a post links to, that a webmention goes to: every `<a href>` of its body to an
/// `http(s)` page on another site than the blog's (another origin, or a path outside the
/// site's on the same host), its `@link`, and what it replies to, likes,
/// reposts or bookmarks; fragments dropped, each once, in the order they appear.
public enum WebmentionTargets {
    public static func of(post: Post, html: String, siteURL: String) -> [String] {
        let site = WebURL(siteURL)
        var found = ResponseKind.allCases.flatMap { $0.urls(in: post.metadata).map(\.text) } + [post.link].compactMap { $0 }
        found += HTMLScanner.scan(Array(html.utf8)).links.filter { $0.kind == .page }.map(\.url)
        var seen = Set<String>()
        return found.compactMap { url -> String? in
            let trimmed = url.trimmingCharacters(in: .whitespaces)
            let page = trimmed.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? trimmed
            guard let target = WebURL(page), !(site.map(target.isPage(ofSite:)) ?? false) else { return nil }
            return seen.insert(page).inserted ? page : nil
        }
    }
}

/// Where a page takes its webmentions (W3C Webmention §3.1.2): the first `Link` header field
/// with `rel="webmention"`, else the first `<link>` or `<a>` with that relation in the
/// document, its URL read against the page's (after redirects); an empty `href` is the page
/// itself. Nil when the page names none.
public enum WebmentionEndpoint {
    public static func of(_ page: Curl.Page) -> String? {
        let fromHeader = LinkHeader.targets(page.link, relation: "webmention").first
        let type = page.contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let fromDocument = fromHeader == nil && (type == "text/html" || type == "application/xhtml+xml")
            ? HTMLScanner.scan(page.body).relations.first { $0.words.contains("webmention") }?.url
            : nil
        guard let found = fromHeader ?? fromDocument else { return nil }
        let url = found.trimmingCharacters(in: .whitespaces)
        guard WebURL(page.url) != nil else { return nil }
        if url.isEmpty { return page.url }
        let resolved = URLReference(url).resolved(against: URLReference(page.url)).text
        return WebURL(resolved) != nil ? resolved : nil
    }
}
