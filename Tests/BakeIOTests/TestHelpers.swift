import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

// MARK: - Files

/// The text of the file at `relative` under `root`.
func read(_ relative: String, in root: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)), as: UTF8.self)
}

/// One file's bytes and modification time.
struct FileState: Equatable {
    let bytes: [UInt8]
    let modified: Date
}

/// Every file under `root` with its bytes and mtime, to compare a folder before and after.
func snapshot(_ root: String) throws -> [String: FileState] {
    var states: [String: FileState] = [:]
    for path in allFiles(in: root) {
        let full = root + "/" + path
        let attributes = try FileManager.default.attributesOfItem(atPath: full)
        states[path] = FileState(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: full))), modified: attributes[.modificationDate] as! Date)
    }
    return states
}

/// Sets every file under `root` to an old modification time, so a file that is written again
/// shows it, however coarse the file system's clock.
func age(_ root: String) throws {
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    for path in allFiles(in: root) {
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: root + "/" + path)
    }
}

/// The modification time of one file.
func modified(_ relative: String, in root: String) throws -> Date {
    try FileManager.default.attributesOfItem(atPath: root + "/" + relative)[.modificationDate] as! Date
}

// MARK: - Blogs

/// The time every test build runs at: 2033-05-18, after every post of the fixtures.
let testNow = Timestamp(seconds: 2_000_000_000)

/// A small blog that bakes cleanly: three posts in two months, a page, a static file.
let goodBlog: [String: String] = [
    "site.settings": """
    @site_name Good Blog
    @site_url https://good.example.com
    @site_description A blog that bakes.
    @author Ada Tester
    @time_zone America/Los_Angeles
    @home_post_count 2
    @feed_post_count 20
    @language en

    """,
    "posts/2014/03/31/hello.markdown": "@title Hello\n@pubDate 2014-03-31 20:16:46 -0700\n\nThe first post.\n",
    "posts/2014/03/31/second.md": "@title Second\n@pubDate 2014-03-31 21:00:00 -0700\n\nAnother one, the same day.\n",
    "posts/2014/04/02/april.html": "@title April\n@pubDate 2014-04-02T08:00:00-07:00\n\n<p>An <a href=\"/about.html\">HTML</a> post.</p>\n",
    "pages/about.markdown": "@title About\n\nAbout this blog.\n",
    "static/media/note.txt": "A static file.\n",
]

/// Writes `files` into `root`.
func makeBlog(_ files: [String: String], in root: String) throws {
    for (path, text) in files { try write(text, to: path, in: root) }
}

/// Bakes the blog at `blog` into `output`.
func bake(
    _ blog: String, into output: String, drafts: Bool = false, future: Bool = false,
    theme: String? = nil, clean: Bool = false, now: Timestamp = testNow, memory: BuildMemory? = nil
) async -> Result<BuildSummary, BuildFailure> {
    let options = BuildOptions(blog: BlogFolder(root: blog), output: output, themeFolder: theme,
                               includeDrafts: drafts, includeFuture: future, clean: clean, now: now)
    do {
        return .success(try await SiteBuilder(options: options, memory: memory).build())
    } catch {
        return .failure(error)
    }
}

extension Result where Success == BuildSummary, Failure == BuildFailure {
    /// The summary of a build that must succeed; records the diagnostics otherwise.
    func summary(sourceLocation: SourceLocation = #_sourceLocation) throws -> BuildSummary {
        switch self {
        case .success(let summary): return summary
        case .failure(let failure):
            Issue.record("the build failed:\n\(failure)", sourceLocation: sourceLocation)
            throw failure
        }
    }

    /// The `path:line: message` lines of a build that must fail.
    func problems(sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        switch self {
        case .success:
            Issue.record("the build succeeded; expected it to fail", sourceLocation: sourceLocation)
            return []
        case .failure(let failure):
            return failure.diagnostics.map(\.description)
        }
    }
}

/// Every file of two sites, bake's manifest aside, has the same bytes.
func expectSameSite(_ a: String, _ b: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let filesA = allFiles(in: a).filter { $0 != SiteManifest.fileName }
    let filesB = allFiles(in: b).filter { $0 != SiteManifest.fileName }
    #expect(!filesA.isEmpty, "\(a) has no site", sourceLocation: sourceLocation)
    #expect(filesA == filesB, sourceLocation: sourceLocation)
    for file in filesA where filesB.contains(file) {
        let bytesA = try Data(contentsOf: URL(fileURLWithPath: a + "/" + file))
        let bytesB = try Data(contentsOf: URL(fileURLWithPath: b + "/" + file))
        #expect(bytesA == bytesB, "\(file) differs", sourceLocation: sourceLocation)
    }
}
