import BakeIO
import BakeKit
import Foundation
import Testing

// MARK: - Fixtures

/// The bytes of `Fixtures/<name>`, e.g. `fixture("posts/crlf-line-endings.markdown")`.
func fixture(_ name: String) throws -> [UInt8] {
    let folder = try #require(Bundle.module.resourceURL, "the test bundle has no resources")
    let url = folder.appendingPathComponent("Fixtures").appendingPathComponent(name)
    try #require(FileManager.default.fileExists(atPath: url.path), "no fixture named \(name)")
    return [UInt8](try Data(contentsOf: url))
}

// MARK: - Sites and posts in memory

/// Settings parsed from `@key value` lines, with the sample blog's values as defaults.
func makeSettings(
    url: String = "https://example.com",
    timeZone: String = "America/Los_Angeles",
    homePostCount: Int = 8,
    feedPostCount: Int = 20,
    extra: String = ""
) throws -> SiteSettings {
    let text = """
    @site_name Test & Co
    @site_url \(url)
    @site_description A blog for tests
    @author Ada Tester
    @time_zone \(timeZone)
    @home_post_count \(homePostCount)
    @feed_post_count \(feedPostCount)
    @language en
    \(extra)
    """
    return try SiteSettings(metadata: MetadataParser().parse(text: text).metadata)
}

/// A post parsed from `text` as if it were the file at `path` (relative to the blog).
func parsePost(
    _ text: String, path: String = "posts/2014/03/31/hello.markdown",
    settings: SiteSettings? = nil, status: Post.Status = .published,
    now: Timestamp = Timestamp(seconds: 2_000_000_000)
) throws -> ParsedPost {
    let parser = PostParser(settings: try settings ?? makeSettings())
    return try parser.parsePost(path: path, bytes: Array(text.utf8), status: status, now: now)
}

/// A post with a date given as RFC 3339 text and an optional title; the body goes through Markdown.
func makePost(
    _ path: String, date: String, title: String? = "A post", body: String = "Some text.",
    extraHeader: String = "", settings: SiteSettings? = nil, status: Post.Status = .published
) throws -> ParsedPost {
    var header = ""
    if let title { header += "@title \(title)\n" }
    header += "@pubDate \(date)\n" + extraHeader
    return try parsePost(header + "\n" + body, path: path, settings: settings, status: status)
}

/// The diagnostics of a build failure as `path:line: message` lines.
func lines(of failure: BuildFailure) -> [String] {
    failure.diagnostics.map(\.description)
}

/// Runs `body` and returns the `BuildFailure` it throws, recording an issue if it throws
/// none or another error.
func buildFailure<T>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T) -> BuildFailure? {
    do {
        _ = try body()
        Issue.record("expected a BuildFailure", sourceLocation: sourceLocation)
    } catch let failure as BuildFailure {
        return failure
    } catch {
        Issue.record("expected a BuildFailure, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

// MARK: - Python, as an independent reader of what bake writes

/// Python failed to run a check script.
struct PythonError: Error, CustomStringConvertible {
    let description: String
}

/// Runs `script` with `python3`, `input` on standard input, and decodes the JSON it prints.
///
/// The feed checks need `feedparser` and `lxml` (`pip install feedparser lxml`). If they are
/// missing this throws, so the test fails with that message instead of skipping.
func runPython(_ script: String, input: [UInt8]) async throws -> [String: Any] {
    let run: ProgramRun
    do {
        run = try await Program(executable: "/usr/bin/env").run(["python3", "-c", script], input: input)
    } catch {
        throw PythonError(description: "cannot run python3 (\(error)); the feed tests need python3 with feedparser and lxml")
    }
    if run.errors.contains("ModuleNotFoundError") {
        throw PythonError(description: "python3 lacks a module the feed tests need; run `pip install feedparser lxml` first.\n\(run.errors)")
    }
    guard run.status == 0 else {
        throw PythonError(description: "python3 exited with \(run.status):\n\(run.errors)")
    }
    guard let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any] else {
        throw PythonError(description: "python3 printed no JSON object: \(run.output)")
    }
    return object
}

/// The plan's outputs by what they are, for tests that ask for one page.
enum Output {
    case home, archive, notFound, rss, jsonFeed, sitemap, rsd, categories, tagCloud
    case post(Int), page(Int), month(Int), year(Int), redirect(Int), homePage(Int)
    case category(Int, page: Int), categoryRSS(Int), categoryJSONFeed(Int)
}

extension SitePlan {
    /// The output's file, from the plan's own paths.
    func file(of output: Output) -> String {
        switch output {
        case .home: return paths.home().file
        case .archive: return paths.archive.file
        case .notFound: return paths.notFound.file
        case .rss: return paths.feed(.rss).file
        case .jsonFeed: return paths.feed(.json).file
        case .sitemap: return paths.sitemap.file
        case .rsd: return paths.rsd.file
        case .categories: return paths.categories.file
        case .tagCloud: return paths.tagCloud.file
        case .post(let index): return paths.post(posts[index].permalink).file
        case .page(let index): return paths.page(pages[index]).file
        case .month(let index): return paths.month(months[index].key).file
        case .year(let index): return paths.year(years[index].year).file
        case .redirect(let index): return paths.redirect(redirects[index]).file
        case .homePage(let page): return paths.home(page: page).file
        case .category(let index, let page): return paths.category(categories[index].slug, page: page).file
        case .categoryRSS(let index): return paths.feed(.rss, category: categories[index].slug).file
        case .categoryJSONFeed(let index): return paths.feed(.json, category: categories[index].slug).file
        }
    }

    /// The planned output; the test stops when the plan has none.
    func output(_ output: Output) -> PlannedPage {
        guard let found = self.output(at: file(of: output)) else { preconditionFailure("the plan has no \(file(of: output))") }
        return found
    }

    /// Every output's file, in plan order.
    var files: [String] { outputs.map(\.path.file) }

    /// The slugs of the posts a list or feed shows, in its order.
    func slugs(of output: Output) -> [String] {
        let refs: [Digested<PostRef>]
        switch self.output(output).inputs {
        case .list(let list): refs = list.posts
        case .feed(let feed): refs = feed.posts
        case .month(let month): refs = month.posts
        default: refs = []
        }
        return refs.map { ref in posts.first { $0.sourcePath == ref.sourcePath }?.permalink.slug ?? "?" }
    }

    /// How many pages a list runs to, as its pages say.
    func pageCount(of output: Output) -> Int? {
        switch self.output(output).inputs {
        case .list(let list): return list.pageCount
        default: return nil
        }
    }
}

extension SiteRenderer {
    func render(_ output: Output, bodies: some BodySource, entries: (any EntryCache)? = nil) -> RenderedFile {
        render(plan.output(output), bodies: bodies, entries: entries)
    }

    func bodiesNeeded(for output: Output) -> [String] {
        plan.output(output).inputs.bodiesShown
    }
}
