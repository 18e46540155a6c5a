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
        let posts = plan.posts.map(\.sourcePath)
        func shown(_ indices: some Sequence<Int>) -> [String] { indices.map { posts[$0] } }
        for (output, path) in zip(plan.outputs, plan.paths) {
            switch output {
            case .post(let index): files[path] = [posts[index]]
            case .page(let index): files[path] = [plan.pages[index].sourcePath]
            case .redirect(let index): files[path] = [plan.redirects[index].sourcePath]
            case .home: files[path] = shown(plan.homePostIndices(page: 1))
            case .homePage(let page): files[path] = shown(plan.homePostIndices(page: page))
            case .category(let index, let page): files[path] = shown(plan.postIndices(ofCategory: index, page: page))
            case .categoryRSS(let index), .categoryJSONFeed(let index): files[path] = shown(plan.feedPostIndices(ofCategory: index))
            case .rss, .jsonFeed: files[path] = shown(plan.feedPostIndices)
            case .month(let index): files[path] = shown(plan.months[index].postIndices)
            case .year(let index): files[path] = shown(plan.years[index].monthIndices.flatMap { plan.months[$0].postIndices })
            default: break
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
