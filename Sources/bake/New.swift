import ArgumentParser
import BakeCommandLine
import BakeIO
import BakeKit
import Foundation

extension Bake {
    /// `bake new "Title"`: today's post file, with its header, in the right calendar folder.
    /// `bake new page "Title"`: a page in `pages/`.
    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create today's post file (or, with `new page TITLE`, a page) and print its path.",
            discussion: """
            On a terminal with $VISUAL or $EDITOR set, the new file opens in that editor. A post \
            in posts/ is published by the next bake: write it first, or start it with --draft.
            """
        )

        @Argument(help: "The post's title; leave it out for an untitled post. `page` followed by a title makes a page in pages/.")
        var title: String?

        @Argument(help: ArgumentHelp("The page's title, after `page`.", visibility: .hidden))
        var pageTitle: String?

        @Option(help: "The blog folder (default: the current folder).")
        var blog: String?

        @Flag(help: "Write an .html post instead of Markdown.")
        var html = false

        @Flag(help: "Start the post in drafts/, where bake build never publishes it.")
        var draft = false

        @Flag(help: "Do not open the new file in $VISUAL or $EDITOR.")
        var noEdit = false

        func run() async throws {
            let cwd = FileManager.default.currentDirectoryPath
            let given = blog ?? "."
            let folder = BlogFolder(root: URL(fileURLWithPath: given.hasPrefix("/") ? given : cwd + "/" + given).standardizedFileURL.path)
            guard folder.hasSettings else {
                throw ValidationError("\(given): no site.settings here; expected a blog folder (`bake init DIR` starts one)")
            }
            let terminal = Terminal()
            let settings: SiteSettings
            do {
                settings = try folder.settings()
            } catch {
                terminal.report(error, blog: folder, outcome: "no post was written")
                throw ExitCode.failure
            }
            if let pageTitle {
                guard title == "page" else {
                    throw ValidationError("expected one title in quotes, or `page` and a title; got \(title ?? "") and \(pageTitle)")
                }
                try await writePage(title: pageTitle, folder: folder, terminal: terminal)
                return
            }
            let now = Timestamp(Date()).civil(in: settings.timeZone)
            let title = title ?? ""
            let slug = Slug.make(from: title.isEmpty ? "note \(two(now.hour))\(two(now.minute))\(two(now.second))" : title)
            let tree = PostTree(blog: folder)
            var fields: [(key: String, value: String)] = []
            if !title.isEmpty { fields.append((HeaderKey.title.name, title)) }
            fields.append((HeaderKey.pubDate.name, now.headerText))
            let path: String
            do {
                path = try tree.newPostPath(folder: draft ? "drafts" : "posts", date: now, slug: slug, format: html ? .html : .markdown)
                try tree.write(PostFile(fields: fields, body: "").text, to: path)
            } catch {
                terminal.report(error, blog: folder, outcome: "no post was written")
                throw ExitCode.failure
            }
            print(Terminal.shown(folder.path(path)))
            if !noEdit, let editor = Self.editor() {
                await Self.open(folder.path(path), with: editor)
            }
            if !draft, Self.hasEmptyBody(folder.path(path)) {
                FileHandle.standardError.write(Data("warning: \(path) has no text yet, and the next bake publishes it; write it first, or move it to drafts/\n".utf8))
            }
        }

        private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

        /// Writes `pages/<slug>.markdown` (or `.html`) with the title, never over an existing page.
        private func writePage(title: String, folder: BlogFolder, terminal: Terminal) async throws {
            let slug = Slug.make(from: title)
            var taken: Set<String> = []
            do {
                for entry in try FileTree.scan(folder.path("pages")) { taken.insert(BodyFormat.stem(of: entry.path)) }
            } catch {
                terminal.report(error, blog: folder, outcome: "no page was written")
                throw ExitCode.failure
            }
            let path = "pages/\(Slug.unique(slug.isEmpty ? "page" : slug, taken: taken)).\(html ? "html" : "markdown")"
            do {
                try PostTree(blog: folder).write(PostFile(fields: [(HeaderKey.title.name, title)], body: "").text, to: path)
            } catch {
                terminal.report(error, blog: folder, outcome: "no page was written")
                throw ExitCode.failure
            }
            print(Terminal.shown(folder.path(path)))
            if !noEdit, let editor = Self.editor() {
                await Self.open(folder.path(path), with: editor)
            }
        }
    }
}

private extension Bake.New {
    /// The user's editor, when both ends are a terminal to edit on.
    static func editor() -> String? {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { return nil }
        let environment = ProcessInfo.processInfo.environment
        return [environment["VISUAL"], environment["EDITOR"]].lazy.compactMap { $0 }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Runs the editor as a shell would (it may carry flags, e.g. `code --wait`) and waits for it.
    static func open(_ path: String, with editor: String) async {
        do {
            _ = try await Program(executable: "/bin/sh").runOnTerminal(["-c", editor + " \"$1\"", "sh", path])
        } catch {
            FileHandle.standardError.write(Data("warning: cannot start the editor `\(editor)` (\(error)); the post is written, open it yourself\n".utf8))
        }
    }

    static func hasEmptyBody(_ path: String) -> Bool {
        guard let bytes = try? FileIO.read(path) else { return false }
        let parsed = MetadataParser().parse(text: String(decoding: bytes, as: UTF8.self))
        return parsed.body.allSatisfy(\.isWhitespace)
    }
}
