/// What a build of a site with `@search true` does without Pagefind. Either way Pagefind runs
/// only for the bundles whose pages were written or removed since they were made (see
/// `SearchIndexer`).
public enum SearchIndexing: Sendable, Hashable {
    /// Without Pagefind the build fails before it writes anything. `bake build`, `bake-metaweblog`.
    case whenPagesChange
    /// Without Pagefind the build goes on, with a warning, and search shows the last index.
    /// `bake preview`, where a save must show its page even on a machine without Pagefind.
    case whenPagesChangeIfInstalled
}
