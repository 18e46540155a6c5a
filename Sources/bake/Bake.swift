import ArgumentParser

/// `bake`: render a calendar-foldered blog into a static site.
@main
struct Bake: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bake a blog of plain post files into a static site.",
        version: "0.1.0",
        subcommands: [Build.self, Check.self, New.self, Init.self, Preview.self, Deploy.self, Webmention.self, Import.self],
        defaultSubcommand: Build.self
    )
}
