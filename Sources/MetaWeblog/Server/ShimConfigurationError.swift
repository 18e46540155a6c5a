import BakeIO
import BakeKit

/// Why the shim cannot start.
public struct ShimConfigurationError: Error, Sendable, Hashable {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// `site.settings` could not be read, or has bad lines.
        case invalidSettings([Diagnostic])
        /// No user name or no password hash is configured; `missing` names what is missing.
        case missingCredentials(missing: [String])
        /// The password hash is not a bcrypt hash; `source` is the setting or variable.
        case invalidPasswordHash(source: String)
        /// `@commit_changes` is true, but git cannot commit in the blog.
        case git(GitError)
        /// The host is not a loopback address and remote access was not allowed.
        case remoteHostNotAllowed(host: String)
        /// Publishing after every change was asked for, but cannot be done: no target, say.
        case deploy(DeployError)
    }

    /// What is wrong.
    public let reason: Reason

    /// Creates an error.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// What is wrong, and what to do.
    public var message: String {
        switch reason {
        case .invalidSettings(let problems):
            problems.map(\.description).joined(separator: "\n")
        case .missingCredentials(let missing):
            "no login is configured: missing \(missing.joined(separator: " and ")). "
                + "Run `bake-metaweblog hash-password` for a hash, then add `@metaweblog_user NAME` and "
                + "`@metaweblog_password_hash HASH` to site.settings"
        case .invalidPasswordHash(let source):
            "\(source) is not a bcrypt hash (expected `$2b$` and 56 more characters); never store the password itself: "
                + "run `bake-metaweblog hash-password` and store what it prints"
        case .git(let error):
            error.message
        case .remoteHostNotAllowed(let host):
            "\(host) is not a loopback address; the shim listens on 127.0.0.1 unless --allow-remote is given, "
                + "since it sends passwords in the clear"
        case .deploy(let error):
            "cannot publish after each change: \(error.message)"
        }
    }
}

extension ShimConfigurationError: CustomStringConvertible {
    /// The message.
    public var description: String {
        message
    }
}
