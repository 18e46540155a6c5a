import ArgumentParser
import BakeImport
import BakeCommandLine
import BakeIO
import BakeKit
import Foundation

extension Bake {
    /// `bake import jekyll|wordpress|ghost|blogger|feed SOURCE --into BLOG`: another blog's posts as post files.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring posts in from a Jekyll site, a WordPress, Ghost or Blogger export, or a feed.",
            discussion: """
            Nothing in the blog is ever overwritten, and running an import again is safe. Every \
            old URL is kept in the post's @aliases, so bake keeps it working.
            """,
            subcommands: [Jekyll.self, WordPress.self, Ghost.self, Blogger.self, Feed.self]
        )

        /// `--into BLOG`, shared by every source.
        struct Destination: ParsableArguments {
            @Option(help: "The bake blog to import into (a folder with a site.settings); a new or empty folder becomes a blog with the old site's name, URL and so on.")
            var into: String
        }

        struct Jekyll: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Import a Jekyll site's _posts, _drafts and pages, and the files they show.",
                discussion: """
                The old URLs come from each post's permalink, or the permalink style in _config.yml. \
                Liquid with one meaning ({{ page.title }}, {% highlight %}, {% post_url %} …) is run; \
                the rest stays as text, and the report lists it.
                """
            )

            @Argument(help: "The Jekyll site's folder (the one with _posts/).")
            var source: String

            @OptionGroup var destination: Destination

            func run() async throws {
                try await Import.run(into: destination.into) { zone, _ throws(ImportError) in
                    try JekyllSite(root: Import.absolute(source), timeZone: zone).read()
                }
            }
        }

        struct WordPress: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "wordpress",
                abstract: "Import a WordPress export (WXR, from Tools → Export)."
            )

            @Argument(help: "The export file, e.g. myblog.WordPress.2024-01-01.xml.")
            var export: String

            @OptionGroup var destination: Destination

            @Option(help: ArgumentHelp("A copy of the old blog's wp-content/uploads folder: the pictures and files the posts show come along into static/media/, and their URLs are rewritten.", valueName: "folder"))
            var uploads: String?

            func run() async throws {
                let uploads = uploads.map(Import.absolute)
                try await Import.run(into: destination.into) { zone, sitePath throws(ImportError) in
                    try WordPressExport(path: export, timeZone: zone, uploads: uploads, sitePath: sitePath).read()
                }
            }
        }

        struct Ghost: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Import a Ghost export (the JSON of Settings → Labs → Export your content).",
                discussion: "Posts, drafts and pages come in with their HTML and tags; each old /slug/ URL is kept."
            )

            @Argument(help: "The export file, e.g. my-site.ghost.2024-01-01.json.")
            var export: String

            @OptionGroup var destination: Destination

            func run() async throws {
                try await Import.run(into: destination.into) { zone, _ throws(ImportError) in
                    try GhostExport(path: export, timeZone: zone).read()
                }
            }
        }

        struct Blogger: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Import a Blogger export (Settings → Back up content).",
                discussion: "Posts, drafts and pages come in with their labels; comments, settings and the template are counted and left out."
            )

            @Argument(help: "The export file, e.g. blog-01-01-2024.xml.")
            var export: String

            @OptionGroup var destination: Destination

            func run() async throws {
                try await Import.run(into: destination.into) { zone, _ throws(ImportError) in
                    try BloggerExport(path: export, timeZone: zone).read()
                }
            }
        }

        struct Feed: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Import the posts of a feed: RSS 2.0, Atom or JSON Feed (Substack, Medium, Micro.blog, Mastodon …).",
                discussion: "Every entry becomes a post; its link, when it is on the feed's own site, is kept as an old URL."
            )

            @Argument(help: "The feed, a file saved from the old site, e.g. feed.xml or feed.json.")
            var feed: String

            @OptionGroup var destination: Destination

            func run() async throws {
                try await Import.run(into: destination.into) { zone, _ throws(ImportError) in
                    try FeedDocument(path: feed, timeZone: zone).read()
                }
            }
        }
    }
}

private extension Bake.Import {
    /// Reads the source, plans every file, and only then writes; prints the report.
    /// - Parameter read: Reads the source for a blog in a time zone, at a path on its site ("" or e.g. `/blog`).
    static func run(into given: String, read: (TimeZone, String) throws(ImportError) -> ImportSource) async throws {
        let blog = BlogFolder(root: absolute(given))
        let terminal = Terminal()
        guard blog.hasSettings else {
            guard !FileIO.exists(blog.root) || FileTree.isEmptyFolder(blog.root) else {
                throw ValidationError("\(given): no site.settings here, and the folder is not empty; expected a blog folder, or a new or empty folder for the import to start a blog in")
            }
            try await start(blog, given: given, read: read, terminal: terminal)
            return
        }
        let settings: SiteSettings
        do {
            settings = try blog.settings()
        } catch {
            terminal.report(error, blog: blog, outcome: "nothing was imported")
            throw ExitCode.failure
        }
        do {
            let source = try read(settings.timeZone, settings.basePath)
            let report = try ImportPlan(source: source, blog: blog).write()
            for line in report.lines { terminal.say(line) }
        } catch {
            throw failure(error)
        }
        try await check(blog, terminal: terminal)
    }

    /// Bakes the blog as `bake build` would, into a folder that is then removed, and says
    /// whether it bakes; a blog that does not is the command's failure, each problem with its line.
    static func check(_ blog: BlogFolder, terminal: Terminal) async throws {
        do {
            let summary = try await ImportCheck(blog: blog).bake()
            terminal.warn(summary.warnings, blog: blog)
            terminal.say("Checked: the blog bakes without a problem (\(counted(summary.posts, "post")) and \(counted(summary.pages, "page")), drafts and scheduled posts included).")
        } catch {
            let count = error.diagnostics.count
            let lines = error.diagnostics.map { Terminal.line(for: $0, blog: blog) }
                + ["bake: \(count) problem\(count == 1 ? "" : "s"); the import is written, but bake build refuses the blog until \(count == 1 ? "it is" : "they are") fixed."]
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            throw ExitCode.failure
        }
    }

    /// Starts a blog in `blog` (a new or empty folder) with what the source says of the old
    /// site, as `bake init` would, then imports into it; says where each setting came from.
    static func start(_ blog: BlogFolder, given: String, read: (TimeZone, String) throws(ImportError) -> ImportSource, terminal: Terminal) async throws {
        let machineZone = TimeZone.current.identifier
        var source: ImportSource
        var plan: ImportPlan
        do {
            source = try read(TimeZone.current, "")
            plan = try ImportPlan(source: source, blog: blog)
        } catch {
            throw failure(error)
        }
        let site = source.site
        let author = await Bake.Init.defaultAuthor()
        // Each setting: the old site's value and where it was found, else bake init's default.
        let chosen: [(key: String, value: ImportedSite.Value?, fallback: String, because: String)] = [
            (SettingKey.siteName.name, site.name, "My Blog", "bake init's default"),
            (SettingKey.siteURL.name, site.url, "https://example.com", "bake init's default; set it before you publish"),
            (SettingKey.siteDescription.name, site.description, "Notes and essays", "bake init's default"),
            (SettingKey.author.name, site.author, author, author.isEmpty ? "no name found" : "your name, as bake init finds it"),
            (SettingKey.timeZone.name, site.timeZone, machineZone, "this machine's"),
            (SettingKey.language.name, site.language, SettingKey.language.defaultValue, "bake init's default"),
        ]
        var settings = BlogFolder.startingSettings(name: "", url: "", author: "", timeZone: "")
        for (key, value, fallback, _) in chosen {
            if let index = settings.firstIndex(where: { $0.key == key }) { settings[index].value = value?.text ?? fallback }
        }
        // An old value bake cannot use (a URL without its scheme, say) gives way to the default.
        let unusable = Self.unusableSettings(settings)
        var lines = ["Started a blog in \(given), with these settings:"]
        for (key, value, fallback, because) in chosen {
            var text = value?.text ?? fallback
            var origin = value.map { "from \($0.origin)" } ?? because
            if let value, let problem = unusable[key] {
                text = fallback
                origin = "\(because), as `\(value.text)` from \(value.origin) is not \(problem)"
            }
            if let index = settings.firstIndex(where: { $0.key == key }) { settings[index].value = text }
            lines.append("  @\(key) \(text)  (\(origin))")
        }
        // The URLs of files brought along are under the new site's path, which the first
        // read could not know.
        let sitePath = siteSettings(settings).map(\.basePath) ?? ""
        if !sitePath.isEmpty, !source.files.isEmpty {
            do {
                source = try read(TimeZone.current, sitePath)
                plan = try ImportPlan(source: source, blog: blog)
            } catch {
                throw failure(error)
            }
        }
        do {
            try blog.start(settings: settings)
        } catch {
            terminal.report(error, blog: blog, outcome: "the blog may be half made; delete what is there and import again")
            throw ExitCode.failure
        }
        for line in lines { terminal.say(line) }
        do {
            let report = try plan.write()
            for line in report.lines { terminal.say(line) }
        } catch {
            throw failure(error)
        }
        try await check(blog, terminal: terminal)
    }

    /// The settings `SiteSettings` would refuse, by key, each with what it expected.
    static func unusableSettings(_ settings: [(key: String, value: String)]) -> [String: String] {
        do {
            _ = try siteSettingsChecked(settings)
            return [:]
        } catch {
            var unusable: [String: String] = [:]
            for problem in error.errors {
                if case .invalidValue(let key, _, let expected) = problem.reason { unusable[key] = expected }
            }
            return unusable
        }
    }

    /// The settings as a blog reads them, or nil when it refuses them.
    static func siteSettings(_ settings: [(key: String, value: String)]) -> SiteSettings? {
        try? siteSettingsChecked(settings)
    }

    static func siteSettingsChecked(_ settings: [(key: String, value: String)]) throws(MetadataErrors) -> SiteSettings {
        let metadata = PostMetadata(fields: settings.enumerated().map { PostMetadata.Field(key: $0.element.key, value: $0.element.value, line: $0.offset + 1) })
        return try SiteSettings(metadata: metadata)
    }

    /// Prints the problems of an import that wrote nothing; returns the exit code to throw.
    static func failure(_ error: ImportError) -> ExitCode {
        let count = error.problems.count
        let lines = error.problems.map(\.description) + ["bake: \(count) problem\(count == 1 ? "" : "s"); nothing was imported."]
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        return .failure
    }

    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}

private func counted(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
