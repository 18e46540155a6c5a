import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// `@search true`: Pagefind's bundle in `pagefind/`, run by the real Pagefind (`script/setup`
/// installs pagefind-bin), owned through the manifest, and rebuilt only when pages changed.
@Suite struct SearchIndexerTests {
    @Test func aBuildIndexesThePostsAndPagesAndOwnsTheBundle() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)

        let summary = try await Self.bake(blog, into: output).summary()

        // Three posts and the About page; not the lists, the archive or the 404 page.
        #expect(summary.searchIndexed == 4)
        #expect(try Self.pageCount(in: output) == 4)
        // One bundle for 2014's posts, one for the other pages, and the search box beside them.
        #expect(summary.searchBundlesIndexed == ["2014", "pages"])
        #expect(try read("pagefind/bundles.json", in: output) == "{\"bundles\":[\"2014\",\"pages\"]}\n")
        let bundle = allFiles(in: output + "/pagefind")
        #expect(bundle.contains("pagefind-ui.js"))
        #expect(bundle.contains("pagefind-ui.css"))
        #expect(bundle.filter { $0.hasPrefix("2014/fragment/") }.count == 3)
        #expect(bundle.filter { $0.hasPrefix("pages/fragment/") }.count == 1)
        let manifest = try #require(SiteManifest(bytes: try FileIO.read(output + "/" + SiteManifest.fileName)))
        #expect(Set(bundle.map { "pagefind/" + $0 }).isSubset(of: Set(manifest.records.keys)), "every file of the bundle is bake's")
        #expect(manifest.state != nil)
        #expect(summary.written.contains("pagefind/pagefind-ui.js"))
        #expect(!FileIO.exists(output + "/" + SiteManifest.pendingFileName))
        // Pagefind worked beside the site, in a folder that is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("bake-pagefind") } == [])
    }

    @Test func aRebuildWithNothingChangedDoesNotRunPagefind() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        _ = try await Self.bake(blog, into: output).summary()
        let before = try snapshot(output)

        // A Pagefind that fails: were it run, the build would fail.
        let again = try await Self.bake(blog, into: output, environment: try Self.failingPagefind(in: folder)).summary()

        #expect(again.searchIndexed == nil)
        #expect(again.written.isEmpty)
        #expect(try snapshot(output) == before)
    }

    @Test func aChangeThatNoPageShowsKeepsTheIndex() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        _ = try await Self.bake(blog, into: output).summary()
        let before = try snapshot(output + "/pagefind")

        // A static file that is not HTML is not indexed.
        try write("Another static file.\n", to: "static/media/other.txt", in: blog)
        let again = try await Self.bake(blog, into: output, environment: try Self.failingPagefind(in: folder)).summary()

        #expect(again.written == ["media/other.txt"])
        #expect(again.searchIndexed == nil)
        #expect(try snapshot(output + "/pagefind") == before)
    }

    @Test func editingAPostIndexesAgainAndSweepsTheOldFragment() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        _ = try await Self.bake(blog, into: output).summary()
        let fragments = Set(allFiles(in: output + "/pagefind/2014/fragment"))

        try write(goodBlog["posts/2014/03/31/hello.markdown"]! + "\nA word added later: quetzalcoatl.\n", to: "posts/2014/03/31/hello.markdown", in: blog)
        let again = try await Self.bake(blog, into: output).summary()

        // 2014's posts; the About page's bundle stays.
        #expect(again.searchIndexed == 3)
        #expect(again.searchBundlesIndexed == ["2014"])
        let now = Set(allFiles(in: output + "/pagefind/2014/fragment"))
        #expect(now.count == 3)
        let gone = fragments.subtracting(now)
        #expect(gone.count == 1, "the edited post's fragment was replaced")
        #expect(Set(gone.map { "pagefind/2014/fragment/" + $0 }).isSubset(of: Set(again.removed)))
        #expect(again.written.contains("2014/03/31/hello.html"))
        #expect(!FileIO.exists(output + "/" + SiteManifest.pendingFileName))
    }

    @Test func turningSearchOffRemovesTheBundle() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        _ = try await Self.bake(blog, into: output).summary()
        let bundle = allFiles(in: output + "/pagefind").map { "pagefind/" + $0 }

        try write(try read("site.settings", in: blog).replacingOccurrences(of: "@search true\n", with: ""), to: "site.settings", in: blog)
        let off = try await Self.bake(blog, into: output).summary()

        #expect(Set(bundle).isSubset(of: Set(off.removed)))
        #expect(!FileIO.exists(output + "/pagefind"))
        let manifest = try #require(SiteManifest(bytes: try FileIO.read(output + "/" + SiteManifest.fileName)))
        #expect(!manifest.records.keys.contains { $0.hasPrefix("pagefind/") })
    }

    @Test func withoutPagefindTheBuildFailsInOneLineAndLeavesTheSite() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder, search: false)
        _ = try await Self.bake(blog, into: output).summary()
        let before = try snapshot(output)

        try write(try read("site.settings", in: blog) + "@search true\n", to: "site.settings", in: blog)
        let problems = await Self.bake(blog, into: output, environment: ["PATH": folder + "/empty"]).problems()

        let line = try read("site.settings", in: blog).split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "@search true")! + 1
        #expect(problems == ["site.settings:\(line): @search true needs Pagefind, which was not found (no `pagefind` on the PATH, and python3 has no pagefind_bin); expected it installed, e.g. with `python3 -m pip install pagefind-bin`"])
        #expect(try snapshot(output) == before, "nothing was written")
    }

    @Test func pagefindOnThePathIsUsedFirst() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = try Self.failingPagefind(in: folder)

        let found = await Pagefind.locate(environment: environment)

        #expect(found?.executable == folder + "/bin/pagefind")
    }

    @Test func pagefindIsFoundWhereScriptSetupInstallsIt() async throws {
        let found = try #require(await Pagefind.locate(), "Pagefind was not found; script/setup installs pagefind-bin")
        #expect(FileManager.default.isExecutableFile(atPath: found.executable))
    }

    @Test func pythonsAnswerIsKeptForTheNextBuild() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = folder + "/.bake-cache/pagefind"
        // Python's pagefind-bin, where script/setup installs it; skipped with a pagefind on the PATH.
        guard ExecutableSearch.find("pagefind", environment: nil) == nil, let python = ExecutableSearch.find("python3", environment: nil) else { return }

        let found = try #require(await Pagefind.locate(record: record))
        #expect(try read(".bake-cache/pagefind", in: folder) == python + "\n" + found.executable + "\n")

        // The record is believed while its python3 is the one on the PATH: Python is not asked.
        let stand = try Self.failingPagefind(in: folder)["PATH"]! + "/pagefind"
        try write(python + "\n" + stand + "\n", to: ".bake-cache/pagefind", in: folder)
        #expect(await Pagefind.locate(record: record)?.executable == stand)
        // A binary that is gone is looked for again.
        try write(python + "\n" + folder + "/gone\n", to: ".bake-cache/pagefind", in: folder)
        #expect(await Pagefind.locate(record: record)?.executable == found.executable)
    }

    @Test func aFailedPagefindKeepsTheLastIndexAndTheNextBuildIndexesAgain() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        _ = try await Self.bake(blog, into: output).summary()
        let bundle = try snapshot(output + "/pagefind")

        try write(goodBlog["posts/2014/03/31/hello.markdown"]! + "\nEdited.\n", to: "posts/2014/03/31/hello.markdown", in: blog)
        let problems = await Self.bake(blog, into: output, environment: try Self.failingPagefind(in: folder)).problems()

        #expect(problems == ["\(output): Pagefind could not index the site (exit 1): the index is on fire; the search index is the one of the last build, and the next build indexes again"])
        #expect(try snapshot(output + "/pagefind") == bundle, "the last index is untouched")
        // The pages are unchanged since, but the index is not theirs yet.
        let retried = try await Self.bake(blog, into: output).summary()
        #expect(retried.searchBundlesIndexed == ["2014"])
        #expect(retried.searchIndexed == 3)
        #expect(!retried.written.contains("2014/03/31/hello.html"))
        #expect(try snapshot(output + "/pagefind") != bundle)
    }

    @Test func aFileBakeDidNotWriteInTheBundleFolderIsNeverReplaced() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder, search: false)
        _ = try await Self.bake(blog, into: output).summary()
        try write("someone else's\n", to: "pagefind/pagefind-ui.js", in: output)

        try write(try read("site.settings", in: blog) + "@search true\n", to: "site.settings", in: blog)
        let problems = await Self.bake(blog, into: output).problems()

        #expect(problems.contains("\(output)/pagefind/pagefind-ui.js: is in the way: bake did not write it and will not replace it; expected you to move or delete it"))
        #expect(try read("pagefind/pagefind-ui.js", in: output) == "someone else's\n")
    }

    @Test func aStaticFileWhereTheBundleGoesIsAProblem() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write("mine\n", to: "static/pagefind/extra.js", in: blog)

        let problems = await Self.bake(blog, into: output).problems()

        #expect(problems == ["\(output)/pagefind/extra.js: would be written where Pagefind's search index goes with @search true; expected a static file or page of another name"])
        #expect(!FileIO.exists(output + "/index.html"))
    }

    @Test func previewIndexesTheYearOfAnEditedPost() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        let first = try await Self.bake(blog, into: output, indexing: .whenPagesChangeIfInstalled).summary()
        #expect(first.searchBundlesIndexed == ["2012", "2014", "pages"])

        try write(goodBlog["posts/2014/03/31/hello.markdown"]! + "\nEdited.\n", to: "posts/2014/03/31/hello.markdown", in: blog)
        let edited = try await Self.bake(blog, into: output, indexing: .whenPagesChangeIfInstalled).summary()

        #expect(edited.searchBundlesIndexed == ["2014"])
        #expect(edited.written.contains("2014/03/31/hello.html"))
    }

    @Test func anEditInOneYearIndexesThatYearOnly() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        _ = try await Self.bake(blog, into: output).summary()
        let others = try snapshot(output + "/pagefind/2014")
        let pages = try snapshot(output + "/pagefind/pages")

        try write(Self.olderPost + "\nA word added later: quetzalcoatl.\n", to: Self.olderPostPath, in: blog)
        let edited = try await Self.bake(blog, into: output).summary()

        #expect(edited.searchBundlesIndexed == ["2012"])
        #expect(edited.searchIndexed == 1)
        #expect(try snapshot(output + "/pagefind/2014") == others)
        #expect(try snapshot(output + "/pagefind/pages") == pages)
        #expect(try read("pagefind/bundles.json", in: output) == "{\"bundles\":[\"2014\",\"2012\",\"pages\"]}\n")
    }

    @Test func aPostAddedIndexesItsYearAndNotTheListsThatShowIt() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        _ = try await Self.bake(blog, into: output).summary()

        try write("@title Added\n@pubDate 2014-05-01 09:00:00 -0700\n\nA post added later.\n", to: "posts/2014/05/01/added.markdown", in: blog)
        let added = try await Self.bake(blog, into: output).summary()

        // The home page changed too, but Pagefind does not index it, so the pages' bundle stays.
        #expect(added.written.contains("index.html"))
        #expect(added.searchBundlesIndexed == ["2014"])
        #expect(added.searchIndexed == 4)
    }

    @Test func aYearWithoutPostsLosesItsBundle() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        _ = try await Self.bake(blog, into: output).summary()
        let bundle = allFiles(in: output + "/pagefind/2012").map { "pagefind/2012/" + $0 }
        #expect(!bundle.isEmpty)

        try FileManager.default.removeItem(atPath: blog + "/" + Self.olderPostPath)
        let removed = try await Self.bake(blog, into: output).summary()

        // 2014's first post linked to it as the one before, so that year is indexed again.
        #expect(removed.searchBundlesIndexed == ["2014"])
        #expect(Set(bundle).isSubset(of: Set(removed.removed)))
        #expect(!FileIO.exists(output + "/pagefind/2012"))
        #expect(try read("pagefind/bundles.json", in: output) == "{\"bundles\":[\"2014\",\"pages\"]}\n")
        let manifest = try #require(SiteManifest(bytes: try FileIO.read(output + "/" + SiteManifest.fileName)))
        #expect(!manifest.records.keys.contains { $0.hasPrefix("pagefind/2012/") })
        #expect(try Self.pageCount(in: output) == 4)
    }

    @Test func aDamagedBundleIsMadeAgain() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        _ = try await Self.bake(blog, into: output).summary()

        try FileManager.default.removeItem(atPath: output + "/pagefind/2012/pagefind-entry.json")
        let again = try await Self.bake(blog, into: output).summary()

        #expect(again.searchBundlesIndexed == ["2012"])
        #expect(FileIO.exists(output + "/pagefind/2012/pagefind-entry.json"))
    }

    @Test func previewWithoutPagefindGoesOnWithAWarning() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)

        let summary = try await Self.bake(blog, into: output, indexing: .whenPagesChangeIfInstalled, environment: ["PATH": folder + "/empty"]).summary()

        #expect(summary.searchIndexed == nil)
        #expect(summary.warnings.map(\.message).contains { $0.hasPrefix("warning: @search true needs Pagefind") })
        #expect(FileIO.exists(output + "/index.html"))
    }

    @Test func postsWithAnotherSuffixAreIndexed() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder, extra: "@output_file_suffix .htm\n")

        let summary = try await Self.bake(blog, into: output).summary()

        #expect(FileIO.exists(output + "/2014/03/31/hello.htm"))
        #expect(summary.searchIndexed == 4)
    }

    @Test func aThemeWithoutASearchPageGetsTheDefaultThemes() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try copyDefaultTheme(to: folder + "/theme", marking: "an older theme")
        try FileManager.default.removeItem(atPath: folder + "/theme/templates/search.mustache")

        _ = try await Self.bake(blog, into: output, theme: folder + "/theme").summary()

        let search = try read("search/index.html", in: output)
        #expect(search.contains("<script src=\"/pagefind/pagefind-ui.js\"></script>"))
        #expect(!search.contains("an older theme"), "the default theme's page, with its own layout")
    }

    @Test func aCleanBuildIndexesAgain() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        _ = try await Self.bake(blog, into: output).summary()

        let clean = try await Self.bake(blog, into: output, clean: true).summary()

        #expect(clean.searchIndexed == 4)
        #expect(FileIO.exists(output + "/pagefind/pagefind-ui.js"))
    }
}

private extension SearchIndexerTests {
    /// The good blog with `@search true` (unless not), at `folder/blog`, and where it bakes.
    static func makeBlog(in folder: String, search: Bool = true, extra: String = "") throws -> (blog: String, output: String) {
        let blog = folder + "/blog"
        var files = goodBlog
        files["site.settings"]! += (search ? "@search true\n" : "") + extra
        try BakeIOTests.makeBlog(files, in: blog)
        return (blog, folder + "/site")
    }

    static func bake(
        _ blog: String, into output: String, indexing: SearchIndexing = .whenPagesChange, clean: Bool = false,
        theme: String? = nil, environment: [String: String]? = nil
    ) async -> Result<BuildSummary, BuildFailure> {
        let configuration = BlogConfiguration.load(BlogFolder(root: blog), overrides: .init(output: output, theme: theme))
        let options = BuildOptions(configuration: configuration, clean: clean, now: testNow, search: indexing, environment: environment)
        do {
            return .success(try await SiteBuilder(options: options).build())
        } catch {
            return .failure(error)
        }
    }

    /// An environment whose PATH has only a `pagefind` that fails as Pagefind does.
    static func failingPagefind(in folder: String) throws -> [String: String] {
        let script = folder + "/bin/pagefind"
        try write("#!/bin/sh\necho 'Error: the index is on fire' >&2\nexit 1\n", to: "bin/pagefind", in: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return ["PATH": folder + "/bin"]
    }

    /// A post of another year than the good blog's.
    static let olderPostPath = "posts/2012/06/01/older.markdown"
    static let olderPost = "@title Older\n@pubDate 2012-06-01 09:00:00 -0700\n\nA post from two years before.\n"

    /// How many pages the bundles' entry files say they indexed.
    static func pageCount(in output: String) throws -> Int {
        let bundles = allFiles(in: output + "/pagefind").filter { $0.hasSuffix("/pagefind-entry.json") }
        var count = 0
        for bundle in bundles {
            let entry = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/pagefind/" + bundle)))
            let languages = try #require((entry as? [String: Any])?["languages"] as? [String: [String: Any]])
            count += languages.values.compactMap { $0["page_count"] as? Int }.reduce(0, +)
        }
        return count
    }
}
