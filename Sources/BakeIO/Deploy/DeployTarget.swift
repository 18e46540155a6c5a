import Foundation

/// Where `bake deploy` publishes the site: one of the three forms rsync understands, or a
/// branch of a git repository.
///
/// ```swift
/// let target = try DeployTarget("me@example.com:www", relativeTo: "/blog")
/// target.host                 // "example.com"
/// target.rsyncDestination     // "me@example.com:www/"
/// try DeployTarget("git+https://github.com/me/me.github.io.git#main", relativeTo: "/blog").kind
/// // .git(GitBranch(repository: "https://github.com/me/me.github.io.git", branch: "main"))
/// ```
public struct DeployTarget: Sendable, Hashable {
    /// The forms.
    public enum Kind: Sendable, Hashable {
        /// A folder on this machine, absolute.
        case folder
        /// `[user@]host:path`, through rsync over ssh.
        case shell
        /// `rsync://[user@]host[:port]/module/path`, an rsync daemon.
        case daemon
        /// `git+URL[#BRANCH]`: a branch of a git repository (GitHub Pages, Codeberg Pages,
        /// Netlify or Cloudflare Pages fed from git), committed to and pushed with git.
        case git(GitBranch)
        /// `s3://BUCKET[/PREFIX][?endpoint=URL&region=NAME]`: S3-compatible object storage
        /// (Amazon S3, Cloudflare R2, Backblaze B2, DigitalOcean Spaces, MinIO, Garage),
        /// written to with rclone.
        case objectStore(ObjectStore)
    }

    /// A bucket, and a folder in it, of S3-compatible object storage.
    public struct ObjectStore: Sendable, Hashable {
        public let bucket: String
        /// The folder of the site in the bucket, without slashes at either end; empty for its top.
        public let prefix: String
        /// The store's endpoint, for every store but Amazon's own.
        public let endpoint: String?
        public let region: String?

        public init(bucket: String, prefix: String = "", endpoint: String? = nil, region: String? = nil) {
            self.bucket = bucket
            self.prefix = prefix
            self.endpoint = endpoint
            self.region = region
        }
    }

    /// A branch of a git repository to publish to.
    public struct GitBranch: Sendable, Hashable {
        /// The repository as git takes it: `https://…`, `ssh://…`, `file://…` or `git://…`.
        public let repository: String
        /// The branch, `gh-pages` unless named.
        public let branch: String

        /// The branch used when the target names none, as GitHub Pages reads it.
        public static let defaultBranch = "gh-pages"

        public init(repository: String, branch: String) {
            self.repository = repository
            self.branch = branch
        }
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
        let isStore = text.lowercased().hasPrefix("s3://")
        while text.count > 1, text.hasSuffix("/"), !(isStore && text.count <= 5) { text.removeLast() }
        guard !text.isEmpty else { throw DeployError(.invalidTarget(text)) }
        if isStore {
            let store = try Self.objectStore(text)
            kind = .objectStore(store)
            name = text
            host = store.endpoint.flatMap { URLComponents(string: $0)?.host } ?? "Amazon S3"
        } else if text.lowercased().hasPrefix("git+") {
            let branch = try Self.gitBranch(String(text.dropFirst(4)), target: text)
            kind = .git(branch.0)
            name = text
            host = branch.host
        } else if text.lowercased().hasPrefix("rsync:") {
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

    /// Reads `s3://BUCKET[/PREFIX][?endpoint=URL&region=NAME]`.
    static func objectStore(_ text: String) throws(DeployError) -> ObjectStore {
        let rest = text.dropFirst("s3://".count)
        let question = rest.firstIndex(of: "?")
        let path = rest[..<(question ?? rest.endIndex)]
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let bucket = parts.first, (3...63).contains(bucket.count),
              bucket.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_") }),
              bucket.first?.isLetter == true || bucket.first?.isNumber == true else {
            throw DeployError(.invalidTarget(text))
        }
        let folders = parts.dropFirst()
        guard folders.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else { throw DeployError(.invalidTarget(text)) }
        var endpoint: String?
        var region: String?
        if let question {
            guard let items = URLComponents(string: "x:?" + rest[rest.index(after: question)...])?.queryItems else { throw DeployError(.invalidTarget(text)) }
            for item in items {
                switch item.name {
                case "endpoint":
                    guard let value = item.value, let url = URLComponents(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                          !(url.host ?? "").isEmpty else { throw DeployError(.invalidTarget(text)) }
                    endpoint = value
                case "region":
                    guard let value = item.value, !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                        throw DeployError(.invalidTarget(text))
                    }
                    region = value
                default:
                    throw DeployError(.invalidTarget(text))
                }
            }
        }
        return ObjectStore(bucket: bucket, prefix: folders.joined(separator: "/"), endpoint: endpoint, region: region)
    }

    /// Reads `URL[#BRANCH]` after `git+`; `host` is the repository's, for messages.
    static func gitBranch(_ text: String, target: String) throws(DeployError) -> (GitBranch, host: String) {
        let hash = text.lastIndex(of: "#")
        let repository = String(text[..<(hash ?? text.endIndex)])
        let branch = hash.map { String(text[text.index(after: $0)...]) } ?? GitBranch.defaultBranch
        let scheme = repository.prefix { $0 != ":" }.lowercased()
        guard ["https", "http", "ssh", "file", "git"].contains(scheme), repository.dropFirst(scheme.count).hasPrefix("://"),
              let components = URLComponents(string: repository), !components.path.isEmpty || !(components.host ?? "").isEmpty,
              !(components.host ?? "").hasPrefix("-"), isBranchName(branch) else {
            throw DeployError(.invalidTarget(target))
        }
        let host = scheme == "file" ? "this machine" : (components.host ?? "")
        guard !host.isEmpty else { throw DeployError(.invalidTarget(target)) }
        return (GitBranch(repository: repository, branch: branch), host)
    }

    /// Whether git takes `name` as a branch (`git check-ref-format --branch`'s rules, stricter).
    static func isBranchName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("-"), !name.hasPrefix("/"), !name.hasSuffix("/"), !name.hasSuffix(".lock"),
              !name.hasSuffix("."), !name.contains(".."), !name.contains("//"), !name.contains("@{"), name != "@" else { return false }
        return name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !"~^:?*[\\".unicodeScalars.contains($0) }
    }

    /// The destination as rsync takes it: with a trailing slash, so the site's files land
    /// inside the folder rather than in a folder of the output's name within it.
    /// `host:` alone is the login's home folder, which a slash would turn into `/`.
    public var rsyncDestination: String {
        name == "/" || name.hasSuffix(":") ? name : name + "/"
    }
}

extension DeployTarget: CustomStringConvertible {
    /// The name, as messages show it: a password or token in a URL's user info
    /// (`git+https://me:TOKEN@github.com/…`) shown as `***`.
    public var description: String { Self.redacted(name) }

    /// `text` with the password of a URL in it (`https://me:TOKEN@host/…`) shown as `***`.
    static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@") else { return text }
        let login = text[scheme.upperBound..<at]
        guard !login.contains("/"), let colon = login.firstIndex(of: ":") else { return text }
        return String(text[..<text.index(after: colon)]) + "***" + String(text[at...])
    }
}
