import ArgumentParser
import BakeCommandLine
import BakeIO
import BakeKit
import Foundation

extension Bake {
    /// `bake init DIR`: a new blog with a settings file, a first post and an empty `pages/`.
    struct Init: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a new blog folder.")

        @Argument(help: "The folder for the new blog.")
        var directory: String

        @Option(help: "The site's name.")
        var name = "My Blog"

        @Option(help: "The site's absolute URL.")
        var url = "https://example.com"

        @Option(help: "The author's name for feeds and the footer (default: git's user.name, else your full name if the system has it).")
        var author: String?

        @Option(help: "The IANA time zone for dates without an offset.")
        var timeZone = TimeZone.current.identifier

        func run() async throws {
            let cwd = FileManager.default.currentDirectoryPath
            let root = URL(fileURLWithPath: directory.hasPrefix("/") ? directory : cwd + "/" + directory).standardizedFileURL.path
            let blog = BlogFolder(root: root)
            if blog.hasSettings {
                throw ValidationError("\(directory) already has a site.settings; expected a new or empty folder")
            }
            guard let zone = TimeZone(identifier: timeZone) else {
                throw ValidationError("--time-zone \(timeZone) is not a time zone; expected an IANA name such as America/Los_Angeles")
            }
            let givenAuthor: String
            if let author { givenAuthor = author } else { givenAuthor = await Self.defaultAuthor() }
            let settings = BlogFolder.startingSettings(name: name, url: url, author: givenAuthor, timeZone: zone.identifier)
            let tree = PostTree(blog: blog)
            let now = Timestamp(Date()).civil(in: zone)
            let date = now.rfc3339
            let post = PostFile(fields: [(HeaderKey.title.name, "Hello, world"), (HeaderKey.pubDate.name, date)], body: """
            This is the first post of \(name). Edit it, or write another with `bake new "A title"`,
            then run `bake` in this folder to bake the site into `site/`.

            """)
            let path: String
            do {
                path = try tree.newPostPath(date: now, slug: "hello-world", format: .markdown)
                try blog.start(settings: settings)
                try tree.write(post.text, to: path)
            } catch {
                Terminal().report(error, blog: blog, outcome: "the blog may be half made; delete what is there and run bake init again")
                throw ExitCode.failure
            }
            print("Started a blog in \(directory): site.settings, \(path), pages/, .gitignore")
        }
    }
}

extension Bake.Init {
    /// A real name, never a login such as `root`: git's `user.name`, else the account's full name.
    static func defaultAuthor() async -> String {
        let login = NSUserName()
        let candidates = [await gitUserName(), NSFullUserName()]
        return candidates.lazy.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .first { !$0.isEmpty && $0 != login && $0 != "root" } ?? ""
    }

    private static func gitUserName() async -> String {
        guard let git = Program.find("git"), let run = try? await git.run(["config", "--get", "user.name"]), run.succeeded else { return "" }
        return run.output
    }
}
