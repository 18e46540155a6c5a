import ArgumentParser
import BakeImport
import BakeIO
import BakeKit
import Foundation

extension Bake {
    /// `bake import jekyll|wordpress SOURCE --into BLOG`: another blog's posts as post files.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring posts in from a Jekyll site or a WordPress export.",
            discussion: """
            Nothing in the blog is ever overwritten, and running an import again is safe. Every \
            old URL is kept in the post's @aliases, so bake keeps it working.
            """,
            subcommands: [Jekyll.self, WordPress.self]
        )

        /// `--into BLOG`, shared by both sources.
        struct Destination: ParsableArguments {
            @Option(help: "The bake blog to import into (a folder with a site.settings).")
            var into: String
        }

        struct Jekyll: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Import a Jekyll site's _posts and _drafts.",
                discussion: "The old URLs come from each post's permalink, or the permalink style in _config.yml."
            )

            @Argument(help: "The Jekyll site's folder (the one with _posts/).")
            var source: String

            @OptionGroup var destination: Destination

            func run() throws {
                try Import.run(into: destination.into) { zone throws(ImportError) in
                    try JekyllSite(root: Import.absolute(source), timeZone: zone).read()
                }
            }
        }

        struct WordPress: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "wordpress",
                abstract: "Import a WordPress export (WXR, from Tools → Export)."
            )

            @Argument(help: "The export file, e.g. myblog.WordPress.2024-01-01.xml.")
            var export: String

            @OptionGroup var destination: Destination

            func run() throws {
                try Import.run(into: destination.into) { zone throws(ImportError) in
                    try WordPressExport(path: export, timeZone: zone).read()
                }
            }
        }
    }
}

private extension Bake.Import {
    /// Reads the source, plans every file, and only then writes; prints the report.
    static func run(into given: String, read: (TimeZone) throws(ImportError) -> ImportSource) throws {
        let blog = BlogFolder(root: absolute(given))
        guard blog.hasSettings else {
            throw ValidationError("\(given): no site.settings here; expected a blog folder (`bake init \(given)` starts one)")
        }
        let terminal = Terminal()
        let settings: SiteSettings
        do {
            settings = try blog.settings()
        } catch {
            terminal.report(error, blog: blog, outcome: "nothing was imported")
            throw ExitCode.failure
        }
        do {
            let source = try read(settings.timeZone)
            let report = try ImportPlan(source: source, blog: blog).write()
            for line in report.lines { terminal.say(line) }
        } catch {
            let count = error.problems.count
            let lines = error.problems.map(\.description) + ["bake: \(count) problem\(count == 1 ? "" : "s"); nothing was imported."]
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            throw ExitCode.failure
        }
    }

    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
