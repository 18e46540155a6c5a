
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
}
