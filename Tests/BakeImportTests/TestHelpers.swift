import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// The path of `Fixtures/<name>`: `jekyll-site` (a small Jekyll blog), `jekyll-liquid` (one whose posts use Liquid) or `wordpress-export.xml`.
func fixturePath(_ name: String) throws -> String {
    let folder = try #require(Bundle.module.resourceURL, "the test bundle has no resources")
    let path = folder.appendingPathComponent("Fixtures").appendingPathComponent(name).path
    try #require(FileManager.default.fileExists(atPath: path), "no fixture named \(name)")
    return path
}

/// A new blog with no posts in `root/blog`, its site's time zone Paris.
func makeBlog(in root: String, timeZone: String = "Europe/Paris") throws -> BlogFolder {
    try write("@site_name Moved In\n@site_url https://example.com\n@time_zone \(timeZone)\n", to: "blog/site.settings", in: root)
    return BlogFolder(root: root + "/blog")
}

/// Bakes `blog` with the real pipeline into `output`, as `bake build --future` does.
@discardableResult
func bake(_ blog: BlogFolder, into output: String) async throws -> BuildSummary {
    let options = BuildOptions(blog: blog, output: output, includeFuture: true, now: Timestamp(Date()))
    return try await SiteBuilder(options: options).build()
}

/// The text of the file at `path`.
func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
}

/// A copy of the fixture Jekyll site in `folder`, to break or change in a test.
func copyJekyllSite(to folder: String) throws -> String {
    try copySite("jekyll-site", to: folder)
}

/// A copy of the fixture folder `name` in `folder`.
func copySite(_ name: String, to folder: String) throws -> String {
    let source = try fixturePath(name)
    for file in allFiles(in: source) {
        try write(Array(try Data(contentsOf: URL(fileURLWithPath: source + "/" + file))), to: file, in: folder)
    }
    return folder
}
