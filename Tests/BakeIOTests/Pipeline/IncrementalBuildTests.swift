import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// An incremental build must give exactly the bytes a clean build gives, whatever changed.
///
/// Each test bakes the sample blog once (filling the cache and the manifest), changes
/// something, bakes again incrementally into the same folder, and compares every file with a
/// clean build of the changed blog into a fresh folder.
@Suite struct IncrementalBuildTests {
    @Test func editingAPostMatchesACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            let path = "posts/2020/04/18/dates-are-hard.markdown"
            try write(try read(path, in: blog) + "\nOne more line, added later.\n", to: path, in: blog)
        } check: { summary in
            // That post, its month, the page of older posts and the category pages and feeds that
            // show it; not its year page, which shows only titles, nor the home page or the
            // site's feeds (it is old).
            #expect(summary.written.contains("2020/04/18/dates-are-hard.html"))
            #expect(!summary.written.contains("index.html"))
            #expect(!summary.written.contains("xml/rss.xml"))
            #expect(summary.rendered == 9, "\(summary.written)")
        }
    }

    /// A static file that becomes a folder of files, and back: the last build's file or files
    /// give way to the new ones.
    @Test(arguments: [false, true])
    func aStaticFileThatBecomesAFolderAndBackMatchesACleanBuild(clean: Bool) async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try makeBlog(goodBlog, in: blog)
            try write("a file\n", to: "static/notes", in: blog)
            _ = try await bake(blog, into: root + "/site").summary()
            try FileManager.default.removeItem(atPath: blog + "/static/notes")
            try write("in a folder\n", to: "static/notes/a.txt", in: blog)
            _ = try await bake(blog, into: root + "/site", clean: clean).summary()
            _ = try await bake(blog, into: root + "/clean-1").summary()
            try expectSameSite(root + "/site", root + "/clean-1")
            try FileManager.default.removeItem(atPath: blog + "/static/notes")
            try write("a file again\n", to: "static/notes", in: blog)
            _ = try await bake(blog, into: root + "/site", clean: clean).summary()
            _ = try await bake(blog, into: root + "/clean-2").summary()
            try expectSameSite(root + "/site", root + "/clean-2")
        }
    }

    @Test func addingAPostInANewMonthMatchesACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            try write("@title Brand new\n@pubDate 2026-10-31 09:00:00 -0700\n\nA post in a month of its own.\n",
                      to: "posts/2026/10/31/brand-new.markdown", in: blog)
        } check: { summary in
            #expect(summary.written.contains("2026/10/31/brand-new.html"))
            #expect(summary.written.contains("index.html"))
            #expect(summary.written.contains("xml/rss.xml"))
        }
    }

    @Test func turningOffSmartPunctuationMatchesACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            try write(try read("site.settings", in: blog) + "@smart_punctuation false\n", to: "site.settings", in: blog)
        } check: { summary in
            // Cached excerpts carry the punctuation too, so every post is read again.
            #expect(summary.written.contains("2019/03/14/why-i-moved-my-blog-home.html"))
        }
    }

    @Test func deletingAPostMatchesACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            try FileManager.default.removeItem(atPath: blog + "/posts/2020/04/18/dates-are-hard.markdown")
        } check: { summary in
            #expect(summary.removed.contains("2020/04/18/dates-are-hard.html"))
        }
    }

    @Test func renamingAPostMatchesACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            try FileManager.default.moveItem(atPath: blog + "/posts/2020/04/18/dates-are-hard.markdown",
                                             toPath: blog + "/posts/2020/04/18/dates-are-still-hard.markdown")
        } check: { summary in
            #expect(summary.removed.contains("2020/04/18/dates-are-hard.html"))
            #expect(summary.written.contains("2020/04/18/dates-are-still-hard.html"))
        }
    }

    @Test func changingATemplateMatchesACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            let theme = repositoryRoot + "/site-template/templates/article.mustache"
            let text = try String(contentsOfFile: theme, encoding: .utf8)
            try write(text.replacingOccurrences(of: "<footer class=\"post-meta\">", with: "<footer class=\"post-meta changed\">"),
                      to: "templates/article.mustache", in: blog)
        } check: { summary in
            #expect(summary.written.contains("2020/04/18/dates-are-hard.html"))
        }
    }

    @Test func changingASettingMatchesACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            let settings = try read("site.settings", in: blog)
            try write(settings.replacingOccurrences(of: "@site_name Small Batch", with: "@site_name Smaller Batch"), to: "site.settings", in: blog)
        } check: { summary in
            // The name is on every page: every page renders again.
            #expect(summary.written.contains("index.html"))
            #expect(summary.written.contains("2020/04/18/dates-are-hard.html"))
        }
    }

    @Test func changingAPostsCategoriesMatchesACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            // "Tools, Blogging" → "Calendars" (a new category) and "Tools".
            let path = "posts/2020/04/18/dates-are-hard.markdown"
            let text = try read(path, in: blog)
            let header = try #require(text.split(separator: "\n").first { $0.hasPrefix("@categoryArray") })
            try write(text.replacingOccurrences(of: String(header), with: "@categoryArray Calendars, Tools"), to: path, in: blog)
        } check: { summary in
            #expect(summary.written.contains("categories/index.html"))
            #expect(summary.written.contains("categories/calendars/index.html"))
            #expect(summary.written.contains("categories/calendars/rss.xml"))
            #expect(summary.written.contains("categories/tools/index.html"))
            #expect(summary.written.contains("2020/04/18/dates-are-hard.html"))
        }
    }

    @Test func aCategoryNameThatCollidesMatchesACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            // "writing" sorts after "Writing", so it takes `writing-2` and "Writing" keeps its slug.
            try write("@title Lowercase\n@pubDate 2026-10-31 09:00:00 -0700\n@categoryArray writing, C++, C\n\nTwo new categories and one that collides.\n",
                      to: "posts/2026/10/31/lowercase.markdown", in: blog)
        } check: { summary in
            #expect(summary.written.contains("categories/writing-2/index.html"))
            #expect(summary.written.contains("categories/c-plus-plus/index.html"))
            #expect(summary.written.contains("categories/c/index.html"))
        }
    }

    @Test func anOldPostInACategoryChangesItsCountLikeACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            // Older than every Writing post: the category's first page shows the same posts but
            // one more in its count.
            try write("@title Very old\n@pubDate 2018-01-02 09:00:00 -0800\n@categoryArray Writing\n\nFrom before the blog moved.\n",
                      to: "posts/2018/01/02/very-old.markdown", in: blog)
        } check: { summary in
            #expect(summary.written.contains("categories/writing/index.html"))
            #expect(summary.written.contains("categories/index.html"))
            #expect(summary.written.contains("2018/index.html"))
        }
    }

    @Test func removingAPostShiftsThePagesOfOlderPostsLikeACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            try FileManager.default.removeItem(atPath: blog + "/posts/2026/10/30/what-a-blog-is-for.markdown")
        } check: { summary in
            // Every later home page starts one post earlier.
            #expect(summary.written.contains("index.html"))
            #expect(summary.written.contains("page/2/index.html"))
            #expect(summary.written.contains("page/3/index.html"))
        }
    }

    @Test func aSmallerHomePostCountAddsPagesLikeACleanBuild() async throws {
        try await expectIncrementalMatchesClean { blog in
            let settings = try read("site.settings", in: blog)
            try write(settings.replacingOccurrences(of: "@home_post_count 8", with: "@home_post_count 3"), to: "site.settings", in: blog)
        } check: { summary in
            #expect(summary.written.contains("page/9/index.html"))
            #expect(summary.written.contains("categories/writing/page/2/index.html"))
        }
    }

    @Test func touchingAFileWithoutChangingItWritesNothing() async throws {
        try await expectIncrementalMatchesClean { blog in
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_900_000_000)],
                                                  ofItemAtPath: blog + "/posts/2020/04/18/dates-are-hard.markdown")
        } check: { summary in
            #expect(summary.written.isEmpty)
            #expect(summary.rendered == 0)
        }
    }

    @Test func deletingTheCacheOnlyCostsTime() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try copySample(to: blog)
            _ = try await bake(blog, into: root + "/site").summary()
            try FileManager.default.removeItem(atPath: blog + "/.bake-cache")
            // A new mtime, so the build can't stop at "nothing changed" and must load every post
            // without the cache.
            let post = blog + "/posts/2020/04/18/dates-are-hard.markdown"
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: post)
            let again = try await bake(blog, into: root + "/site").summary()
            #expect(again.written.isEmpty)
            #expect(FileIO.exists(blog + "/.bake-cache/sources"), "every post was parsed again, and the cache written anew")
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/site", root + "/clean")
        }
    }
}

private extension IncrementalBuildTests {
    func expectIncrementalMatchesClean(
        change: (String) throws -> Void, check: (BuildSummary) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try copySample(to: blog)
            _ = try await bake(blog, into: root + "/incremental").summary()
            try change(blog)
            let summary = try await bake(blog, into: root + "/incremental").summary()
            check(summary)
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/incremental", root + "/clean", sourceLocation: sourceLocation)
        }
    }
}

extension IncrementalBuildTests {
    @Test func aNoOpBuildChecksTheOutputFolder() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try copySample(to: blog)
            _ = try await bake(blog, into: root + "/site").summary()
            // Nothing in the blog changed, but a page of the site was deleted by hand.
            try FileManager.default.removeItem(atPath: root + "/site/archive.html")
            let again = try await bake(blog, into: root + "/site").summary()
            #expect(again.written == ["archive.html"])
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/site", root + "/clean")
        }
    }

    @Test func aNoOpBuildStillNoticesAStaticFile() async throws {
        try await expectIncrementalMatchesClean { blog in
            try write("body { color: teal; }\n", to: "static/extra.css", in: blog)
        } check: { summary in
            #expect(summary.written == ["extra.css"])
        }
    }
}
