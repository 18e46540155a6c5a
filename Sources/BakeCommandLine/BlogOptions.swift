import ArgumentParser
import BakeIO
import BakeKit
import Foundation

/// The options every command that bakes shares.
package struct BlogOptions: ParsableArguments {
    @Argument(help: "The blog folder (default: the current folder if it has a site.settings, else posts-sample).")
    package var blogDirectory: String?

    @Option(help: "A theme folder to use instead of the blog's @theme or the built-in theme.")
    package var theme: String?

    @Flag(help: "Publish the posts in drafts/ too.")
    package var drafts = false

    @Flag(help: "Publish posts dated in the future too.")
    package var future = false

    package init() {}

    /// The blog's configuration, with these flags and `output` overriding its settings.
    package func configuration(output: String?) throws -> BlogConfiguration {
        let cwd = FileManager.default.currentDirectoryPath
        let (blog, theme) = try resolve()
        return BlogConfiguration.load(blog, overrides: .init(
            output: output.map { absolute($0, from: cwd) }, theme: theme, includeDrafts: drafts, includeFuture: future
        ))
    }

    /// The blog folder and theme folder to use.
    package func resolve() throws -> (blog: BlogFolder, theme: String?) {
        let cwd = FileManager.default.currentDirectoryPath
        if let blogDirectory {
            let blog = BlogFolder(root: absolute(blogDirectory, from: cwd))
            guard blog.hasSettings else {
                throw ValidationError("\(blogDirectory): no site.settings here; expected a blog folder (`bake init \(blogDirectory)` starts one)")
            }
            return (blog, theme.map { absolute($0, from: cwd) })
        }
        let here = BlogFolder(root: cwd)
        if here.hasSettings { return (here, theme.map { absolute($0, from: cwd) }) }
        let sample = BlogFolder(root: cwd + "/posts-sample")
        if sample.hasSettings {
            let template = cwd + "/site-template"
            return (sample, theme.map { absolute($0, from: cwd) } ?? (FileIO.isFolder(template) ? template : nil))
        }
        throw ValidationError("no site.settings in \(cwd); expected a blog folder (`bake init DIR` starts one)")
    }

    package func absolute(_ path: String, from cwd: String) -> String {
        let joined = path.hasPrefix("/") ? path : cwd + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
