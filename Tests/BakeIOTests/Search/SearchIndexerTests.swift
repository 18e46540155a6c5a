@testable import BakeIO
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
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".pagefind.bake-") } == [])
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

    @Test func editingAPostIndexesItAsARecentChangeAndDropsItsStaleCopy() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        _ = try await Self.bake(blog, into: output).summary()
        let year = try snapshot(output + "/pagefind/2014")
        let base = try #require(SearchLedger(try FileIO.read(output + "/pagefind/2014/" + SearchLedger.fileName)))
        #expect(Set(base.pages.keys) == ["2014/03/31/hello.html", "2014/03/31/second.html", "2014/04/02/april.html"])
        #expect(base.marked == true, "the default theme marks what Pagefind reads")
        #expect(base.unmarked.keys.contains("2014/index.html"), "the year's archive was read and found unmarked")
        let stale = try #require(base.pages["2014/03/31/hello.html"]?.id)
        #expect(FileIO.exists(output + "/pagefind/2014/fragment/" + stale + ".pf_fragment"), "a page's id names its fragment")

        try write(goodBlog["posts/2014/03/31/hello.markdown"]! + "\nA word added later: quetzalcoatl.\n", to: "posts/2014/03/31/hello.markdown", in: blog)
        let again = try await Self.bake(blog, into: output).summary()

        // Only the edited post is read, into the bundle of recent changes; 2014's stays as it was.
        #expect(again.searchIndexed == 1)
        #expect(again.searchBundlesIndexed == ["recent"])
        #expect(try snapshot(output + "/pagefind/2014") == year)
        let recent = try #require(SearchLedger(try FileIO.read(output + "/pagefind/recent/" + SearchLedger.fileName)))
        #expect(Set(recent.pages.keys) == ["2014/03/31/hello.html"])
        #expect(recent.drops == ["2014/03/31/hello.html": stale])
        // The lists the edit changed were read for the mark; the next edit need not read them again.
        let manifest0 = try #require(SiteManifest(bytes: try FileIO.read(output + "/" + SiteManifest.fileName)))
        let lists = again.written.filter { $0.hasSuffix(".html") && !$0.hasPrefix("pagefind/") && $0 != "2014/03/31/hello.html" }
        #expect(!lists.isEmpty)
        for path in lists {
            #expect(recent.unmarked[path] == manifest0.records[path]?.fingerprint, "\(path) of \(lists)")
        }
        #expect(recent.marked == true)
        let fresh = try #require(recent.pages["2014/03/31/hello.html"]?.id)
        #expect(fresh != stale)
        #expect(FileIO.exists(output + "/pagefind/recent/fragment/" + fresh + ".pf_fragment"))
        #expect(try read("pagefind/bundles.json", in: output) == "{\"bundles\":[\"2014\",\"pages\"],\"drop\":[[\"\(stale)\",\"/2014/03/31/hello.html\"]],\"recent\":\"recent\"}\n")
        let manifest = try #require(SiteManifest(bytes: try FileIO.read(output + "/" + SiteManifest.fileName)))
        #expect(Set(allFiles(in: output + "/pagefind/recent").map { "pagefind/recent/" + $0 }).isSubset(of: Set(manifest.records.keys)))
        #expect(again.written.contains("2014/03/31/hello.html"))
        #expect(!FileIO.exists(output + "/" + SiteManifest.pendingFileName))
    }

    @Test func recentChangesAddUpAndAPageEditedBackLeavesThem() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        _ = try await Self.bake(blog, into: output).summary()
        let hello = "posts/2014/03/31/hello.markdown"

        try write(Self.olderPost + "\nEdited.\n", to: Self.olderPostPath, in: blog)
        _ = try await Self.bake(blog, into: output).summary()
        try write(goodBlog[hello]! + "\nEdited.\n", to: hello, in: blog)
        let second = try await Self.bake(blog, into: output).summary()
        #expect(second.searchBundlesIndexed == ["recent"])
        var recent = try #require(SearchLedger(try FileIO.read(output + "/pagefind/recent/" + SearchLedger.fileName)))
        #expect(Set(recent.pages.keys) == ["2012/06/01/older.html", "2014/03/31/hello.html"])
        #expect(Set(recent.drops.keys) == ["2012/06/01/older.html", "2014/03/31/hello.html"])

        // The 2012 post as it was when its year was indexed: its year's bundle has it right.
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        _ = try await Self.bake(blog, into: output).summary()
        recent = try #require(SearchLedger(try FileIO.read(output + "/pagefind/recent/" + SearchLedger.fileName)))
        #expect(Set(recent.pages.keys) == ["2014/03/31/hello.html"])
        #expect(Set(recent.drops.keys) == ["2014/03/31/hello.html"])

        // And the other: no recent changes are left, and neither is their bundle.
        try write(goodBlog[hello]!, to: hello, in: blog)
        let back = try await Self.bake(blog, into: output).summary()
        #expect(back.searchIndexed == nil)
        #expect(!FileIO.exists(output + "/pagefind/recent"))
        #expect(try read("pagefind/bundles.json", in: output) == "{\"bundles\":[\"2014\",\"2012\",\"pages\"]}\n")
        #expect(back.removed.contains("pagefind/recent/" + SearchLedger.fileName))
    }

    @Test func tooManyRecentChangesMakeTheirYearAgain() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        for day in 1...SearchIndexer.recentLimit {
            let date = String(format: "2014-05-%02d %02d:%02d:00 -0700", day % 28 + 1, day % 24, day % 60)
            try write("@title Day \(day)\n@pubDate \(date)\n\nPost \(day).\n", to: "posts/2014/05/\(String(format: "%02d", day % 28 + 1))/day-\(day).markdown", in: blog)
        }
        _ = try await Self.bake(blog, into: output).summary()
        let hello = "posts/2014/03/31/hello.markdown"
        try write(goodBlog[hello]! + "\nEdited.\n", to: hello, in: blog)
        #expect(try await Self.bake(blog, into: output).summary().searchBundlesIndexed == ["recent"])

        // A new name is on every page: more than the bundle of recent changes takes.
        try write(try read("site.settings", in: blog).replacingOccurrences(of: "@site_name Good Blog", with: "@site_name Renamed Blog"), to: "site.settings", in: blog)
        let renamed = try await Self.bake(blog, into: output).summary()

        #expect(renamed.searchBundlesIndexed == ["2014", "pages"])
        #expect(renamed.searchIndexed == SearchIndexer.recentLimit + 4)
        #expect(!FileIO.exists(output + "/pagefind/recent"))
        #expect(try read("pagefind/bundles.json", in: output) == "{\"bundles\":[\"2014\",\"pages\"]}\n")
        let base = try #require(SearchLedger(try FileIO.read(output + "/pagefind/2014/" + SearchLedger.fileName)))
        #expect(base.pages.count == SearchIndexer.recentLimit + 3)
        #expect(base.pages.values.allSatisfy { $0.id != nil })
    }

    @Test func aDamagedBundleOfRecentChangesMakesTheirYearsAgain() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        _ = try await Self.bake(blog, into: output).summary()
        let hello = "posts/2014/03/31/hello.markdown"
        try write(goodBlog[hello]! + "\nEdited.\n", to: hello, in: blog)
        #expect(try await Self.bake(blog, into: output).summary().searchBundlesIndexed == ["recent"])
        let older = try snapshot(output + "/pagefind/2012")

        try FileManager.default.removeItem(atPath: output + "/pagefind/recent/" + SearchLedger.fileName)
        let again = try await Self.bake(blog, into: output).summary()

        #expect(again.searchBundlesIndexed == ["2014"])
        #expect(!FileIO.exists(output + "/pagefind/recent"))
        #expect(try snapshot(output + "/pagefind/2012") == older)
    }

    @Test func aThemeThatMarksNothingHasEveryChangedPageIndexed() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try copyDefaultTheme(to: folder + "/theme", marking: "unmarked")
        for template in allFiles(in: folder + "/theme/templates") {
            let text = try read(template, in: folder + "/theme/templates")
            try write(text.replacingOccurrences(of: " data-pagefind-body", with: ""), to: template, in: folder + "/theme/templates")
        }
        _ = try await Self.bake(blog, into: output, theme: folder + "/theme").summary()
        let base = try #require(SearchLedger(try FileIO.read(output + "/pagefind/2014/" + SearchLedger.fileName)))
        #expect(base.marked == false)
        #expect(base.pages.keys.contains("2014/index.html"), "the year's archive too: every page is read")

        try write(goodBlog["posts/2014/03/31/hello.markdown"]! + "\nA word added later: quetzalcoatl.\n", to: "posts/2014/03/31/hello.markdown", in: blog)
        let edited = try await Self.bake(blog, into: output, theme: folder + "/theme").summary()

        #expect(edited.searchBundlesIndexed == ["recent"])
        let recent = try #require(SearchLedger(try FileIO.read(output + "/pagefind/recent/" + SearchLedger.fileName)))
        // The post and the lists that show it: each page made from other inputs than its
        // bundle's copy, as the manifest records it now.
        let manifest = try #require(SiteManifest(bytes: try FileIO.read(output + "/" + SiteManifest.fileName)))
        #expect(recent.pages.keys.contains("2014/03/31/hello.html"))
        #expect(recent.pages.keys.contains("page/2/index.html"), "a list of the pages' bundle: \(recent.pages.keys.sorted())")
        for (path, page) in recent.pages {
            #expect(page.fingerprint == manifest.records[path]?.fingerprint, "\(path)")
            #expect(page.fingerprint != base.pages[path]?.fingerprint, "\(path)")
        }
        #expect(recent.drops["2014/03/31/hello.html"] == base.pages["2014/03/31/hello.html"]?.id)
    }

    /// With a theme that marks nothing, an edit reads the pages that changed, not the site's:
    /// a page whose bundle's ledger knows it as it is is not read again. Two pages are doctored
    /// on disk (the mark put in, size and mtime kept): one of the edited year that the edit does
    /// not change, and one of a year it does not touch. Read, either would make the site marked,
    /// and the lists that show the edited post would no longer be indexed.
    @Test func aThemeThatMarksNothingReadsOnlyThePagesThatChanged() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write("@title Older\n@pubDate 2013-05-01 08:00:00 -0700\n\nFrom another year.\n", to: "posts/2013/05/01/older.markdown", in: blog)
        try copyDefaultTheme(to: folder + "/theme", marking: "unmarked")
        for template in allFiles(in: folder + "/theme/templates") {
            let text = try read(template, in: folder + "/theme/templates")
            try write(text.replacingOccurrences(of: " data-pagefind-body", with: ""), to: template, in: folder + "/theme/templates")
        }
        let first = try await Self.bake(blog, into: output, theme: folder + "/theme").summary()
        #expect(first.searchBundlesIndexed == ["2013", "2014", "pages"])
        for page in ["2014/04/02/april.html", "2013/05/01/older.html"] {
            try Self.putTheMark(in: output + "/" + page)
        }

        try write(goodBlog["posts/2014/03/31/hello.markdown"]! + "\nEdited.\n", to: "posts/2014/03/31/hello.markdown", in: blog)
        let edited = try await Self.bake(blog, into: output, theme: folder + "/theme").summary()

        #expect(edited.searchBundlesIndexed == ["recent"])
        #expect(!edited.written.contains("2014/04/02/april.html") && !edited.written.contains("2013/05/01/older.html"))
        let recent = try #require(SearchLedger(try FileIO.read(output + "/pagefind/recent/" + SearchLedger.fileName)))
        #expect(recent.marked == false)
        #expect(recent.pages.keys.contains("2014/03/31/hello.html"))
        #expect(recent.pages.keys.contains("page/2/index.html"), "the list that shows the post: \(recent.pages.keys.sorted())")
    }

    /// Puts `data-pagefind-body` at the start of the file at `path`, keeping its size (the end
    /// is cut) and its mtime: to bake, which looks at size and mtime, it is as it left it.
    static func putTheMark(in path: String) throws {
        var before = stat()
        #expect(stat(path, &before) == 0)
        let bytes = try FileIO.read(path)
        let mark = Array("<!-- data-pagefind-body -->".utf8)
        try FileIO.writeAtomically(Array((mark + bytes).prefix(bytes.count)), to: path, durable: false)
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    /// A build killed while Pagefind ran (or while it removed Pagefind's folder, after its
    /// manifest) left that folder beside the site; the next build removes it, even one that
    /// has nothing to do.
    @Test func aKilledBuildsPagefindFolderIsRemovedByTheNext() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        let ended = try await deadProcessID()
        let left = ".site.pagefind.bake-\(ended)-abcDEF"
        try write("x", to: left + "/2014/pagefind.js", in: folder)
        _ = try await Self.bake(blog, into: output).summary()
        #expect(!FileIO.exists(folder + "/" + left))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["blog", "site"])

        try write("x", to: left + "/2014/pagefind.js", in: folder)
        let nothing = try await Self.bake(blog, into: output).summary()
        #expect(nothing.written.isEmpty && nothing.searchBundlesIndexed.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["blog", "site"])
    }

    @Test func aRemovedPostIsNotFoundAgain() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        try write("@title Older too\n@pubDate 2012-07-01 09:00:00 -0700\n\nAnother.\n", to: "posts/2012/07/01/older-too.markdown", in: blog)
        _ = try await Self.bake(blog, into: output).summary()
        let base = try #require(SearchLedger(try FileIO.read(output + "/pagefind/2012/" + SearchLedger.fileName)))
        let gone = "2012/07/01/older-too.html"
        #expect(base.pages[gone]?.id != nil)

        try FileManager.default.removeItem(atPath: blog + "/posts/2012/07/01/older-too.markdown")
        let removed = try await Self.bake(blog, into: output).summary()

        // Its year is made again, so its text leaves the published index at once; its neighbour
        // of 2014, whose link to it changed, is a recent change.
        #expect(removed.searchBundlesIndexed == ["2012", "recent"])
        let year = try #require(SearchLedger(try FileIO.read(output + "/pagefind/2012/" + SearchLedger.fileName)))
        #expect(year.pages[gone] == nil)
        #expect(!FileIO.exists(output + "/pagefind/2012/fragment/" + (base.pages[gone]?.id ?? "") + ".pf_fragment"))
        let recent = try #require(SearchLedger(try FileIO.read(output + "/pagefind/recent/" + SearchLedger.fileName)))
        #expect(recent.pages.keys.allSatisfy { $0.hasPrefix("2014/") }, "\(recent.pages.keys.sorted())")
        #expect(!(try read("pagefind/bundles.json", in: output)).contains("older-too"))
    }

    @Test func withoutGzipAYearIsMadeAgainForEachEdit() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        // Pagefind on the PATH, and nothing else: its ids cannot be read.
        let pagefind = try #require(await Pagefind.locate())
        try FileIO.createFolders(folder + "/only")
        #expect(symlink(pagefind.executable, folder + "/only/pagefind") == 0)
        let environment = ["PATH": folder + "/only"]
        _ = try await Self.bake(blog, into: output, environment: environment).summary()
        let base = try #require(SearchLedger(try FileIO.read(output + "/pagefind/2014/" + SearchLedger.fileName)))
        #expect(base.pages.count == 3)
        #expect(base.pages.values.allSatisfy { $0.id == nil })

        let hello = "posts/2014/03/31/hello.markdown"
        try write(goodBlog[hello]! + "\nEdited.\n", to: hello, in: blog)
        let edited = try await Self.bake(blog, into: output, environment: environment).summary()

        // Its stale copy could not be dropped, so its year is made again.
        #expect(edited.searchBundlesIndexed == ["2014"])
        #expect(!FileIO.exists(output + "/pagefind/recent"))
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

    @Test func previewIndexesAnEditedPostAsARecentChange() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        let first = try await Self.bake(blog, into: output, indexing: .whenPagesChangeIfInstalled).summary()
        #expect(first.searchBundlesIndexed == ["2012", "2014", "pages"])

        try write(goodBlog["posts/2014/03/31/hello.markdown"]! + "\nEdited.\n", to: "posts/2014/03/31/hello.markdown", in: blog)
        let edited = try await Self.bake(blog, into: output, indexing: .whenPagesChangeIfInstalled).summary()

        #expect(edited.searchBundlesIndexed == ["recent"])
        #expect(edited.written.contains("2014/03/31/hello.html"))
    }

    @Test func anEditInOneYearLeavesEveryYearsBundle() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        _ = try await Self.bake(blog, into: output).summary()
        let bundles = try ["2012", "2014", "pages"].map { try snapshot(output + "/pagefind/" + $0) }

        try write(Self.olderPost + "\nA word added later: quetzalcoatl.\n", to: Self.olderPostPath, in: blog)
        let edited = try await Self.bake(blog, into: output).summary()

        #expect(edited.searchBundlesIndexed == ["recent"])
        #expect(edited.searchIndexed == 1)
        #expect(try ["2012", "2014", "pages"].map { try snapshot(output + "/pagefind/" + $0) } == bundles)
        #expect(try read("pagefind/bundles.json", in: output).hasPrefix("{\"bundles\":[\"2014\",\"2012\",\"pages\"],\"drop\":[[\"en_"))
    }

    @Test func aPostAddedIsARecentChangeAndTheListsThatShowItAreNot() async throws {
        let folder = try temporaryFolder(prefix: "bake-search-test-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (blog, output) = try Self.makeBlog(in: folder)
        try write(Self.olderPost, to: Self.olderPostPath, in: blog)
        _ = try await Self.bake(blog, into: output).summary()

        try write("@title Added\n@pubDate 2014-05-01 09:00:00 -0700\n\nA post added later.\n", to: "posts/2014/05/01/added.markdown", in: blog)
        let added = try await Self.bake(blog, into: output).summary()

        // The home page changed too, but Pagefind does not index it, so the pages' bundle stays.
        #expect(added.written.contains("index.html"))
        #expect(added.searchBundlesIndexed == ["recent"])
        let recent = try #require(SearchLedger(try FileIO.read(output + "/pagefind/recent/" + SearchLedger.fileName)))
        #expect(recent.pages.keys.contains("2014/05/01/added.html"))
        #expect(recent.pages.keys.allSatisfy { $0.hasPrefix("2014/") }, "\(recent.pages.keys.sorted())")
        #expect(added.searchIndexed == recent.pages.count)
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

        // 2014's first post linked to it as the one before, so it is a recent change.
        #expect(removed.searchBundlesIndexed == ["recent"])
        #expect(Set(bundle).isSubset(of: Set(removed.removed)))
        #expect(!FileIO.exists(output + "/pagefind/2012"))
        let list = try read("pagefind/bundles.json", in: output)
        #expect(list.hasPrefix("{\"bundles\":[\"2014\",\"pages\"],") && list.hasSuffix(",\"recent\":\"recent\"}\n"), "\(list)")
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

        // Pagefind installed since, and nothing else changed: the next build makes the index
        // that was left, rather than taking itself for a build with nothing to do.
        let next = try await Self.bake(blog, into: output).summary()
        #expect(next.searchBundlesIndexed == ["2014", "pages"])
        #expect(next.written.isEmpty || next.written.allSatisfy { $0.hasPrefix("pagefind/") }, "\(next.written)")
        #expect(FileIO.exists(output + "/pagefind/bundles.json"))
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
        #expect(search.contains("<input type=\"search\" id=\"search-input\" class=\"search-input\""))
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
        // Not the bundle of recent changes, whose pages are also in their years'.
        let bundles = allFiles(in: output + "/pagefind").filter { $0.hasSuffix("/pagefind-entry.json") && !$0.hasPrefix("recent/") }
        var count = 0
        for bundle in bundles {
            let entry = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/pagefind/" + bundle)))
            let languages = try #require((entry as? [String: Any])?["languages"] as? [String: [String: Any]])
            count += languages.values.compactMap { $0["page_count"] as? Int }.reduce(0, +)
        }
        return count
    }
}
