import BakeTestSupport
import Foundation
import Testing

/// Code in Swift, Objective-C, Python, a shell session, a shell script and HTML, highlighted
/// by the real `bake` with Pygments: the post's body compared byte for byte with
/// `Goldens/highlight/five-languages.html`. And the one line a build prints without Pygments.
///
/// Pygments' output changes between its versions, so the golden holds for the version
/// `script/setup` installs (`Pygments==2.20.0`); with another, the test says so. Record it again
/// after a change in what readers see, and review the diff:
///
/// ```sh
/// BAKE_RECORD_GOLDENS=1 swift test --filter HighlightGoldenTests
/// git diff Tests/bakeTests/Goldens/highlight
/// ```
@Suite struct HighlightGoldenTests {
    static let fixture = repositoryRoot + "/Tests/bakeTests/Fixtures/highlight"
    static let golden = repositoryRoot + "/Tests/bakeTests/Goldens/highlight/five-languages.html"
    /// The Pygments the golden was recorded with, as `script/setup` pins it.
    static let pygments = "2.20.0"

    @Test func fiveLanguagesMatchTheirGolden() async throws {
        let version = try await TestPython.pygmentsVersion()
        try #require(version == Self.pygments, "the golden was recorded with Pygments \(Self.pygments), and python3 has \(version); script/setup installs \(Self.pygments)")
        try await withTemporaryFolder { root in
            for file in allFiles(in: Self.fixture) {
                try write(Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixture + "/" + file))), to: file, in: root + "/blog")
            }
            let result = try await runBake(["blog", "--output", root + "/site"], in: root)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            let body = try Self.body(of: try page("2025/01/01/five-languages.html", in: root + "/site"))
            if GoldenPageTests.recording {
                try write(Array(body.utf8), to: "five-languages.html", in: (Self.golden as NSString).deletingLastPathComponent)
                Issue.record("recorded five-languages.html; review the diff and run again without BAKE_RECORD_GOLDENS")
                return
            }
            let expected = try #require(try? String(contentsOfFile: Self.golden, encoding: .utf8), "no golden; record with BAKE_RECORD_GOLDENS=1")
            #expect(body == expected)
            for language in ["swift", "objective-c", "python", "console", "sh", "html"] {
                let code = body.components(separatedBy: "<pre tabindex=\"0\"><code class=\"language-\(language)\">").dropFirst().first?
                    .components(separatedBy: "</code></pre>").first ?? ""
                #expect(code.contains("<span class=\""), "\(language) is highlighted")
            }
        }
    }

    @Test func withoutPygmentsABuildSaysSoInOneLine() async throws {
        try await withTemporaryFolder { root in
            for file in allFiles(in: Self.fixture) {
                try write(Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixture + "/" + file))), to: file, in: root + "/blog")
            }
            try await TestPython.withoutPygments(at: root + "/bin/python3")
            let path = root + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let result = try await runBake(["blog", "--output", root + "/site"], in: root, environment: ["PATH": path])
            #expect(result.status == 0)
            #expect(result.stderr == "blog/site.settings: warning: code is not highlighted, as \(root)/bin/python3 has no Pygments; expected Pygments: `apt-get install python3-pygments` or `pip install Pygments` (or `@highlight false` to turn highlighting off)\n")
            #expect(try page("2025/01/01/five-languages.html", in: root + "/site").contains("<pre tabindex=\"0\"><code class=\"language-swift\">/// A greeting, with &quot;quotes&quot; &amp; &lt;angle brackets&gt;."))
        }
    }
}

private extension HighlightGoldenTests {
    /// The part of a post page that is the post's body.
    static func body(of page: String) throws -> String {
        let start = try #require(page.range(of: "<div class=\"content e-content\">\n"))
        let end = try #require(page.range(of: "\n</div>\n", range: start.upperBound..<page.endIndex))
        return String(page[start.upperBound..<end.lowerBound]) + "\n"
    }
}
