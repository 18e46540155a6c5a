import BakeKit
import Synchronization

/// The bodies a build has at hand, and any other parsed when first asked for.
///
/// A build whose kept list entries cover its list pages does not load the bodies those pages
/// show (on a new post, nearly every post's): the entries are put together from the entry
/// cache. Only an entry that must be rendered after all (its post was not parsed in this
/// build, and its kept entry is gone) asks here for a body the build does not have.
final class LazyBodies: BodySource {
    private let loaded: [String: String]
    private let added: [String: String]
    private let parse: @Sendable (String) -> String?
    private let parsed = Mutex<[String: String]>([:])

    /// - Parameters:
    ///   - loaded: the bodies of the files the build parsed.
    ///   - added: the bodies loaded for it of posts that came from the cache.
    init(_ loaded: [String: String], added: [String: String], parse: @escaping @Sendable (String) -> String?) {
        self.loaded = loaded
        self.added = added
        self.parse = parse
    }

    func body(of sourcePath: String) -> String? {
        if let body = loaded[sourcePath] ?? added[sourcePath] { return body }
        if let body = parsed.withLock({ $0[sourcePath] }) { return body }
        guard let body = parse(sourcePath) else { return nil }
        parsed.withLock { $0[sourcePath] = body }
        return body
    }
}
