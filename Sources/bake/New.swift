import ArgumentParser
import BakeIO
import BakeKit
import Foundation

extension Bake {
    /// `bake new "Title"`: today's post file, with its header, in the right calendar folder.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create today's post file and print its path.")

        @Argument(help: "The post's title; leave it out for an untitled post.")
        var title: String?

        @Option(help: "The blog folder (default: the current folder).")
        var blog: String = "."

        @Flag(help: "Write an .html post instead of Markdown.")
        var html = false

        func run() throws {
            let cwd = FileManager.default.currentDirectoryPath
            let folder = BlogFolder(root: URL(fileURLWithPath: blog.hasPrefix("/") ? blog : cwd + "/" + blog).standardizedFileURL.path)
            guard folder.hasSettings else {
                throw ValidationError("\(blog): no site.settings here; expected a blog folder (`bake init DIR` starts one)")
            }
            let terminal = Terminal()
            let settings: SiteSettings
            do {
                settings = try folder.settings()
            } catch {
                terminal.report(error, blog: folder, outcome: "no post was written")
                throw ExitCode.failure
            }
            let now = Timestamp(Date()).civil(in: settings.timeZone)
            let title = title ?? ""
            let slug = Slug.make(from: title.isEmpty ? "note \(two(now.hour))\(two(now.minute))\(two(now.second))" : title)
            let tree = PostTree(blog: folder)
            let date = now.headerText
            var fields: [(key: String, value: String)] = []
            if !title.isEmpty { fields.append(("title", title)) }
            fields.append(("pubDate", date))
            let path: String
            do {
                path = try tree.newPostPath(date: now, slug: slug, format: html ? .html : .markdown)
                try tree.write(PostFile(fields: fields, body: "").text, to: path)
            } catch {
                terminal.report(error, blog: folder, outcome: "no post was written")
                throw ExitCode.failure
            }
            print(Terminal.shown(folder.path(path)))
        }

        private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    }
}
