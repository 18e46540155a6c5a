import BakeIO
import BakeTestSupport
import Foundation
import Testing

/// The repository's folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A throwaway copy of the sample blog (`posts-sample/`, without its baked `site/`), in a
/// fresh temp folder that `delete()` removes.
struct TestBlog: Sendable {
    let root: String

    /// A copy of the sample blog.
    init() throws {
        root = FileManager.default.temporaryDirectory.path + "/bake-server-test-" + UUID().uuidString.lowercased()
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for item in ["posts", "pages", "static", "site.settings"] {
            try FileManager.default.copyItem(atPath: repositoryRoot + "/posts-sample/" + item, toPath: root + "/" + item)
        }
    }

    /// A blog that already exists, which `delete()` must not be called on.
    init(existing root: String) {
        self.root = root
    }

    var folder: BlogFolder { BlogFolder(root: root) }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Writes `text` in place (truncate and write), the way many editors save.
    func write(_ text: String, to relative: String) throws {
        try FileManager.default.createDirectory(atPath: FileIO.parent(of: path(relative)), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(relative)))
    }

    /// Writes `text` to a temp file and renames it over, the way other editors save.
    func replace(_ text: String, at relative: String) throws {
        try FileIO.writeAtomically(Array(text.utf8), to: path(relative))
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }

    func delete() {
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// A post file with a title, a date and a body.
func postText(title: String, date: String, body: String) -> String {
    "@title \(title)\n@pubDate \(date)\n\n\(body)\n"
}

/// A fresh, empty temp folder.
func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.path + "/bake-server-test-" + UUID().uuidString.lowercased()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
