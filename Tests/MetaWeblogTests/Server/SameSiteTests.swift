import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing
import XMLRPC

/// The shim re-bakes the blog exactly as `bake build` does: the settings' theme and output
/// folder, with no flags, byte for byte.
@Suite struct SameSiteTests {
    @Test func theShimsRebakeIsWhatBakeBuildMakes() async throws {
        let blog = try TestBlog(settings: ["@theme themes/mine", "@output public"])
        defer { blog.delete() }
        try copyDefaultTheme(to: blog.path("themes/mine"), marking: "my own theme")
        let shim = try await ShimHarness(blog: blog)
        try await shim.whileRunning {
            let content: XMLRPCValue = ["title": "Posted from the editor", "description": "Written in an editor.", "dateCreated": .dateTime(XMLRPCDateTime(iso8601: "20250704T12:00:00")!)]
            let postID = try #require(try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, true]).stringValue)
            let page = "public/" + postID.replacingOccurrences(of: ".markdown", with: ".html")
            #expect(try blog.read(page).contains("<meta name=\"theme\" content=\"my own theme\">"))
            #expect(!blog.exists("site"), "the shim baked into the default folder instead of @output")
        }

        // The same blog, baked by `bake build` with no flags, elsewhere.
        let copy = try temporaryFolder(prefix: "bake-same-site-")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        for item in ["posts", "pages", "static", "themes", "site.settings"] {
            try FileManager.default.copyItem(atPath: blog.path(item), toPath: copy + "/" + item)
        }
        let baked = try await Program(executable: try builtExecutable("bake").path).run([copy])
        #expect(baked.status == 0, "\(baked.errors)")

        let shimFiles = blog.files("public").filter { $0 != SiteManifest.fileName }
        let bakeFiles = allFiles(in: copy + "/public").filter { $0 != SiteManifest.fileName }
        #expect(!shimFiles.isEmpty)
        #expect(shimFiles == bakeFiles)
        for file in shimFiles where bakeFiles.contains(file) {
            #expect(try blog.bytes("public/" + file) == Array(try Data(contentsOf: URL(fileURLWithPath: copy + "/public/" + file))), "\(file) differs")
        }
    }
}
