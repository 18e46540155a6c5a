import BakeIO
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing

/// The repository's folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The login every test blog has.
enum TestLogin {
    static let user = "mira"
    static let password = "correct horse & <battery> ✓"
    /// Made once per run, at bcrypt's cheapest cost so that tests stay fast; production
    /// hashes come from `hash-password`, at cost 10 or more.
    static let hash = PasswordHash.make(password: password, cost: 4)
}

/// A throwaway copy of the sample blog (`posts-sample/`, without its baked `site/`), with
/// the test login added to its settings, at `<temp>/<uuid>/blog`; `outside` is the folder
/// around it, which no test may write into.
struct TestBlog: Sendable {
    let outside: String
    let root: String

    /// A copy of the sample blog; `settings` lines are added to its `site.settings`.
    init(settings extra: [String] = [], login: Bool = true) throws {
        outside = FileManager.default.temporaryDirectory.path + "/bake-metaweblog-test-" + UUID().uuidString.lowercased()
        root = outside + "/blog"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for item in ["posts", "pages", "static", "site.settings"] {
            try FileManager.default.copyItem(atPath: repositoryRoot + "/posts-sample/" + item, toPath: root + "/" + item)
        }
        var lines = extra
        if login {
            lines = ["@metaweblog_user \(TestLogin.user)", "@metaweblog_password_hash \(TestLogin.hash.text)"] + lines
        }
        let settings = try read("site.settings")
        try write(settings + (settings.hasSuffix("\n") ? "" : "\n") + lines.map { $0 + "\n" }.joined(), to: "site.settings")
    }

    var folder: BlogFolder { BlogFolder(root: root) }

    func path(_ relative: String) -> String { root + "/" + relative }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    func write(_ text: String, to relative: String) throws {
        try FileManager.default.createDirectory(atPath: FileIO.parent(of: path(relative)), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(relative)))
    }

    func read(_ relative: String) throws -> String {
        String(decoding: try bytes(relative), as: UTF8.self)
    }

    func bytes(_ relative: String) throws -> [UInt8] {
        try FileIO.read(path(relative))
    }

    /// Every file below `relative`, relative to it, sorted; hidden ones too.
    func files(_ relative: String) -> [String] {
        let base = path(relative)
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let item = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + item, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(item)
            }
        }
        return files.sorted()
    }

    /// The names in the folder around the blog: only `blog`, unless something escaped it.
    var outsideItems: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: outside)) ?? []).sorted()
    }

    func delete() {
        try? FileManager.default.removeItem(atPath: outside)
    }
}

/// Runs `body` with a fresh sample blog, deleted afterwards.
func withBlog(settings: [String] = [], _ body: (TestBlog) async throws -> Void) async throws {
    let blog = try TestBlog(settings: settings)
    defer { blog.delete() }
    try await body(blog)
}
