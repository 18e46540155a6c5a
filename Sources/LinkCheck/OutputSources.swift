import BakeKit

/// Which files of the blog each output of the site is made from, for tracing a link back to
/// where its author can fix it: a post's page is made from the post, a list page or feed from
/// the posts it shows, a page at an old URL from the file whose `@aliases` asked for it, a
/// static file from itself. Everything else on a page comes from the templates.
///
/// ```swift
/// let sources = OutputSources(plan: plan, staticFiles: ["images/logo.png": "static/images/logo.png"])
/// sources.files(of: "2014/03/31/hello.html")   // ["posts/2014/03/31/hello.markdown"]
/// sources.files(of: "index.html")              // the eight posts on the home page
/// ```
public struct OutputSources: Sendable {
    /// Every source file named, once.
    let paths: [String]
    /// Each output's sources, as indices into `paths`.
    private let indices: [String: [Int]]

    /// The sources of each output, by output path.
    public init(_ files: [String: [String]]) {
        var paths: [String] = []
        var numbers: [String: Int] = [:]
        indices = files.mapValues { sources in
            sources.map { path in
                if let number = numbers[path] { return number }
                numbers[path] = paths.count
                paths.append(path)
                return paths.count - 1
            }
        }
        self.paths = paths
    }

    /// - Parameter staticFiles: The blog's static files: output path → path in the blog.
    public init(plan: SitePlan, staticFiles: [String: String]) {
        var files: [String: [String]] = [:]
        files.reserveCapacity(plan.outputs.count + staticFiles.count)
        var byLink: [String: String] = [:]
        for post in plan.posts { byLink[plan.paths.post(post.permalink).link] = post.sourcePath }
        func shown(_ refs: [Digested<PostRef>]) -> [String] { refs.map(\.value.sourcePath) }
        for output in plan.outputs {
            let path = output.path.file
            switch output.inputs {
            case .post(let post): files[path] = [post.post.value.sourcePath]
            case .page(let page): files[path] = [page.sourcePath]
            case .redirect: files[path] = output.source.map { [$0] } ?? []
            case .list(let list): files[path] = shown(list.posts)
            case .feed(let feed): files[path] = shown(feed.posts)
            case .month(let month): files[path] = shown(month.posts)
            case .year(let year): files[path] = year.months.flatMap { $0.value.posts.compactMap { byLink[$0.path] } }
            case .categories, .tagCloud, .archive, .sitemap, .notFound, .rsd, .search, .hostRules: break
            }
        }
        for (output, source) in staticFiles { files[output] = [source] }
        self.init(files)
    }

    /// The blog's files the output at `path` is made from, most likely first; empty for
    /// outputs made from templates alone.
    public func files(of path: String) -> [String] {
        (indices[path] ?? []).map { paths[$0] }
    }

    /// The sources of the output at `path`, as indices into `paths`.
    func fileIndices(of path: String) -> [Int] {
        indices[path] ?? []
    }
}
