import BakeIO
import BakeKit
import XMLRPC

/// Why a call failed, and the fault the editor is sent for it.
///
/// Fault codes: the XML-RPC convention for protocol faults (-32700 malformed XML and
/// -32600 not a method call, both from `XMLRPCError`; -32601 unknown method; -32602 wrong
/// parameters; -32603 a reply that cannot be written), and four application faults:
///
/// | code | meaning |
/// | ---- | ------- |
/// | 403  | bad login: unknown user name or wrong password |
/// | 404  | post not found: no post or draft has that postid |
/// | 429  | too many logins: the login was not checked, after failed logins or while many wait |
/// | 500  | write failed: a file of the blog could not be written (or read), or the site could not be published; the message says which, and whether the post was saved |
///
/// A change that git could not commit is no fault: it is saved, and committed with the next
/// change (see `BlogWriter`).
public struct MetaWeblogError: Error, Sendable, Hashable {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// The user name or password is wrong.
        case badLogin
        /// The login was not checked: the caller has had too many failed logins, and may be
        /// checked again in `retryAfterSeconds`.
        case tooManyFailedLogins(retryAfterSeconds: Int)
        /// The login was not checked: too many other logins wait to be.
        case tooManyLoginsWaiting
        /// No post or draft has this postid.
        case postNotFound(postID: String)
        /// No method has this name.
        case unknownMethod(String)
        /// A parameter is missing or of the wrong type; `detail` says which and what was expected.
        case invalidParameters(method: String, detail: String)
        /// A file of the blog could not be read or written.
        case fileFailed(FileSystemError, blogRoot: String)
        /// A post file exists but is not UTF-8 text.
        case unreadablePost(path: String)
        /// A new post's date has no calendar folder, such as a day in the year 10000.
        case noCalendarFolder(day: String)
        /// The change was saved as `saved` and baked, but the site could not be published.
        case notPublished(saved: String, error: DeployError)
        /// The server is stopping and takes no more changes.
        case shuttingDown
    }

    /// What was wrong.
    public let reason: Reason

    /// Creates an error.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// The fault code: see the table above.
    public var faultCode: Int {
        switch reason {
        case .badLogin: 403
        case .tooManyFailedLogins, .tooManyLoginsWaiting: 429
        case .postNotFound: 404
        case .unknownMethod: -32601
        case .invalidParameters: -32602
        case .fileFailed, .unreadablePost, .noCalendarFolder, .notPublished, .shuttingDown: 500
        }
    }

    /// What was wrong, and what was expected or what to do: for the log. What an editor is
    /// told is `answer`.
    public var message: String {
        switch reason {
        case .badLogin:
            return "Bad login: the user name or password is wrong; expected the @metaweblog_user of site.settings "
                + "and the password whose hash is its @metaweblog_password_hash."
        case .tooManyFailedLogins(let seconds):
            return "Too many failed logins: this login was not checked; try again in \(seconds) s."
        case .tooManyLoginsWaiting:
            return "Too many logins are waiting to be checked: this login was not checked; try again in 1 s."
        case .postNotFound(let postID):
            return "Post not found: no post or draft has the postid \"\(postID)\"; expected a path under posts/ "
                + "or drafts/ such as 2014/03/31/mark_all_as_read.markdown."
        case .unknownMethod(let name):
            return "Unknown method \"\(name)\"; system.listMethods lists the methods this server has."
        case .invalidParameters(let method, let detail):
            return "Wrong parameters for \(method): \(detail)."
        case .fileFailed(let error, let root):
            var path = error.path
            if path.hasPrefix(root + "/") { path = String(path.dropFirst(root.count + 1)) }
            return "Write failed: cannot \(error.operation.rawValue) \(path) (\(error.reason)); nothing was changed."
        case .unreadablePost(let path):
            return "Write failed: \(path) is not UTF-8 text, so it cannot be read as a post; expected a UTF-8 post file."
        case .noCalendarFolder(let day):
            return "Write failed: \(day) is not a calendar folder; expected a day from 0000/01/01 to 9999/12/31; nothing was changed."
        case .notPublished(let saved, let error):
            return "Saved \(saved), but not published: \(error.message)"
        case .shuttingDown:
            return "Write failed: the server is shutting down; nothing was changed. Try again once it is running."
        }
    }

    /// What the editor or app is told: the message, without a path of this machine (see
    /// `AnswerText`), such as one that rsync's output names.
    public var answer: String {
        AnswerText.withoutPaths(message)
    }

    /// This error as a fault for the client, with `answer` as its message.
    public var fault: XMLRPCFault {
        XMLRPCFault(code: faultCode, message: answer)
    }
}

extension MetaWeblogError: CustomStringConvertible {
    /// The message.
    public var description: String {
        message
    }
}
