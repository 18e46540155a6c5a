import ArgumentParser

/// What `bake preview` takes. `bake` reads them (for its help and to check them) and hands
/// the same words to `bake-preview`, which reads them again and serves: the preview server
/// (NIO and Hummingbird) lives in a program of its own, so `bake` builds and starts without it.
package struct PreviewArguments: ParsableArguments {
    @OptionGroup package var blogOptions: BlogOptions

    @Option(name: .shortAndLong, help: "Where to bake the preview (default: BLOG_DIR/.bake-cache/preview; never the published site).")
    package var output: String?

    @Option(help: "The port to listen on; 0 picks a free one.")
    package var port = 8080

    @Option(help: "The address to listen on. Anything but loopback shows your drafts to the network.")
    package var host = "127.0.0.1"

    @Flag(help: "Watch by scanning the blog every 300 ms instead of with inotify.")
    package var poll = false

    package init() {}

    package func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port \(port) is not a port; expected 0 to 65535")
        }
    }

    /// What `bake preview` says about itself, in `bake`'s help and `bake-preview`'s.
    package static let abstract = "Serve the blog locally, rebuilding and reloading as you write."
}
