import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// Builds that start from what the last build in the process parsed, as preview's and the
/// shim's do, give exactly what a clean build gives.
@Suite struct BuildMemoryTests {
    @Test func buildsFromMemoryMatchCleanBuildsAfterEveryKindOfChange() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try copySample(to: blog)
            let memory = BuildMemory()
            _ = try await bake(blog, into: root + "/site", memory: memory).summary()
            let post = "posts/2020/04/18/dates-are-hard.markdown"
            let changes: [(name: String, change: () throws -> Void)] = [
                ("edit", { try write(try read(post, in: blog) + "\nEdited.\n", to: post, in: blog) }),
                ("add", { try write("@title Added\n@pubDate 2026-10-31 09:00:00 -0700\n\nNew.\n", to: "posts/2026/10/31/added.markdown", in: blog) }),
                ("rename", { try FileManager.default.moveItem(atPath: blog + "/" + post, toPath: blog + "/posts/2020/04/18/renamed.markdown") }),
                ("delete", { try FileManager.default.removeItem(atPath: blog + "/posts/2026/10/31/added.markdown") }),
                ("recategorize", {
                    let renamed = "posts/2020/04/18/renamed.markdown"
                    let text = try read(renamed, in: blog)
                    let header = try #require(text.split(separator: "\n").first { $0.hasPrefix("@categoryArray") }.map(String.init))
                    try write(text.replacingOccurrences(of: header, with: "@categoryArray Calendars, Café, cafe"), to: renamed, in: blog)
                }),
                ("a template overridden", {
                    // The blog's own template replaces the theme's: the templates kept in memory must not be used.
                    let theme = try String(contentsOfFile: repositoryRoot + "/site-template/templates/layout.mustache", encoding: .utf8)
                    #expect(theme.contains("</head>"))
                    try write(theme.replacingOccurrences(of: "</head>", with: "<meta name=\"overridden\" content=\"yes\">\n</head>"), to: "templates/layout.mustache", in: blog)
                }),
                ("paginate", {
                    let settings = try read("site.settings", in: blog)
                    #expect(settings.contains("@home_post_count 8\n"))
                    try write(settings.replacingOccurrences(of: "@home_post_count 8", with: "@home_post_count 5"), to: "site.settings", in: blog)
                }),
            ]
            for (name, change) in changes {
                try change()
                let summary = try await bake(blog, into: root + "/site", memory: memory).summary()
                // Each change shows on the site, so none of them can pass by changing nothing.
                #expect(!summary.written.isEmpty || !summary.removed.isEmpty, "\(name) changed nothing")
                _ = try await bake(blog, into: root + "/clean-\(name)", clean: true).summary()
                try expectSameSite(root + "/site", root + "/clean-\(name)")
            }
        }
    }

    /// The cache file is left alone while few entries differ from it, as for one-off builds,
    /// but the count carries over from build to build, so it catches up in time.
    @Test func theCacheFileCatchesUpOnceEnoughEditsGather() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try makeBlog(goodBlog, in: blog)
            let memory = BuildMemory()
            _ = try await bake(blog, into: root + "/site", memory: memory).summary()
            let cachePath = blog + "/.bake-cache/sources"
            let first = try FileIO.read(cachePath)
            // One more edit than the cache file is allowed to fall behind by.
            let rounds = SiteBuilder.staleEntriesBeforeCacheWrite + 1
            for round in 1...rounds {
                // A new size each round, so the edit shows even where mtimes are coarse.
                try write("@title Hello\n@pubDate 2014-03-31 20:16:46 -0700\n\nEdit\(String(repeating: "!", count: round)).\n",
                          to: "posts/2014/03/31/hello.markdown", in: blog)
                _ = try await bake(blog, into: root + "/site", memory: memory).summary()
                if round < rounds { #expect(try FileIO.read(cachePath) == first, "round \(round)") }
            }
            #expect(try FileIO.read(cachePath) != first)
            // A new process starts from the file and still matches a clean build.
            _ = try await bake(blog, into: root + "/site").summary()
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/site", root + "/clean")
        }
    }
}
