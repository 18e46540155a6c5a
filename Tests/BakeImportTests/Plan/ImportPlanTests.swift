@testable import BakeImport
import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// Re-running an import, and files already in the blog.
@Suite struct ImportPlanTests {
    static let day = CivilTime(year: 2020, month: 1, day: 1, hour: 9, minute: 0, second: 0, offset: 0)

    @Test func aSecondRunFindsEverythingImported() throws {
        try withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let source = try JekyllSite(root: try fixturePath("jekyll-site"), timeZone: TimeZone(identifier: "Europe/Paris")!).read()
            _ = try ImportPlan(source: source, blog: blog).write()
            let before = allFiles(in: blog.root)
            let again = try ImportPlan(source: source, blog: blog)
            #expect(again.files.isEmpty)
            #expect(again.alreadyImported.count == 5)
            let report = try again.write()
            #expect(report.lines.first == "Imported 0 posts, 0 drafts and 0 pages; 5 already imported; 1 skipped; 2 left as text")
            #expect(allFiles(in: blog.root) == before)
        }
    }

    @Test func aDifferentFileIsNeverReplaced() throws {
        try withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            try write("@title Mine\n@pubDate 2009-03-31 12:00:00 +0200\n\nMy own post.\n", to: "posts/2009/03/31/hello-jekyll.markdown", in: blog.root)
            try write("@title Mine too\n@pubDate 2010-01-02 12:00:00 +0100\n\nAn older format.\n", to: "posts/2010/01/02/an-html-post.md", in: blog.root)
            let source = try JekyllSite(root: try fixturePath("jekyll-site"), timeZone: TimeZone(identifier: "Europe/Paris")!).read()
            let report = try ImportPlan(source: source, blog: blog).write()
            #expect(report.posts == 1)
            #expect(report.skipped.map(\.description).contains("_posts/2009-03-31-hello-jekyll.md: not imported: posts/2009/03/31/hello-jekyll.markdown is already there with other text; it was left as it is"))
            #expect(report.skipped.map(\.description).contains("_posts/2010-01-02-an-html-post.html: not imported: posts/2010/01/02/an-html-post.md is already there with the same permalink as posts/2010/01/02/an-html-post.html"))
            #expect(try text(blog.path("posts/2009/03/31/hello-jekyll.markdown")).contains("My own post."))
        }
    }

    /// A post and a draft of one day with one slug would share a permalink.
    @Test func aPostAndADraftOfOneDayGetTwoSlugs() throws {
        try withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let items = [ImportItem.Destination.post, .draft].map { destination in
                ImportItem(destination: destination, date: Self.day, slug: "hello", format: .markdown, fields: [("title", "Hello")],
                           body: "A \(destination.rawValue).\n", oldURLs: [], source: destination.rawValue)
            }
            let plan = try ImportPlan(source: ImportSource(items: items), blog: blog)
            #expect(plan.files.map(\.path) == ["posts/2020/01/01/hello.markdown", "drafts/2020/01/01/hello-2.markdown"])
            _ = try plan.write()
            // A second run finds both where the first put them.
            let again = try ImportPlan(source: ImportSource(items: items), blog: blog)
            #expect(again.files.isEmpty)
            #expect(again.alreadyImported == ["posts/2020/01/01/hello.markdown", "drafts/2020/01/01/hello-2.markdown"])
        }
    }

    /// A draft of the blog keeps its slug: an imported post of its day never shares its
    /// permalink. The draft is most likely that post imported before and then unpublished, so
    /// the post is reported rather than brought back under another slug.
    @Test func anImportedPostNeverTakesTheSlugOfADraftOfItsDay() throws {
        try withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let draft = "@title Hello\n@pubDate 2020-01-01 09:00:00 +0000\n\nMy draft.\n"
            try write(draft, to: "drafts/2020/01/01/hello.markdown", in: blog.root)
            let post = ImportItem(destination: .post, date: Self.day, slug: "hello", format: .html, fields: [("title", "Hello")],
                                  body: "<p>Hello</p>\n", oldURLs: ["/old/hello.html"], source: "hello.html")
            let plan = try ImportPlan(source: ImportSource(items: [post]), blog: blog)
            #expect(!plan.files.contains { $0.path.hasPrefix("posts/2020/01/01/hello.") })
            #expect(plan.files.isEmpty)
            #expect(plan.skipped.map(\.description) == ["hello.html: not imported: drafts/2020/01/01/hello.markdown is already there with the same permalink as posts/2020/01/01/hello.html"])
            let report = try plan.write()
            #expect(report.posts == 0)
            #expect(allFiles(in: blog.path("posts")).isEmpty)
            #expect(try text(blog.path("drafts/2020/01/01/hello.markdown")) == draft)
        }
    }

    /// An imported draft published by moving it to posts/ (or a post moved back to drafts/)
    /// is the same file: a second run finds it imported.
    @Test func aFileMovedBetweenPostsAndDraftsCountsAsImported() throws {
        try withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let draft = ImportItem(destination: .draft, date: Self.day, slug: "soon", format: .markdown, fields: [("title", "Soon")],
                                   body: "Soon.\n", oldURLs: [], source: "soon.md")
            _ = try ImportPlan(source: ImportSource(items: [draft]), blog: blog).write()
            try FileManager.default.createDirectory(atPath: blog.path("posts/2020/01/01"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: blog.path("drafts/2020/01/01/soon.markdown"), toPath: blog.path("posts/2020/01/01/soon.markdown"))
            let again = try ImportPlan(source: ImportSource(items: [draft]), blog: blog)
            #expect(again.files.isEmpty)
            #expect(again.skipped.isEmpty)
            #expect(again.alreadyImported == ["posts/2020/01/01/soon.markdown"])
        }
    }

    @Test func twoItemsWantingOneNameGetNumbered() throws {
        try withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let day = CivilTime(year: 2020, month: 1, day: 1, hour: 9, minute: 0, second: 0, offset: 0)
            let items = ["First", "Second"].map {
                ImportItem(destination: .post, date: day, slug: "same", format: .html, fields: [("title", $0)],
                           body: "<p>\($0)</p>\n", oldURLs: ["/old/\($0.lowercased()).html"], source: $0)
            }
            let plan = try ImportPlan(source: ImportSource(items: items), blog: blog)
            #expect(plan.files.map(\.path) == ["posts/2020/01/01/same.html", "posts/2020/01/01/same-2.html"])
            #expect(plan.files[1].text == "@title Second\n@aliases /old/second.html\n\n<p>Second</p>\n")
        }
    }

    /// Every `@aliases` written is one `bake build` takes: an old URL that is no path on a
    /// static site, or one another item already keeps, is reported instead.
    @Test func onlyAliasesABuildTakesAreWritten() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let items = [("first", ["/old/a/", "/old/../../etc/", "//elsewhere.example/x"]), ("second", ["/old/a/", "/old/a", "/old/b/", "/old/%ce/"])].map { slug, urls in
                ImportItem(destination: .post, date: Self.day, slug: slug, format: .html, fields: [("title", slug), ("pubDate", Self.day.headerText)],
                           body: "<p>\(slug)</p>\n", oldURLs: urls, source: slug)
            }
            let plan = try ImportPlan(source: ImportSource(items: items), blog: blog)
            #expect(plan.files.map(\.text) == [
                "@title first\n@pubDate 2020-01-01 09:00:00 +0000\n@aliases /old/a/\n\n<p>first</p>\n",
                "@title second\n@pubDate 2020-01-01 09:00:00 +0000\n@aliases /old/b/\n\n<p>second</p>\n",
            ])
            #expect(plan.untranslated.map(\.description) == [
                "first: old URL /old/../../etc/ is not a path a static site can serve; not kept as an alias",
                "first: old URL //elsewhere.example/x is not a path a static site can serve; not kept as an alias",
                "second: old URL /old/a/ is also an old URL of first, which keeps it; not kept as an alias",
                "second: old URL /old/a is also an old URL of first, which keeps it; not kept as an alias",
                "second: old URL /old/%ce/ is not a path a static site can serve; not kept as an alias",
            ])
            _ = try plan.write()
            _ = try await bake(blog, into: root + "/site")
        }
    }

    /// A page named as a page bake writes itself (the archive, the home page) takes the next name.
    @Test func aPageNamedAsOneOfBakesTakesTheNextName() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            let items = ["archive", "index", "404", "about"].map { slug in
                ImportItem(destination: .page, date: nil, slug: slug, format: .html, fields: [("title", slug)],
                           body: "<p>\(slug)</p>\n", oldURLs: ["/\(slug)/"], source: slug)
            }
            let plan = try ImportPlan(source: ImportSource(items: items), blog: blog)
            #expect(plan.files.map(\.path) == ["pages/archive-2.html", "pages/index-2.html", "pages/404-2.html", "pages/about.html"])
            _ = try plan.write()
            _ = try await ImportCheck(blog: blog).bake()
        }
    }
}
