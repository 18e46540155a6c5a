import BakeKit

/// The search index of a build that returned once its pages were written
/// (`SiteBuilder.buildLeavingTheIndex()`): Pagefind over the bundles whose pages changed, then
/// the bundles and the build's state written into the manifest, as `build()` does them before
/// it returns.
///
/// Run it before the next build into the same folder, which it must not overlap. If it is
/// never run, or fails, the site keeps the last index and the manifest no state, and the next
/// build indexes again.
///
/// ```swift
/// let (summary, index) = try await SiteBuilder(options: options, memory: memory).buildLeavingTheIndex()
/// // answer the editor…
/// if let index { let done = try await index.run() }
/// ```
public struct SearchFollowUp: Sendable {
    /// What the index did.
    public struct Done: Sendable, Hashable {
        /// How many pages Pagefind indexed; nil when no bundle had to be made again.
        public let pages: Int?
        /// The bundles made again (`2014`, `pages`), sorted.
        public let bundles: [String]
    }

    let indexer: SearchIndexer
    let pagefind: Pagefind
    /// What the write of the pages did.
    let pagesWritten: SiteWriter.Report
    let state: SiteManifest.State
    let check: SearchIndexer.Check
    /// Whether the pages were rendered after the highlighter failed.
    let provisional: Bool
    let memory: BuildMemory?
    /// What the build left in `memory`, whose manifest the index's replaces.
    let tree: TreeSnapshot

    /// Indexes, writes the bundles and records them; on failure leaves the last index.
    public func run() async throws(BuildFailure) -> Done {
        let indexing = try await index()
        memory?.remember(tree: tree.with(indexing.report.manifest))
        return Done(pages: indexing.pages, bundles: indexing.shards)
    }

    /// The index, as `build()` makes it before it returns.
    func index() async throws(BuildFailure) -> SearchIndexer.Indexing {
        let provisional = self.provisional
        return try await indexer.index(with: pagefind, after: pagesWritten, state: state, check: check, provisional: { provisional })
    }
}
