@testable import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// Highlighting through whole builds: one worker per build and only when a block is new, the
/// settings and the installed Pygments in what is rebuilt, and builds that go through without
/// Pygments, or with a worker that hangs or dies, as they did before highlighting.
@Suite struct CodeHighlighterTests {
    static let settings = """
    @site_name Code Blog
    @site_url https://code.example.com
    @time_zone UTC

    """
    static let codePost = "posts/2024/05/01/code.markdown"
    static let codeSource = """
    @title Code
    @pubDate 2024-05-01 09:00:00 +0000

    ```swift
    let greeting = "hello"
    ```

    ```python
    def greet():
        return 'hello'
    ```

    ```nosuchlang
    stays as it is
    ```

    ```swift
    let greeting = "hello"
    ```
    """
    /// A post's HTML body with the same code as written, which is never highlighted.
    static let htmlPost = "posts/2024/05/02/html.html"
    static let htmlSource = """
    @title HTML
    @pubDate 2024-05-02 09:00:00 +0000

    <pre tabindex="0"><code class="language-swift">let x = 1
    </code></pre>
    """
    static let plainSwift = "<pre tabindex=\"0\"><code class=\"language-swift\">let greeting = &quot;hello&quot;\n</code></pre>"

    @Test func codeIsHighlightedByOneWorkerPerBuildAndOnlyWhenNew() async throws {
        try await withTemporaryFolder { root in
            let (blog, python, log) = (root + "/blog", root + "/bin/python3", root + "/starts")
            try await TestPython.counted(at: python, log: log)
            try makeBlog(["site.settings": Self.settings, Self.codePost: Self.codeSource, Self.htmlPost: Self.htmlSource,
                          "posts/2024/05/03/words.markdown": "@title Words\n@pubDate 2024-05-03 09:00:00 +0000\n\nNo code.\n"], in: blog)
            let first = try await Self.build(blog, into: root + "/site", python: python).summary()
            #expect(first.warnings.isEmpty)
            #expect(TestPython.starts(in: log) == 1, "one worker for every block of the build")
            let page = try read("2024/05/01/code.html", in: root + "/site")
            #expect(page.contains("<pre tabindex=\"0\"><code class=\"language-swift\"><span class=\"kd\">let</span>"))
            #expect(page.contains("<pre tabindex=\"0\"><code class=\"language-python\"><span class=\"k\">def</span>"))
            #expect(page.contains("<pre tabindex=\"0\"><code class=\"language-nosuchlang\">stays as it is\n</code></pre>"))
            #expect(!page.contains(Self.plainSwift))
            #expect(try read("2024/05/02/html.html", in: root + "/site").contains("<code class=\"language-swift\">let x = 1\n</code>"))

            // Nothing new to highlight: no worker, not even to ask which Pygments there is.
            try write("@title Words\n@pubDate 2024-05-03 09:00:00 +0000\n\nStill no code.\n", to: "posts/2024/05/03/words.markdown", in: blog)
            try write(Self.codeSource + "\nOne more line.\n", to: Self.codePost, in: blog)
            _ = try await Self.build(blog, into: root + "/site", python: python).summary()
            #expect(TestPython.starts(in: log) == 1)

            try write(Self.codeSource + "\n```sh\necho new\n```\n", to: Self.codePost, in: blog)
            _ = try await Self.build(blog, into: root + "/site", python: python).summary()
            #expect(TestPython.starts(in: log) == 2)
            _ = try await Self.build(blog, into: root + "/clean", python: python, clean: true).summary()
            try expectSameSite(root + "/site", root + "/clean")
        }
    }

    @Test func highlightFalseLeavesCodeAsItWasAndStartsNoWorker() async throws {
        try await withTemporaryFolder { root in
            let (blog, python, log) = (root + "/blog", root + "/bin/python3", root + "/starts")
            try await TestPython.counted(at: python, log: log)
            try makeBlog(["site.settings": Self.settings + "@highlight false\n", Self.codePost: Self.codeSource], in: blog)
            let summary = try await Self.build(blog, into: root + "/site", python: python).summary()
            #expect(summary.warnings.isEmpty)
            #expect(TestPython.starts(in: log) == 0)
            #expect(try read("2024/05/01/code.html", in: root + "/site").contains(Self.plainSwift))

            // Turned on: the pages with code change, and the site is what a clean build makes.
            try write(Self.settings + "@highlight true\n", to: "site.settings", in: blog)
            _ = try await Self.build(blog, into: root + "/site", python: python).summary()
            #expect(!(try read("2024/05/01/code.html", in: root + "/site")).contains(Self.plainSwift))
            _ = try await Self.build(blog, into: root + "/clean", python: python, clean: true).summary()
            try expectSameSite(root + "/site", root + "/clean")

            // And off again.
            try write(Self.settings + "@highlight off\n", to: "site.settings", in: blog)
            _ = try await Self.build(blog, into: root + "/site", python: python).summary()
            #expect(try read("2024/05/01/code.html", in: root + "/site").contains(Self.plainSwift))
        }
    }

    @Test func withoutPygmentsTheBuildSaysOnceHowToGetItAndInstallingItRebuilds() async throws {
        try await withTemporaryFolder { root in
            let (blog, python) = (root + "/blog", root + "/bin/python3")
            try await TestPython.withoutPygments(at: python)
            try makeBlog(["site.settings": Self.settings, Self.codePost: Self.codeSource,
                          "posts/2024/05/04/more.markdown": "@title More\n@pubDate 2024-05-04 09:00:00 +0000\n\n```sh\nls\n```\n"], in: blog)
            let summary = try await Self.build(blog, into: root + "/site", python: python).summary()
            #expect(summary.warnings.count == 1)
            let warning = summary.warnings.first?.description ?? ""
            #expect(warning.contains("has no Pygments"))
            #expect(warning.contains("apt-get install python3-pygments") && warning.contains("pip install Pygments"), "\(warning)")
            #expect(try read("2024/05/01/code.html", in: root + "/site").contains(Self.plainSwift))

            // The same bodies as with highlighting off.
            try makeBlog(["site.settings": Self.settings + "@highlight false\n", Self.codePost: Self.codeSource,
                          "posts/2024/05/04/more.markdown": "@title More\n@pubDate 2024-05-04 09:00:00 +0000\n\n```sh\nls\n```\n"], in: root + "/off")
            _ = try await Self.build(root + "/off", into: root + "/off-site", python: python).summary()
            #expect(try read("2024/05/01/code.html", in: root + "/site").contains(try Self.body(of: "2024/05/01/code.html", in: root + "/off-site")))

            // Pygments arrives (here: the interpreter on the path changes); nothing else does.
            try await TestPython.counted(at: python, log: root + "/starts")
            let after = try await Self.build(blog, into: root + "/site", python: python).summary()
            #expect(after.warnings.isEmpty)
            #expect(after.written.contains("2024/05/01/code.html"))
            #expect(!(try read("2024/05/01/code.html", in: root + "/site")).contains(Self.plainSwift))
            _ = try await Self.build(blog, into: root + "/clean", python: python, clean: true).summary()
            try expectSameSite(root + "/site", root + "/clean")
        }
    }

    @Test func withoutAnyPythonTheBuildGoesThrough() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(["site.settings": Self.settings, Self.codePost: Self.codeSource], in: root + "/blog")
            let summary = try await Self.build(root + "/blog", into: root + "/site", python: root + "/nowhere/python3").summary()
            #expect(summary.warnings.map(\.description) == [
                "site.settings: warning: code is not highlighted, as \(root)/nowhere/python3 was not found; expected Pygments: `apt-get install python3-pygments` or `pip install Pygments` (or `@highlight false` to turn highlighting off)",
            ])
            #expect(try read("2024/05/01/code.html", in: root + "/site").contains(Self.plainSwift))
        }
    }

    @Test(arguments: [false, true])
    func aWorkerThatHangsOrDiesLeavesCodeUnhighlightedUntilTheNextBuild(hangs: Bool) async throws {
        try await withTemporaryFolder { root in
            let (blog, python) = (root + "/blog", root + "/bin/python3")
            // It claims the real version, so that only the failure tells its pages from good ones.
            let version = try await TestPython.pygmentsVersion()
            if hangs { try TestPython.hanging(at: python, version: version) } else { try TestPython.dying(at: python, version: version) }
            try makeBlog(["site.settings": Self.settings, Self.codePost: Self.codeSource], in: blog)
            // The deadline is what a hanging worker meets; a dying one gets one no loaded
            // machine misses, so that only its death is seen.
            let summary = try await Self.build(blog, into: root + "/site", python: python, deadline: hangs ? .milliseconds(300) : .seconds(600)).summary()
            #expect(summary.warnings.count == 1)
            #expect(summary.warnings.first?.description.contains(hangs ? "gave no answer within 300 ms" : "stopped") == true, "\(summary.warnings)")
            #expect(try read("2024/05/01/code.html", in: root + "/site").contains(Self.plainSwift))

            try await TestPython.counted(at: python, log: root + "/starts")
            let next = try await Self.build(blog, into: root + "/site", python: python).summary()
            #expect(next.warnings.isEmpty)
            #expect(next.written.contains("2024/05/01/code.html"))
            _ = try await Self.build(blog, into: root + "/clean", python: python, clean: true).summary()
            try expectSameSite(root + "/site", root + "/clean")
        }
    }

    @Test func theKeptHighlightsAreUsedOnlyForTheirCode() async throws {
        try await withTemporaryFolder { root in
            let (blog, python, log) = (root + "/blog", root + "/bin/python3", root + "/starts")
            try await TestPython.counted(at: python, log: log)
            try makeBlog(["site.settings": Self.settings, Self.codePost: Self.codeSource], in: blog)
            _ = try await Self.build(blog, into: root + "/site", python: python).summary()
            // Every kept highlight damaged: each is checked against its code, and asked for again.
            let cache = BlogFolder(root: blog).highlightCachePath
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache)))
            let (word, damage) = (Array("greeting".utf8), Array("gr33ting".utf8))
            for index in 0..<(bytes.count - word.count) where Array(bytes[index..<(index + word.count)]) == word {
                bytes.replaceSubrange(index..<(index + word.count), with: damage)
            }
            #expect(!bytes.isEmpty)
            try Data(bytes).write(to: URL(fileURLWithPath: cache))
            try FileManager.default.removeItem(atPath: BlogFolder(root: blog).path(".bake-cache/bodies"))
            _ = try await Self.build(blog, into: root + "/again", python: python, clean: false).summary()
            #expect(TestPython.starts(in: log) == 2)
            #expect(!(try read("2024/05/01/code.html", in: root + "/again")).contains("gr33ting"))
            try expectSameSite(root + "/site", root + "/again")
        }
    }
}

extension CodeHighlighterTests {
    /// A blog whose posts have `blocks` different code blocks between them, a hundred a post.
    static func blogWithMuchCode(_ blocks: Int, in blog: String) throws {
        var files = ["site.settings": settings]
        for post in 0..<((blocks + 99) / 100) {
            var source = "@title Code \(post)\n@pubDate 2024-05-01 09:00:00 +0000\n\n"
            for block in (post * 100)..<min(blocks, (post + 1) * 100) {
                source += block % 2 == 0 ? "```swift\nlet value\(block) = \"\(block)\"\n```\n\n" : "```python\ndef f\(block)():\n    return \(block)\n```\n\n"
            }
            files["posts/2024/05/01/code-\(post).markdown"] = source
        }
        try makeBlog(files, in: blog)
    }

    @Test func muchNewCodeIsSharedAmongWorkersAndHighlightedAsByOne() async throws {
        try await withTemporaryFolder { root in
            let (blog, python, log) = (root + "/blog", root + "/bin/python3", root + "/starts")
            try await TestPython.counted(at: python, log: log)
            // Enough for two workers, not for three.
            try Self.blogWithMuchCode(2 * CodeHighlighter.blocksPerWorker + 10, in: blog)
            let shared = try await Self.build(blog, into: root + "/shared", python: python, clean: true, workers: 3).summary()
            #expect(shared.warnings.isEmpty)
            #expect(TestPython.starts(in: log) == 2, "one worker to ask which Pygments there is, and one more for the code")
            let page = try read("2024/05/01/code-4.html", in: root + "/shared")
            #expect(page.contains("<code class=\"language-swift\"><span class=\"kd\">let</span><span class=\"w\"> </span><span class=\"nv\">value400</span>"), "\(page.prefix(2_000))")
            #expect(page.contains("<code class=\"language-python\"><span class=\"k\">def</span><span class=\"w\"> </span><span class=\"nf\">f401</span>"))

            _ = try await Self.build(blog, into: root + "/alone", python: python, clean: true, workers: 1).summary()
            #expect(TestPython.starts(in: log) == 3)
            try expectSameSite(root + "/shared", root + "/alone")
        }
    }

    @Test func aWorkerThatCannotStartLeavesItsShareToTheOthers() async throws {
        try await withTemporaryFolder { root in
            let (blog, python, log) = (root + "/blog", root + "/bin/python3", root + "/starts")
            try await TestPython.startsOnce(at: python, log: log)
            try Self.blogWithMuchCode(2 * CodeHighlighter.blocksPerWorker + 10, in: blog)
            let summary = try await Self.build(blog, into: root + "/site", python: python, clean: true, workers: 2).summary()
            #expect(summary.warnings.isEmpty, "\(summary.warnings)")
            #expect(TestPython.starts(in: log) == 2, "the second start was tried, and failed")
            try await TestPython.counted(at: python, log: root + "/alone-starts")
            _ = try await Self.build(blog, into: root + "/alone", python: python, clean: true, workers: 1).summary()
            try expectSameSite(root + "/site", root + "/alone")
        }
    }

    @Test func workersThatDieTogetherLeaveTheCodeAsItWasWithOneWarning() async throws {
        try await withTemporaryFolder { root in
            let (blog, python) = (root + "/blog", root + "/bin/python3")
            try TestPython.dying(at: python, version: try await TestPython.pygmentsVersion())
            try Self.blogWithMuchCode(3 * CodeHighlighter.blocksPerWorker, in: blog)
            let summary = try await Self.build(blog, into: root + "/site", python: python, deadline: .seconds(600), workers: 3).summary()
            #expect(summary.warnings.count == 1)
            #expect(summary.warnings.first?.description.contains("stopped") == true, "\(summary.warnings)")
            #expect(try read("2024/05/01/code-0.html", in: root + "/site").contains("<code class=\"language-swift\">let value0 = &quot;0&quot;\n</code>"))
        }
    }
}

private extension CodeHighlighterTests {
    static func build(_ blog: String, into output: String, python: String, clean: Bool = false, deadline: Duration = .seconds(30),
                      workers: Int = HighlighterSetup.defaultWorkers) async -> Result<BuildSummary, BuildFailure> {
        let overrides = BlogConfiguration.Overrides(output: output)
        let options = BuildOptions(configuration: .load(BlogFolder(root: blog), overrides: overrides), clean: clean, now: testNow,
                                   highlighter: HighlighterSetup(interpreter: python, deadline: deadline, workers: workers))
        do {
            return .success(try await SiteBuilder(options: options).build())
        } catch {
            return .failure(error)
        }
    }

    /// The part of a baked post page that is its body.
    static func body(of page: String, in site: String) throws -> String {
        let text = try read(page, in: site)
        let start = try #require(text.range(of: "<div class=\"content e-content\">\n"))
        let end = try #require(text.range(of: "\n</div>", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }
}
