import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// One configuration for every program: what `site.settings` and the flags say a blog bakes
/// into, with which theme.
@Suite struct BlogConfigurationTests {
    @Test func defaultsToTheBuiltInThemeAndSite() throws {
        try withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root)
            let configuration = BlogConfiguration.load(BlogFolder(root: root))
            #expect(configuration.problems.isEmpty)
            #expect(configuration.output == root + "/site")
            #expect(configuration.themeFolder == nil)
            #expect(configuration.settings.name == "Good Blog")
        }
    }

    @Test func readsThemeAndOutputFromTheSettingsRelativeToTheBlog() throws {
        try withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root)
            try FileManager.default.createDirectory(atPath: root + "/themes/plain/templates", withIntermediateDirectories: true)
            try write(goodBlog["site.settings"]! + "@theme themes/plain\n@output public\n", to: "site.settings", in: root)
            let configuration = BlogConfiguration.load(BlogFolder(root: root))
            #expect(configuration.problems.isEmpty)
            #expect(configuration.themeFolder == root + "/themes/plain")
            #expect(configuration.output == root + "/public")

            let flags = BlogConfiguration.load(BlogFolder(root: root), overrides: .init(output: "/elsewhere", theme: "/other/theme"))
            #expect(flags.output == "/elsewhere", "a flag wins over the setting")
            #expect(flags.themeFolder == "/other/theme")
            #expect(flags.reloaded() == flags, "a reload keeps the flags")
        }
    }

    @Test func namesTheSettingsLineOfAMissingThemeOrAnOutputThatHoldsTheBlog() throws {
        try withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root)
            let lines = goodBlog["site.settings"]!.split(separator: "\n").count
            try write(goodBlog["site.settings"]! + "@theme themes/missing\n@output ..\n", to: "site.settings", in: root)
            let problems = BlogConfiguration.load(BlogFolder(root: root)).problems.map(\.description)
            #expect(problems == [
                "site.settings:\(lines + 1): @theme `themes/missing` is not a folder; expected a theme folder with templates/ and static/, relative to the blog",
                "site.settings:\(lines + 2): @output `..` is the blog folder or holds it; expected a folder inside the blog such as `site`",
            ])
            #expect(throws: BuildFailure.self) { try BlogConfiguration.load(BlogFolder(root: root)).checked() }
        }
    }

    /// A blank line once ended the settings silently, and with them the shim's login.
    @Test func allowsBlankLinesAndCommentsAnywhere() throws {
        try withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root)
            try write("# My blog\n@site_name Spaced Out\n\n@site_url https://spaced.example.com\n   \n# the shim\n@metaweblog_user mira\n", to: "site.settings", in: root)
            let configuration = BlogConfiguration.load(BlogFolder(root: root))
            #expect(configuration.problems.isEmpty)
            #expect(configuration.settings.name == "Spaced Out")
            #expect(configuration.settings.metadata["metaweblog_user"] == "mira")
        }
    }

    @Test func aStrayLineIsAnErrorAtThatLineAndTheRestStillCounts() throws {
        try withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root)
            try write("@site_name Good Blog\nsite_url https://good.example.com\n@time_zone Asia/Tokyo\n", to: "site.settings", in: root)
            let configuration = BlogConfiguration.load(BlogFolder(root: root))
            #expect(configuration.problems.map(\.description) == [
                "site.settings:1: missing @site_url; expected a line such as `@site_url https://example.com` in the header",
                "site.settings:2: `site_url https://good.example.com` is not a setting; expected `@key value`, a blank line or a `#` comment",
            ])
            // Posts are still read in the file's time zone, so their problems can be reported too.
            #expect(configuration.settings.timeZone.identifier == "Asia/Tokyo")
        }
    }

    @Test func aBuildWithNoFlagsUsesTheSettingsThemeAndOutput() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root)
            try copyDefaultTheme(to: root + "/themes/plain", marking: "plain theme")
            try write(goodBlog["site.settings"]! + "@theme themes/plain\n@output public\n", to: "site.settings", in: root)
            let options = BuildOptions(configuration: .load(BlogFolder(root: root)), now: testNow)
            _ = try await SiteBuilder(options: options).build()
            #expect(!FileManager.default.fileExists(atPath: root + "/site"))
            #expect(try read("index.html", in: root + "/public").contains("plain theme"))
        }
    }
}
