import BakeTestSupport
import Foundation
import Testing

/// `bake import`, run as a user runs it, on the fixtures of BakeImportTests.
@Suite struct ImportTests {
    let fixtures = repositoryRoot + "/Tests/BakeImportTests/Fixtures"

    @Test func importsAJekyllSiteThenBakesIt() throws {
        try withTemporaryFolder { root in
            let initialized = try runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--time-zone", "Europe/Paris", "--author", "Ada"], in: root)
            #expect(initialized.status == 0, "\(initialized.stderr)")
            let imported = try runBake(["import", "jekyll", fixtures + "/jekyll-site", "--into", "blog"], in: root)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stderr == "")
            #expect(imported.stdout == """
                Imported 3 posts, 2 drafts and 0 pages; 0 already imported; 1 skipped; 3 left as text
                Skipped:
                  _posts/README.txt: not imported: bake reads Markdown and HTML, not .txt
                Left as text, for you to translate:
                  _posts/2009-03-31-hello-jekyll.md:11: Liquid {% include note.html %}
                  _posts/2010-01-02-an-html-post.html:7: Liquid {{ page.title }}
                  front matter: keys bake does not use, not carried over: `layout` (2)

                """)
            let again = try runBake(["import", "jekyll", fixtures + "/jekyll-site", "--into", "blog"], in: root)
            #expect(again.stdout.hasPrefix("Imported 0 posts, 0 drafts and 0 pages; 5 already imported;"), "\(again.stdout)")

            let baked = try runBake(["build", "blog", "--future"], in: root)
            #expect(baked.status == 0, "\(baked.stderr)")
            #expect(FileManager.default.fileExists(atPath: root + "/blog/site/2009/03/31/hello-jekyll.html"))
        }
    }

    @Test func aTruncatedExportIsOneClearErrorAndNothingIsWritten() throws {
        try withTemporaryFolder { root in
            _ = try runBake(["init", "blog", "--name", "Moved In", "--url", "https://example.com", "--author", "Ada"], in: root)
            let before = allFiles(in: root + "/blog")
            let whole = try String(contentsOfFile: fixtures + "/wordpress-export.xml", encoding: .utf8)
            try write(String(whole.prefix(2000)), to: "export.xml", in: root)
            let result = try runBake(["import", "wordpress", "export.xml", "--into", "blog"], in: root)
            #expect(result.status != 0)
            #expect(result.stdout == "")
            #expect(result.stderr.wholeMatch(of: /export\.xml:\d+: .+; expected a complete WordPress export \(WXR\)\nbake: 1 problem; nothing was imported\.\n/) != nil, "\(result.stderr)")
            #expect(allFiles(in: root + "/blog") == before)
        }
    }
}
