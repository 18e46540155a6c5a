import ArgumentParser
import BakeIO
import Foundation
import MetaWeblog

extension BakeMetaWeblog {
    /// `bake-metaweblog [BLOG_DIR]`: serve the XML-RPC endpoint until Ctrl-C.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Serve the XML-RPC endpoint for the blog (the default command).")

        @Argument(help: "The blog folder (default: the current folder).")
        var blogDirectory: String?

        @Option(name: .shortAndLong, help: "Where the re-bakes write the site, as `bake build --output` (default: the blog's @output, else BLOG_DIR/site).")
        var output: String?

        @Option(help: "A theme folder for the re-bakes, as `bake build --theme` (default: the blog's @theme, else the built-in theme).")
        var theme: String?

        @Flag(help: "Publish the posts in drafts/ too, as `bake build --drafts`.")
        var drafts = false

        @Flag(help: "Publish posts dated in the future too, as `bake build --future`.")
        var future = false

        @Option(help: "The address to listen on. Anything but loopback needs --allow-remote.")
        var host = "127.0.0.1"

        @Option(help: "The port to listen on.")
        var port = MetaWeblogOptions.defaultPort

        @Flag(help: "Allow a --host that other machines can reach. Passwords travel in the clear over plain HTTP.")
        var allowRemote = false

        @Option(help: "The largest request body accepted, in bytes; media arrive inside it.")
        var maxBodySize = MetaWeblogOptions.defaultMaxBodySize

        @Option(help: "The deepest nesting of XML elements accepted.")
        var maxDepth = MetaWeblogOptions.defaultMaxDepth

        @Flag(help: "Publish the site to @deploy_to with rsync after every change, as @deploy_on_post true does.")
        var deploy = false

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port; expected 0 to 65535") }
            guard maxBodySize > 0, maxDepth > 0 else { throw ValidationError("--max-body-size and --max-depth must be above 0") }
        }

        func run() async throws {
            let cwd = FileManager.default.currentDirectoryPath
            let path = blogDirectory.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 } ?? cwd
            let blog = BlogFolder(root: URL(fileURLWithPath: path).standardizedFileURL.path)
            guard blog.hasSettings else {
                throw ValidationError("\(blog.root): no site.settings here; expected a blog folder")
            }
            func absolute(_ path: String) -> String {
                URL(fileURLWithPath: path.hasPrefix("/") ? path : cwd + "/" + path).standardizedFileURL.path
            }
            let overrides = BlogConfiguration.Overrides(
                output: output.map(absolute), theme: theme.map(absolute), includeDrafts: drafts, includeFuture: future
            )
            let options = MetaWeblogOptions(
                blog: blog, overrides: overrides, host: host, port: port, allowRemote: allowRemote,
                maxBodySize: maxBodySize, maxDepth: maxDepth, deploy: deploy
            )
            // Suggested once the real address is known (with --port 0, or an IPv6 host).
            let suggestsURL = options.configuration.settings.xmlrpcURL == nil
            let server: MetaWeblogServer
            do {
                server = try await MetaWeblogServer(options: options, onEvent: { Self.show($0, suggestingURL: suggestsURL) })
            } catch {
                Self.printError("bake-metaweblog: \(error.message)")
                throw ExitCode.failure
            }
            if !options.isLoopback {
                Self.printError("warning: listening on \(host), which other machines can reach; user names and passwords travel in the clear over plain HTTP")
            }
            do {
                try await server.run()
            } catch {
                Self.printError("bake-metaweblog: cannot serve on \(host):\(port): \(error); expected a free port, or --port 0 for any")
                throw ExitCode.failure
            }
        }

        /// Prints what happens to the blog, one line each.
        /// - Parameter suggestingURL: site.settings has no `@xmlrpc_url`: say which to add.
        static func show(_ event: MetaWeblogEvent, suggestingURL: Bool) {
            switch event {
            case .listening(let url):
                say("Listening at \(url) (Ctrl-C stops)")
                if url.hasSuffix("/xmlrpc") {
                    say("Micropub at \(url.dropLast("/xmlrpc".count))/micropub")
                }
                if suggestingURL {
                    printError("note: site.settings has no @xmlrpc_url, so editors (MarsEdit, and Micropub apps such as iA Writer) cannot discover the endpoints; add `@xmlrpc_url \(url)`")
                }
            case .saved(let change):
                say("Saved \(change)")
            case .notCommitted(let saved, let error, let waiting):
                let others = waiting.isEmpty ? "" : ", as will the \(waiting.count) earlier change\(waiting.count == 1 ? "" : "s") git could not commit"
                printError("Saved \(saved), but git could not commit it (\(error.said)); it will be committed as soon as git can\(others)")
            case .committedEarlier(let earlier, let saved):
                say("Committed \(saved) with \(earlier.count) earlier change\(earlier.count == 1 ? "" : "s") git could not commit before: \(earlier.joined(separator: ", "))")
            case .committedLater(let saved):
                say("Committed \(saved.count) change\(saved.count == 1 ? "" : "s") git could not commit before: \(saved.joined(separator: ", "))")
            case .uncommittedAtStart(let saved):
                printError("\(saved.count) change\(saved.count == 1 ? " was" : "s were") saved but not committed before the last stop: \(saved.joined(separator: ", ")); "
                    + "\(saved.count == 1 ? "it is" : "they are") committed now, or as soon as git can")
            case .uncommittedListFailed(let error):
                printError("Warning: \(error.message); changes git could not commit are kept in memory only, so if the shim stops first, commit them by hand (git status shows them)")
            case .bakeWarnings(let warnings):
                warnings.forEach { printError("Warning: \($0)") }
            case .siteNotRebuilt(let failure):
                printError("The site was not updated; the re-bake failed:\n\(failure.description)")
            case .scheduledBake(let written, let removed):
                say("A post's scheduled time came: re-baked (\(written) file\(written == 1 ? "" : "s") written, \(removed) removed)")
            case .searchIndexed(let bundles, let pages, let afterTheAnswer):
                let when = afterTheAnswer.map { " \(String(format: "%.2f", $0.inSeconds)) s after the answer" } ?? ""
                say("Search index made again\(when): \(bundles.joined(separator: ", ")) (\(pages) page\(pages == 1 ? "" : "s"))")
            case .searchNotIndexed(let failure):
                printError("The pages were re-baked, but not the search index, which shows them as they were until the next change:\n\(failure.description)")
            case .published(let summary):
                say("Published \(summary.sent.count) file\(summary.sent.count == 1 ? "" : "s") and deleted \(summary.deleted.count): \(summary.bytes) bytes sent → \(summary.target)")
            case .announced(let report):
                report.lines.forEach(say)
                report.warnings.forEach { printError("Warning: \($0)") }
            case .notPublished(let error):
                printError("Saved, but not published: \(error.message)")
            case .badLogin(let user, let client):
                printError("Bad login for user \"\(user)\" from \(client)")
            case .loginRefused(let user, let client):
                printError("Login for user \"\(user)\" from \(client) refused unchecked: too many failed or waiting logins")
            case .badToken(let client):
                printError("Bad Micropub token from \(client)")
            case .badSignIn(let client):
                printError("Wrong password on the sign-in page from \(client)")
            case .signedIn(let name):
                say("Signed in \(name): a token was made (list-tokens shows it, revoke-token removes it)")
            }
        }

        /// Writes a line to standard output at once, unbuffered, also into a pipe or a log file.
        static func say(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }

        static func printError(_ line: String) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}
