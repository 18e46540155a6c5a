import BakeTestSupport
import Foundation
import Testing

/// `bake build`, the default command, run as a user runs it: a real process, its exit code, its output.
@Suite struct BuildTests {
    @Test func bakesTheSampleBlog() async throws {
        try await withTemporaryFolder { root in
            // --future, so the list does not depend on the day the test runs.
            try copySample(to: root + "/blog")
            let result = try await runBake(["blog", "--output", root + "/site", "--future"], in: root)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "")
            let match = try #require(result.stdout.wholeMatch(of: summaryLine), "\(result.stdout)")
            #expect(match.output.1 == "31")
            #expect(match.output.2 == "2")
            #expect(match.output.3 == "126")
            #expect(match.output.4 == "0")
            #expect(match.output.5 == "0")
            #expect(match.output.6 == "site")

            let golden = postsSampleFiles.split(separator: "\n").map(String.init)
            #expect(allFiles(in: root + "/site") == golden)
        }
    }

    /// With no flags, the settings' theme and output folder.
    @Test func bakesWithTheSettingsThemeIntoTheSettingsOutput() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            try copyDefaultTheme(to: root + "/blog/themes/mine", marking: "my own theme")
            let settings = try String(contentsOfFile: root + "/blog/site.settings", encoding: .utf8)
            try write(settings + "@theme themes/mine\n@output public\n", to: "blog/site.settings", in: root)
            let result = try await runBake([], in: root + "/blog")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasSuffix("→ public\n"), "\(result.stdout)")
            let home = try String(contentsOfFile: root + "/blog/public/index.html", encoding: .utf8)
            #expect(home.contains("<meta name=\"theme\" content=\"my own theme\">"))
            #expect(!FileManager.default.fileExists(atPath: root + "/blog/site"))
        }
    }

    @Test func aBusyPortIsOneLineBeforeAnyBuild() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            // Hold a port, as another program would.
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            #expect(bound == 0)
            #expect(listen(fd, 1) == 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
            let port = Int(UInt16(bigEndian: address.sin_port))

            let result = try await runBake(["preview", "blog", "--port", String(port)], in: root)
            #expect(result.status != 0)
            #expect(result.stderr == "bake: cannot serve on 127.0.0.1:\(port): the port is in use by another program; expected a free port, or --port 0 for any\n")
            #expect(!FileManager.default.fileExists(atPath: root + "/blog/.bake-cache/preview"), "it baked before trying the port")
        }
    }

    @Test func aSecondBakeWritesNothing() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            let arguments = ["blog", "--output", root + "/site", "--future"]
            _ = try await runBake(arguments, in: root)
            let again = try await runBake(arguments, in: root)
            #expect(again.status == 0)
            let match = try #require(again.stdout.wholeMatch(of: summaryLine), "\(again.stdout)")
            #expect(match.output.3 == "0")
            #expect(match.output.4 == "126")
            #expect(match.output.5 == "0")
        }
    }

    /// Another bake may render differently: it must not trust what an older one cached.
    @Test func anotherBakeExecutableDoesNotTrustTheCache() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            let copy = URL(fileURLWithPath: root + "/bin/bake")
            try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: try builtExecutable("bake"), to: copy)
            // bake is installed with bake-images, which resizes the sample's photo.
            try FileManager.default.copyItem(at: try builtExecutable("bake-images"), to: URL(fileURLWithPath: root + "/bin/bake-images"))
            let arguments = ["blog", "--output", root + "/site", "--future"]
            let cache = root + "/blog/.bake-cache/sources"
            func cacheDate() throws -> Date? { try FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date }
            #expect(try await runBake(arguments, in: root, executable: copy).status == 0)
            let first = try #require(try cacheDate())
            // The same executable again: a no-op that leaves the cache be.
            #expect(try await runBake(arguments, in: root, executable: copy).status == 0)
            #expect(try cacheDate() == first)
            // A "new" bake (same path, new mtime): it reads every post again and rewrites the cache.
            try FileManager.default.setAttributes([.modificationDate: first.addingTimeInterval(60)], ofItemAtPath: copy.path)
            let result = try await runBake(arguments, in: root, executable: copy)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try cacheDate() != first)
        }
    }

    @Test func verboseListsEveryFileWritten() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            let result = try await runBake(["blog", "-o", root + "/site", "--future", "--verbose"], in: root)
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 127)
            #expect(lines.contains("  wrote index.html"))
        }
    }

    /// With no blog folder in a folder holding `posts-sample/` and `site-template/`, as the
    /// repository does, bake bakes the sample into `posts-sample/site`.
    @Test func bakesTheSampleByDefaultInTheRepositoryLayout() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/posts-sample")
            try FileManager.default.copyItem(atPath: repositoryRoot + "/site-template", toPath: root + "/site-template")
            let result = try await runBake(["--future"], in: root)
            #expect(result.status == 0, "\(result.stderr)")
            let match = try #require(result.stdout.wholeMatch(of: summaryLine), "\(result.stdout)")
            #expect(match.output.6 == "posts-sample/site")
            let golden = postsSampleFiles.split(separator: "\n").map(String.init)
            #expect(allFiles(in: root + "/posts-sample/site") == golden)
        }
    }

    @Test func aBrokenBlogFailsWithPathLineDiagnosticsAndNoCrash() async throws {
        try await withTemporaryFolder { root in
            try write("@site_name Broken\n@site_url https://broken.example.com\n@time_zone UTC\n", to: "blog/site.settings", in: root)
            try write("@title Fine\n@pubDate 2014-03-31 10:00:00\n\nFine.\n", to: "blog/posts/2014/03/31/fine.markdown", in: root)
            try write("@title No date\n\nBody.\n", to: "blog/posts/2014/03/31/no-date.markdown", in: root)
            try write("@title Bad\n@pubDate someday\n\nBody.\n", to: "blog/posts/2014/04/01/bad.markdown", in: root)
            let result = try await runBake(["blog", "--output", "out"], in: root)
            #expect(result.status != 0)
            #expect(result.stdout == "")
            #expect(result.stderr == """
            blog/posts/2014/03/31/no-date.markdown:1: missing @pubDate; expected a line such as `@pubDate 2014-03-31 20:16:46 -0700` in the header
            blog/posts/2014/04/01/bad.markdown:2: cannot read @pubDate `someday` as a date; expected e.g. `2014-03-31 20:16:46 -0700`, `Fri Jan 30 09:29:34 -0800 2009` or `2014-03-31T20:16:46-07:00`
            bake: 2 problems; the site was not changed.

            """)
            for marker in crashMarkers { #expect(!result.stderr.contains(marker)) }
            #expect(!FileManager.default.fileExists(atPath: root + "/out"))
        }
    }

    /// A build that fails after writing part of the site says how much it wrote, not that
    /// the site was not changed.
    @Test func aFailureAfterFilesWereWrittenSaysHowMany() async throws {
        try await withTemporaryFolder { root in
            try write("@site_name Linked\n@site_url https://linked.example.com\n@time_zone UTC\n", to: "blog/site.settings", in: root)
            try write("@title Fine\n@pubDate 2014-03-31 10:00:00\n\nFine.\n", to: "blog/posts/2014/03/31/fine.markdown", in: root)
            let first = try await runBake(["blog", "--output", "out"], in: root)
            #expect(first.status == 0, "\(first.stderr)")
            // The post's own folder is now a link elsewhere; the pages that list it are not.
            try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
            try FileManager.default.removeItem(atPath: root + "/out/2014/03/31")
            try FileManager.default.createSymbolicLink(atPath: root + "/out/2014/03/31", withDestinationPath: root + "/elsewhere")
            try write("@title Fine, retitled\n@pubDate 2014-03-31 10:00:00\n\nFine.\n", to: "blog/posts/2014/03/31/fine.markdown", in: root)
            let result = try await runBake(["blog", "--output", "out"], in: root)
            #expect(result.status != 0)
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(result.stderr)")
            #expect(lines.first?.hasSuffix("out/2014/03/31: is a link to another folder, and bake writes and removes files only in the site's own folders; expected a folder (remove the link, and bake makes the folder)") == true, "\(result.stderr)")
            let written = try #require(lines.last?.wholeMatch(of: /bake: 1 problem; the build stopped after writing (\d+) files of the site, and the next build goes on from them\./), "\(result.stderr)")
            #expect(Int(written.output.1) ?? 0 > 1)
            #expect(try String(contentsOfFile: root + "/out/index.html", encoding: .utf8).contains("Fine, retitled"))
            #expect(allFiles(in: root + "/elsewhere") == [])
            for marker in crashMarkers { #expect(!result.stderr.contains(marker)) }
        }
    }

    @Test func aFolderWithoutSettingsIsAUsageError() async throws {
        try await withTemporaryFolder { root in
            try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
            let result = try await runBake(["empty"], in: root)
            #expect(result.status != 0)
            #expect(result.stderr.contains("empty: no site.settings here; expected a blog folder"))
            for marker in crashMarkers { #expect(!result.stderr.contains(marker)) }
        }
    }

    @Test func refusesAnOutputFolderItDidNotMake() async throws {
        try await withTemporaryFolder { root in
            try write("mine\n", to: "out/thesis.txt", in: root)
            try copySample(to: root + "/blog")
            let result = try await runBake(["blog", "--output", "out"], in: root)
            #expect(result.status != 0)
            #expect(result.stderr.contains("is not empty and was not made by bake"))
            #expect(allFiles(in: root + "/out") == ["thesis.txt"])
        }
    }

    @Test func aMissingThemeFolderIsNamed() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            let result = try await runBake(["blog", "--output", "out", "--theme", "no-such-theme"], in: root)
            #expect(result.status != 0)
            #expect(result.stderr.contains("no-such-theme"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root + "/out"))
        }
    }
}
