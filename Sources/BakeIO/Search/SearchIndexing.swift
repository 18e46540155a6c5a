/// When a build of a site with `@search true` runs Pagefind.
public enum SearchIndexing: Sendable, Hashable {
    /// Whenever a page it indexes was written or removed since the index was made, or the index
    /// is missing; without Pagefind the build fails before it writes anything. `bake build`.
    case whenPagesChange
    /// Only when the output folder has no index yet; without Pagefind the build goes on, with
    /// a warning. `bake preview`, where search shows the last index and a save must stay quick.
    case whenMissing
}
