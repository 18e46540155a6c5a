import BakeIO
import Foundation

/// A throwaway copy of the sample blog (`posts-sample/`, without its baked `site/`), at
/// `<temp>/<prefix><uuid>/blog`; `outside` is the folder around it, which no test may
/// write into, and which `delete()` removes.
///
/// Each test target adds the initializer it needs in an extension, for example:
///
/// ```swift
/// extension TestBlog {
///     init() throws { try self.init(prefix: "bake-server-test-") }
/// }
/// ```
public struct TestBlog: Sendable {
    public let outside: String
    public let root: String

    /// A copy of the sample blog; `settings` lines are added to its `site.settings`.
    public init(prefix: String, settings extra: [String] = []) throws {
        outside = try temporaryFolder(prefix: prefix)
        root = outside + "/blog"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for item in ["posts", "pages", "static", "site.settings"] {
            try FileManager.default.copyItem(atPath: repositoryRoot + "/posts-sample/" + item, toPath: root + "/" + item)
        }
        if !extra.isEmpty {
            let settings = try read("site.settings")
            try write(settings + (settings.hasSuffix("\n") ? "" : "\n") + extra.map { $0 + "\n" }.joined(), to: "site.settings")
        }
    }

    /// A blog that already exists, which `delete()` must not be called on.
    public init(existing root: String) {
        outside = root
        self.root = root
    }

    /// The blog, for the code under test.
    public var folder: BlogFolder { BlogFolder(root: root) }

    /// The full path of `relative`.
    public func path(_ relative: String) -> String { root + "/" + relative }

    /// Whether something is at `relative`.
    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// Writes `text` in place (truncate and write), the way many editors save.
    public func write(_ text: String, to relative: String) throws {
        try BakeTestSupport.write(text, to: relative, in: root)
    }

    /// Writes `text` to a temp file and renames it over, the way other editors save.
    public func replace(_ text: String, at relative: String) throws {
        try FileIO.writeAtomically(Array(text.utf8), to: path(relative))
    }

    /// The text of the file at `relative`.
    public func read(_ relative: String) throws -> String {
        String(decoding: try bytes(relative), as: UTF8.self)
    }

    /// The bytes of the file at `relative`.
    public func bytes(_ relative: String) throws -> [UInt8] {
        try FileIO.read(path(relative))
    }

    /// Every file below `relative`, relative to it, sorted; hidden ones too.
    public func files(_ relative: String) -> [String] {
        allFiles(in: path(relative))
    }

    /// Removes the file or folder at `relative`.
    public func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }

    /// The names in the folder around the blog: only `blog`, unless something escaped it.
    public var outsideItems: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: outside)) ?? []).sorted()
    }

    /// Removes the blog and the folder around it.
    public func delete() {
        try? FileManager.default.removeItem(atPath: outside)
    }
}
