/// Why a site cannot be planned: two files, or a file and bake, want the same path, an alias
/// is not a path, or a page asks for what the theme does not have.
public struct PlanError: Error, Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// A post or page would write a path bake writes itself.
        case pathBakeWrites(String)
        /// Two posts or pages would write the same path; the associated source came first.
        case samePermalink(String, as: String)
        /// An `@aliases` entry that names no path on the site.
        case aliasNotAPath(alias: String)
        /// An alias would write `path`, which `owner` writes (`PlanError.bake` for bake itself).
        case aliasTaken(alias: String, path: String, owner: String)
        /// An alias would write `path`, which an alias of another file (at `line`) claims.
        case aliasClaimed(alias: String, path: String, by: String, line: Int)
        /// `@template` names a template the theme does not have.
        case missingTemplate(String)
        /// A static file would overwrite an output bake renders.
        case staticFileOverwrites(String)
    }

    /// What stands for bake, where a source is asked for.
    public static let bake = "bake"

    /// The file to fix, relative to the blog.
    public let source: String
    public let line: Int?
    public let reason: Reason

    public init(source: String, line: Int? = nil, reason: Reason) {
        self.source = source
        self.line = line
        self.reason = reason
    }

    public var message: String {
        switch reason {
        case .pathBakeWrites(let path):
            return "would write \(path), which bake writes itself; expected another file name"
        case .samePermalink(let path, let first):
            return "has the same permalink \(path) as \(first); expected each post to have its own slug"
        case .aliasNotAPath(let alias):
            return "@aliases `\(alias)` is not a path on this site; expected root-relative old URLs such as /2009/03/old-slug/, separated by commas"
        case .aliasTaken(let alias, let path, let owner):
            let who = owner == Self.bake ? "bake writes itself" : "\(owner) writes"
            return "@aliases `\(alias)` would write \(path), which \(who); expected an old URL no other page uses"
        case .aliasClaimed(let alias, let path, let first, let line):
            return "@aliases `\(alias)` would write \(path), as an alias of \(first) (line \(line)) does; expected each old URL to belong to one post or page"
        case .missingTemplate(let name):
            return "asks for @template \(name), which the theme does not have; expected the name of a file in templates/ without .mustache"
        case .staticFileOverwrites(let path):
            return "would overwrite \(path), which bake renders; expected another name"
        }
    }

    public var diagnostic: Diagnostic {
        Diagnostic(path: source, line: line, message: message)
    }
}
