import ArgumentParser

/// `bake-metaweblog`: the metaWeblog, Blogger and Movable Type XML-RPC shim for desktop blog editors.
@main
struct BakeMetaWeblog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bake-metaweblog",
        abstract: "Let blog editors write posts into a bake blog: MarsEdit over XML-RPC, iA Writer and the Micro.blog apps over Micropub.",
        version: "0.1.0",
        subcommands: [Serve.self, HashPassword.self, NewToken.self, ListTokens.self, RevokeToken.self],
        defaultSubcommand: Serve.self
    )
}
