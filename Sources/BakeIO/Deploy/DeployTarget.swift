import Foundation

/// Where `bake deploy` publishes the site, in one of the three forms rsync understands.
///
/// ```swift
/// let target = try DeployTarget("me@example.com:www", relativeTo: "/blog")
/// target.host                 // "example.com"
/// target.rsyncDestination     // "me@example.com:www/"
/// ```
public struct DeployTarget: Sendable, Hashable {
    /// The three forms.
    public enum Kind: Sendable, Hashable {
        /// A folder on this machine, absolute.
        case folder
        /// `[user@]host:path`, through rsync over ssh.
        case shell
        /// `rsync://[user@]host[:port]/module/path`, an rsync daemon.
        case daemon
    }

    public let kind: Kind
    /// The target as bake names it and keys what it published there: the folder's absolute
    /// path, or the remote form as written, without trailing slashes.
    public let name: String
    /// The machine rsync connects to, for messages: "this machine" for a folder.
    public let host: String

    /// Reads a target; a relative folder is taken from `folder`.
    public init(_ text: String, relativeTo folder: String) throws(DeployError) {
        var text = text.trimmingCharacters(in: .whitespaces)
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        guard !text.isEmpty else { throw DeployError(.invalidTarget(text)) }
        if text.lowercased().hasPrefix("rsync:") {
            guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty, !host.hasPrefix("-"),
                  components.path.split(separator: "/").first != nil else {
                throw DeployError(.invalidTarget(text))
            }
            kind = .daemon
            name = text
            self.host = components.port.map { "\(host):\($0)" } ?? host
        } else if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") {
            // rsync's own rule: a colon before any slash makes the path remote.
            let login = text[..<colon]
            let host = login.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? ""
            // A host that starts with `-` would reach ssh as an option (`-oProxyCommand=…`).
            guard !host.isEmpty, !host.hasPrefix("-"), !login.hasPrefix("-"), !text[text.index(after: colon)...].hasPrefix(":") else {
                throw DeployError(.invalidTarget(text))
            }
            kind = .shell
            name = text
            self.host = host
        } else {
            let joined = text.hasPrefix("/") ? text : folder + "/" + text
            kind = .folder
            name = URL(fileURLWithPath: joined).standardizedFileURL.path
            host = "this machine"
        }
    }

    /// The destination as rsync takes it: with a trailing slash, so the site's files land
    /// inside the folder rather than in a folder of the output's name within it.
    /// `host:` alone is the login's home folder, which a slash would turn into `/`.
    public var rsyncDestination: String {
        name == "/" || name.hasSuffix(":") ? name : name + "/"
    }
}

extension DeployTarget: CustomStringConvertible {
    /// The name.
    public var description: String { name }
}
