import ArgumentParser

extension Bake {
    /// `bake preview`: bake, serve on 127.0.0.1, rebuild and reload on every save.
    struct Preview: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Serve the blog locally, rebuilding and reloading as you write.")

        @OptionGroup var blogOptions: BlogOptions

        func run() async throws {
            throw ValidationError("preview is not built yet")
        }
    }
}
