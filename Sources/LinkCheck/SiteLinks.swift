/// Checks the links of the site's pages against its files, without the network: whether each
/// link to the site leads to a file, and each fragment to an `id` or `name` on its page.
///
/// Fragments are checked once every page is read, since a link's target may be read after it.
///
/// ```swift
/// let links = SiteLinks(site: SiteAddress(url: settings.url), files: SiteFiles(paths))
/// let result = links.check(scan, on: "2014/03/31/hello.html")
/// let broken = result.broken + links.brokenFragments(result.fragments, anchors: anchorsByPage)
/// ```
public struct SiteLinks: Sendable {
    public let site: SiteAddress
    public let files: SiteFiles

    public init(site: SiteAddress, files: SiteFiles) {
        self.site = site
        self.files = files
    }

    /// What checking one page found.
    public struct PageResult: Sendable {
        /// Links to a path where nothing is served.
        public var broken: [BrokenLink] = []
        /// Links with a fragment, to check once the anchors of their target are known.
        public var fragments: [FragmentLink] = []
        /// Links to other sites, for `--external`.
        public var external: [ExternalLink] = []
        /// How many links to the site were checked.
        public var checked = 0

        public init() {}
    }

    /// A link to a fragment of a page of the site.
    public struct FragmentLink: Sendable, Hashable {
        public let page: String
        public let url: String
        /// The file served for the link, whose anchors must have the fragment.
        public let target: String
        public let fragment: String
    }

    /// A link to another site.
    public struct ExternalLink: Sendable, Hashable {
        public let page: String
        /// The URL as the page holds it.
        public let url: String
        /// What to request: the URL without its fragment.
        public let address: String
    }

    /// The links of `scan`, which is the page or feed at `page`.
    public func check(_ scan: PageScan, on page: String) -> PageResult {
        var result = PageResult()
        for link in scan.links {
            switch site.resolve(link.url, on: page) {
            case .none:
                continue
            case .external(let address):
                result.external.append(ExternalLink(page: page, url: link.url, address: address))
            case .site(let path, let fragment):
                result.checked += 1
                guard let file = files.file(serving: path) else {
                    result.broken.append(BrokenLink(page: page, url: link.url, problem: link.kind == .file ? .noSuchFile : .noSuchPage))
                    continue
                }
                if let fragment, link.kind != .file, !Self.alwaysThere(fragment) {
                    if file == page {
                        if !scan.anchors.contains(fragment) {
                            result.broken.append(BrokenLink(page: page, url: link.url, problem: .noSuchFragment(fragment)))
                        }
                    } else {
                        result.fragments.append(FragmentLink(page: page, url: link.url, target: file, fragment: fragment))
                    }
                }
            }
        }
        return result
    }

    /// The fragment links whose target page has no such anchor; a target that is not an HTML
    /// page (absent from `anchors`) is not checked.
    public func brokenFragments(_ links: [FragmentLink], anchors: [String: Set<String>]) -> [BrokenLink] {
        links.compactMap { link in
            guard let targetAnchors = anchors[link.target], !targetAnchors.contains(link.fragment) else { return nil }
            return BrokenLink(page: link.page, url: link.url, problem: .noSuchFragment(link.fragment))
        }
    }

    /// Fragments every page has: none (`#`), the top (`#top`), and text fragments (`#:~:text=`).
    static func alwaysThere(_ fragment: String) -> Bool {
        fragment.isEmpty || fragment.lowercased() == "top" || fragment.hasPrefix(":~:")
    }
}
