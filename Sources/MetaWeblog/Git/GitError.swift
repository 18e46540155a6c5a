import Foundation

/// Why git could not be used for the blog, or could not commit a change.
public struct GitError: Error, Sendable, Hashable {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// `git` could not be started; `detail` says why.
        case unavailable(detail: String)
        /// The blog folder is not inside a git work tree.
        case notARepository(path: String, output: String)
        /// git has no user name and email to commit with.
        case noIdentity(output: String)
        /// A git command exited with a failure.
        case commandFailed(arguments: [String], status: Int32, output: String)
    }

    /// What went wrong.
    public let reason: Reason

    /// Creates an error.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// What went wrong and what to do about it.
    public var message: String {
        switch reason {
        case .unavailable(let detail):
            "git could not be run (\(detail)); expected git on the PATH, since @commit_changes is true"
        case .notARepository(let path, let output):
            "\(path) is not a git repository (\(Self.oneLine(output))); run `git init` there, or set @commit_changes false"
        case .noIdentity(let output):
            "git has no identity to commit with (\(Self.oneLine(output))); set user.name and user.email with `git config`"
        case .commandFailed(let arguments, let status, let output):
            "`git \(arguments.joined(separator: " "))` exited with status \(status): \(Self.oneLine(output))"
        }
    }
}

extension GitError: CustomStringConvertible {
    /// The message.
    public var description: String {
        message
    }
}

private extension GitError {
    static func oneLine(_ output: String) -> String {
        output.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
