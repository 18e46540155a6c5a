/// A link of a built page that leads nowhere, before it is traced to the file that holds it.
public struct BrokenLink: Sendable, Hashable {
    /// What is wrong with where the link leads.
    public enum Problem: Sendable, Hashable {
        /// No page is served at the link's path.
        case noSuchPage
        /// No file (image, stylesheet, script, media) is served at the link's path.
        case noSuchFile
        /// The page is there, but has no element with this `id` (or anchor with this `name`).
        case noSuchFragment(String)
        /// Another site's answer, in words, e.g. `404 Not Found` or `timed out after 10 s`.
        case external(String)
    }

    /// The page or feed that holds the link, by its path in the site.
    public let page: String
    /// The URL as the page holds it.
    public let url: String
    public let problem: Problem

    public init(page: String, url: String, problem: Problem) {
        self.page = page
        self.url = url
        self.problem = problem
    }
}

extension BrokenLink.Problem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noSuchPage: "no such page"
        case .noSuchFile: "no such file"
        case .noSuchFragment(let fragment): "no id or name \"\(fragment)\" on that page"
        case .external(let reason): reason
        }
    }
}
