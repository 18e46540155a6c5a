import Foundation
import BakeIO
import BakeKit

/// What the shim reads from `site.settings` and the environment when it starts.
///
/// | setting | environment (wins) | meaning |
/// | ------- | ------------------ | ------- |
/// | `@metaweblog_user` | `BAKE_METAWEBLOG_USER` | the user name editors log in with |
/// | `@metaweblog_password_hash` | `BAKE_METAWEBLOG_PASSWORD_HASH` | bcrypt hash of the password, from `bake-metaweblog hash-password` |
/// | `@commit_changes` | | `true` to commit every change to the blog's git repository |
/// | `@deploy_on_post` | | `true` to publish the site with rsync after every change (`@deploy_to` names where) |
/// | `@upload_svg` | | `true` to take SVG uploads from editors (they can hold script) |
/// | `@xmlrpc_url` | | the endpoint's URL, for `rsd.xml` and the home page's EditURI link (bake's own key) |
public struct ShimConfiguration: Sendable {
    /// The environment variable that overrides `@metaweblog_user`.
    public static let userVariable = "BAKE_METAWEBLOG_USER"
    /// The environment variable that overrides `@metaweblog_password_hash`.
    public static let passwordHashVariable = "BAKE_METAWEBLOG_PASSWORD_HASH"

    /// The blog's settings, as bake reads them.
    public let site: SiteSettings
    /// Who may write.
    public let credentials: Credentials
    /// Whether every change is committed to git.
    public let commitChanges: Bool
    /// Whether the site is published after every change (`@deploy_on_post`).
    public let deployOnPost: Bool
    /// Whether editors may upload SVG (`@upload_svg`), which can hold script.
    public let uploadSVG: Bool

    /// Checks the blog's configuration for what the shim needs, with the environment.
    public init(configuration: BlogConfiguration, environment: [String: String]) throws(ShimConfigurationError) {
        let blog = configuration.blog
        do {
            site = try configuration.checked().settings
        } catch {
            // bake names the file relative to the blog; the shim is started from anywhere.
            throw ShimConfigurationError(.invalidSettings(error.diagnostics.map {
                Diagnostic(path: $0.path == "site.settings" ? blog.settingsPath : $0.path, line: $0.line, message: $0.message)
            }))
        }
        let user = Self.value(environment[Self.userVariable], site.metaweblogUser)
        let hashText = Self.value(environment[Self.passwordHashVariable], site.metaweblogPasswordHash)
        var missing: [String] = []
        if user == nil { missing.append("@metaweblog_user (or \(Self.userVariable))") }
        if hashText == nil { missing.append("@metaweblog_password_hash (or \(Self.passwordHashVariable))") }
        guard let user, let hashText else { throw ShimConfigurationError(.missingCredentials(missing: missing)) }
        guard let hash = PasswordHash(hashText) else {
            let source = environment[Self.passwordHashVariable].map { _ in Self.passwordHashVariable } ?? "@metaweblog_password_hash"
            throw ShimConfigurationError(.invalidPasswordHash(source: source))
        }
        credentials = Credentials(user: user, passwordHash: hash)

        commitChanges = site.commitChanges
        deployOnPost = site.deployOnPost
        uploadSVG = site.uploadSVG
    }
}

extension ShimConfiguration {
    /// Reads and checks the blog's settings, with no flags, and the environment.
    public init(blog: BlogFolder, environment: [String: String]) throws(ShimConfigurationError) {
        try self.init(configuration: .load(blog), environment: environment)
    }
}

private extension ShimConfiguration {
    /// The first value that is not empty.
    static func value(_ candidates: String?...) -> String? {
        candidates.lazy.compactMap { $0?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }
}
