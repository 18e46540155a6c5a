import ArgumentParser

/// `bake-metaweblog`: the metaWeblog, Blogger and Movable Type XML-RPC shim for desktop blog editors.
@main
struct BakeMetaWeblog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bake-metaweblog",
        abstract: "Let desktop blog editors such as MarsEdit write posts into a bake blog, over XML-RPC.",
        version: "0.1.0",
        subcommands: [Serve.self, HashPassword.self],
        defaultSubcommand: Serve.self
    )
}
