import BakeKit

/// What preview tells its caller as it runs; the executable prints these.
public enum PreviewEvent: Sendable {
    /// The server listens at this URL (the site's base path included).
    case serving(url: String)
    /// inotify is not available, so preview polls instead.
    case polling(because: PreviewError)
    /// The watcher saw these paths change; a build follows once the changes settle.
    case noticed([String])
    /// A build finished, the first one or one after changes.
    case built(PreviewBuild)
    /// With `@search true`, after a build's pages reloaded: Pagefind made the index of the
    /// changed pages again, in `bundles` (`2014`, `pages`) of `pages` pages,
    /// `afterTheReload` after the pages were told to reload.
    case searchIndexed(bundles: [String], pages: Int, afterTheReload: Duration)
    /// With `@search true`: the pages were built, but Pagefind failed, so search shows the
    /// last index until a later build makes it.
    case searchNotIndexed(BuildFailure)
}
