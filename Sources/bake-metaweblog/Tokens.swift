import ArgumentParser
import BakeIO
import Foundation
import MetaWeblog

/// The blog folder argument the token commands share with `serve`.
struct BlogArgument: ParsableArguments {
    @Argument(help: "The blog folder (default: the current folder).")
    var blogDirectory: String?

    /// The blog, which must have a `site.settings`.
    func blog() throws -> BlogFolder {
        let cwd = FileManager.default.currentDirectoryPath
        let path = blogDirectory.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 } ?? cwd
        let blog = BlogFolder(root: URL(fileURLWithPath: path).standardizedFileURL.path)
        guard blog.hasSettings else { throw ValidationError("\(blog.root): no site.settings here; expected a blog folder") }
        return blog
    }
}

extension BakeMetaWeblog {
    /// `bake-metaweblog new-token [BLOG_DIR] --name NAME [--scope …]`: make a Micropub token.
    struct NewToken: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a Micropub access token for an app, and print it once.",
            discussion: "The blog keeps only the token's SHA-256, with its name, scopes and date, in .micropub-tokens. The token is the last line printed."
        )

        @OptionGroup var blog: BlogArgument

        @Option(help: "Who the token is for, e.g. \"iA Writer\"; revoke-token takes this name.")
        var name: String

        @Option(help: "What the token may do: some of create,update,delete,media.")
        var scope = "create,update,delete,media"

        func run() throws {
            let scopes = TokenScope.parse(scope)
            let unknown = scope.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0 != "post" && TokenScope(rawValue: $0) == nil }
            guard unknown.isEmpty, !scopes.isEmpty else {
                throw ValidationError("--scope \(scope) is not a list of scopes; expected some of create,update,delete,media separated by commas")
            }
            let store = TokenStore(blog: try blog.blog())
            do {
                let made = try store.add(name: name, scopes: scopes, now: Date())
                FileHandle.standardError.write(Data("Token \"\(made.record.name)\" (\(scopes.map(\.rawValue).joined(separator: ","))); it is shown only now:\n".utf8))
                print(made.token)
            } catch {
                throw ValidationError(error.message)
            }
        }
    }

    /// `bake-metaweblog list-tokens [BLOG_DIR]`.
    struct ListTokens: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the blog's Micropub tokens: name, scopes, creation date.")

        @OptionGroup var blog: BlogArgument

        func run() throws {
            do {
                for token in try TokenStore(blog: try blog.blog()).all() {
                    print("\(token.name)\t\(token.scopes.map(\.rawValue).joined(separator: ","))\t\(token.created)")
                }
            } catch let error as TokenStoreError {
                throw ValidationError(error.message)
            }
        }
    }

    /// `bake-metaweblog revoke-token NAME [BLOG_DIR]`.
    struct RevokeToken: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke the Micropub token with this name; it stops working at once.")

        @Argument(help: "The token's name, as list-tokens shows it.")
        var name: String

        @OptionGroup var blog: BlogArgument

        func run() throws {
            do {
                try TokenStore(blog: try blog.blog()).revoke(name: name)
                print("Revoked \"\(name)\"")
            } catch let error as TokenStoreError {
                throw ValidationError(error.message)
            }
        }
    }
}
