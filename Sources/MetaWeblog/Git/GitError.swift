import BakeIO
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
        /// The list of changes git has yet to commit could not be read or written.
        case uncommittedList(FileSystemError)
        /// The list of changes git has yet to commit is not the JSON the shim writes.
        case unreadableUncommittedList(path: String)
    }

    /// What went wrong.
    public let reason: Reason

    /// Creates an error.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// What went wrong and what to do about it. It may name paths of this machine: it is for
    /// the shim's log and its start, never for an editor's answer.
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
        case .uncommittedList(let error):
            "cannot keep the list of changes git has yet to commit (\(error))"
        case .unreadableUncommittedList(let path):
            "\(path) is not the list of changes git has yet to commit that bake-metaweblog writes"
        }
    }

    /// The first line git wrote, which says what went wrong (for a lock: `fatal: Unable to
    /// create '…/.git/index.lock': File exists.`); the message when git said nothing.
    public var said: String {
        let output: String
        switch reason {
        case .unavailable(let detail): output = detail
        case .notARepository(_, let text), .noIdentity(let text), .commandFailed(_, _, let text): output = text
        case .uncommittedList, .unreadableUncommittedList: output = ""
        }
        let line = output.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        return line ?? message
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
