/// Where one output of the site lives: the file bake writes, and the path readers link to.
///
/// The two come from the same call, so a page's canonical URL, its sitemap entry and every
/// link to it name the file bake wrote.
public struct SitePath: Sendable, Hashable, Encodable {
    /// The file inside the output folder, e.g. `categories/swift/index.html`.
    public let file: String
    /// What links name, relative to the site's URL: the folder for an `index.html`, e.g.
    /// `categories/swift/`, else the file.
    public let link: String

    /// A file linked to by its own name.
    init(file: String) {
        self.file = file
        self.link = file
    }

    /// The `index.html` of `folder` ("" or ending in `/`), linked to by the folder.
    init(folder: String) {
        self.file = folder + "index.html"
        self.link = folder
    }

    /// The folder of `file` ("" or ending in `/`), which relative URLs on the page start from.
    public var folder: String {
        file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
    }
}

/// Every path and URL of the site, in one place: what each kind of output is called, where
/// the blog's folder and file suffix put it, and its root-relative and absolute URLs.
///
/// ```swift
/// let paths = SitePaths(settings: settings)   // @site_url https://example.com/blog
/// paths.category("swift", page: 2).file       // "categories/swift/page/2/index.html"
/// paths.list(.links, page: 2).file            // "links/page/2/index.html"
/// paths.url(paths.category("swift"))          // "/blog/categories/swift/"
/// paths.absoluteURL(paths.archive)            // "https://example.com/blog/archive.html"
/// ```
public struct SitePaths: Sendable, Hashable {
    public let layout: SiteLayout
    /// The site's absolute URL without a trailing slash.
    public let siteURL: String
    /// The path part of `siteURL`, "" or e.g. `/blog`.
    public let basePath: String

    public init(settings: SiteSettings) {
        self.init(layout: settings.layout, siteURL: settings.url, basePath: settings.basePath)
    }

    public init(layout: SiteLayout, siteURL: String, basePath: String) {
        self.layout = layout
        self.siteURL = siteURL
        self.basePath = basePath
    }

    /// The root-relative URL of `path`, e.g. `/blog/2014/03/`.
    public func url(_ path: SitePath) -> String {
        url(link: path.link)
    }

    /// The root-relative URL of a `SitePath.link` kept in a value, e.g. a `PostLink`'s.
    public func url(link: String) -> String {
        basePath + "/" + link
    }

    /// The absolute URL of `path`, e.g. `https://example.com/blog/2014/03/`.
    public func absoluteURL(_ path: SitePath) -> String {
        siteURL + "/" + path.link
    }
}

/// The outputs, by kind.
extension SitePaths {
    /// Page `page` (1-based) of a list: the list's own folder first, then `page/2/`, `page/3/`…
    public func list(_ list: PagedList, page: Int = 1) -> SitePath {
        listPage(folder: list.folder, page: page)
    }

    /// The home page, or page `page` of its older posts.
    public func home(page: Int = 1) -> SitePath { list(.home, page: page) }

    /// Page `page` of a category's posts.
    public func category(_ slug: String, page: Int = 1) -> SitePath { listPage(folder: Self.categoryFolder(slug), page: page) }

    /// The folder of a category's pages and feeds, inside the blog's folder.
    static func categoryFolder(_ slug: String) -> String { "categories/\(slug)/" }

    private func listPage(folder: String, page: Int) -> SitePath {
        SitePath(folder: blog(page <= 1 ? folder : folder + "page/\(page)/"))
    }

    /// Every post's title, by month.
    public var archive: SitePath { SitePath(file: blog("archive.html")) }

    /// The list of categories.
    public var categories: SitePath { SitePath(folder: blog("categories/")) }

    /// Every category, sized by how many posts it has. A file, not a folder, in the categories'
    /// folder: no category's slug (letters, digits and dashes) can take its name.
    public var tagCloud: SitePath { SitePath(file: blog("categories/cloud.html")) }

    /// A year's months and posts.
    public func year(_ year: Int) -> SitePath { SitePath(folder: blog("\(Permalink.fourDigits(year))/")) }

    /// A month's posts.
    public func month(_ key: MonthKey) -> SitePath { SitePath(folder: blog(key.folder)) }

    /// The site's feed, or a category's (by slug).
    public func feed(_ format: FeedInputs.Format, category slug: String? = nil) -> SitePath {
        feed(format, folder: slug.map(Self.categoryFolder))
    }

    /// A list's feed: the home page's is the site's, any other list's is in its folder.
    public func feed(_ format: FeedInputs.Format, of list: PagedList) -> SitePath {
        switch list {
        case .home: return feed(format, folder: nil)
        case .category, .links: return feed(format, folder: list.folder)
        }
    }

    /// The site's feed (`folder` nil) or a list's, in its folder.
    private func feed(_ format: FeedInputs.Format, folder: String?) -> SitePath {
        switch format {
        case .rss: return SitePath(file: blog((folder ?? "xml/") + "rss.xml"))
        case .json: return SitePath(file: blog((folder ?? "") + "feed.json"))
        }
    }

    /// A post's own page, e.g. `blog/2014/03/31/hello.htm`.
    public func post(_ permalink: Permalink) -> SitePath {
        guard !layout.blogFolder.isEmpty || layout.fileSuffix != ".html" else { return SitePath(file: permalink.path) }
        return SitePath(file: blog(permalink.path.dropLast(".html".count) + layout.fileSuffix))
    }

    /// A standalone page, at the site's root, e.g. `about.html`.
    public func page(_ page: Page) -> SitePath {
        SitePath(file: layout.fileSuffix == ".html" ? page.path : page.name + layout.fileSuffix)
    }

    public var notFound: SitePath { SitePath(file: "404.html") }
    /// The search page, with `@search true`: at the site's root, as it searches pages too.
    public var search: SitePath { SitePath(folder: "search/") }
    public var sitemap: SitePath { SitePath(file: "sitemap.xml") }
    /// Really Simple Discovery, for desktop editors.
    public var rsd: SitePath { SitePath(file: "rsd.xml") }

    /// A file of the theme's or the blog's `static/` folder, e.g. `style.css`.
    public func staticFile(_ path: String) -> SitePath { SitePath(file: path) }

    /// A page at an old URL (`@aliases`), as `Redirects` resolved it.
    public func redirect(_ redirect: Redirect) -> SitePath { SitePath(file: redirect.path) }

    /// A path inside the blog's folder.
    private func blog(_ path: String) -> String {
        layout.blogFolder + path
    }
}

/// Post URLs read back, for editors that name a post by its URL (Micropub).
extension SitePaths {
    /// The permalink of the post at absolute `url`, or nil when it is not a post URL of this
    /// site. The scheme may differ (`http` for `https`); a query or fragment is ignored.
    ///
    /// ```swift
    /// paths.permalink(ofPostURL: "https://example.com/2014/03/31/hello.html")     // 2014/03/31 "hello"
    /// paths.permalink(ofPostURL: "https://elsewhere.example/2014/03/31/hello.html")   // nil
    /// ```
    public func permalink(ofPostURL url: String) -> Permalink? {
        var text = Substring(url)
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<end] }
        let site = Self.withoutScheme(siteURL) + "/"
        var rest = Self.withoutScheme(String(text))
        guard rest.hasPrefix(site) else { return nil }
        rest.removeFirst(site.count)
        guard rest.hasPrefix(layout.blogFolder), rest.hasSuffix(layout.fileSuffix) else { return nil }
        let path = rest.dropFirst(layout.blogFolder.count).dropLast(layout.fileSuffix.count)
        guard !path.contains("."), !path.contains("\\") else { return nil }
        return Permalink(calendarPath: path + ".markdown")
    }

    private static func withoutScheme(_ url: String) -> String {
        for scheme in ["https://", "http://"] where url.lowercased().hasPrefix(scheme) {
            return String(url.dropFirst(scheme.count))
        }
        return url
    }
}
