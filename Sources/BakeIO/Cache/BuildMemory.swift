import BakeKit
import Synchronization

/// The parsed sources one build leaves for the next in the same process.
///
/// `bake preview` and the metaWeblog shim keep one for as long as they run, so a rebuild
/// after an edit starts from what the last build parsed instead of reading and decoding the
/// cache file. The file is still written as usual, for the next process. A one-off build
/// keeps one too, so that its thousands of parsed posts are not freed one by one just
/// before the process ends.
///
/// ```swift
/// let memory = BuildMemory()
/// try await SiteBuilder(options: options, memory: memory).build()   // reads .bake-cache
/// try await SiteBuilder(options: options, memory: memory).build()   // starts from memory
/// ```
public final class BuildMemory: Sendable {
    struct Sources: Sendable {
        /// The cache key the entries were parsed under (`SourceLoader.cacheKey`).
        let key: UInt64
        let cache: BuildCache
        /// How many entries differ from the cache file, which is written only once enough do.
        let unsaved: Int
    }

    private let sources = Mutex<Sources?>(nil)
    private let entries = Mutex<(key: UInt64, store: EntryStore)?>(nil)
    private let tree = Mutex<TreeSnapshot?>(nil)
    private let templates = Mutex<(key: String, set: TemplateSet)?>(nil)

    public init() {}

    /// What the last build parsed, if it was parsed under `key`.
    func recall(key: UInt64) -> Sources? {
        sources.withLock { $0?.key == key ? $0 : nil }
    }

    func remember(_ remembered: Sources) {
        sources.withLock { $0 = remembered }
    }

    /// The list entries the last build kept, if it rendered under `key`.
    func recallEntries(key: UInt64) -> EntryStore? {
        entries.withLock { $0?.key == key ? $0?.store : nil }
    }

    /// The file lists of the last build, if it was of the kind `key` names; taken, so that
    /// a build that fails leaves none and the next one walks.
    func takeTree(key: String) -> TreeSnapshot? {
        tree.withLock { tree in
            defer { tree = nil }
            return tree?.key == key ? tree : nil
        }
    }

    /// The templates the last build compiled, if compiled from the sources `key` names
    /// (`TemplateSet.fingerprint(of:)`).
    func recallTemplates(key: String) -> TemplateSet? {
        templates.withLock { $0?.key == key ? $0?.set : nil }
    }

    func remember(templates set: TemplateSet, key: String) {
        templates.withLock { $0 = (key, set) }
    }

    func remember(tree snapshot: TreeSnapshot) {
        tree.withLock { $0 = snapshot }
    }

    func remember(entries store: EntryStore, key: UInt64) {
        entries.withLock { $0 = (key, store) }
    }
}
