import BakeKit

/// The files bake has published to one target: the only files a deploy may ever delete there.
///
/// Kept in the blog's `.bake-cache/deploy/`, one file per target, named by a hash of the
/// target's name and holding the name on its first line:
///
/// ```
/// bake-published 1
/// target	rsync://example.com/www
/// 2014/03/31/mark_all_as_read.html
/// index.html
/// ```
///
/// Losing it is safe: bake then deletes nothing until it has published again.
public struct PublishedFiles: Sendable, Hashable {
    static let header = "bake-published 1"

    /// Paths relative to the target, sorted by their bytes.
    public let paths: [String]

    public init(paths listed: some Sequence<String>) {
        paths = Set(listed).sorted { $0.precedesInBytes($1) }
    }

    /// Where the list for `target` is kept in `blog`.
    public static func path(for target: DeployTarget, in blog: BlogFolder) -> String {
        var hasher = ContentHasher()
        hasher.combine(target.name)
        return blog.deployRecordPath(target: hasher.hexDigest)
    }

    /// What bake published to `target` from `blog`; empty when it never did (or forgot).
    public static func read(for target: DeployTarget, in blog: BlogFolder) throws(FileSystemError) -> PublishedFiles {
        let path = path(for: target, in: blog)
        guard FileIO.exists(path) else { return PublishedFiles(paths: []) }
        return PublishedFiles(bytes: try FileIO.read(path), target: target) ?? PublishedFiles(paths: [])
    }

    /// Reads a list written by `encoded(for:)`; nil if the bytes are not one, or are another
    /// target's (two names with one hash).
    init?(bytes: [UInt8], target: DeployTarget) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == Self.header, lines[1] == "target\t\(target.name)" else { return nil }
        self.init(paths: lines.dropFirst(2).filter { !$0.isEmpty }.map(String.init))
    }

    /// Writes the list for `target` atomically and durably.
    public func write(for target: DeployTarget, in blog: BlogFolder) throws(FileSystemError) {
        let path = Self.path(for: target, in: blog)
        try FileIO.createFolders(FileIO.parent(of: path))
        try FileIO.writeAtomically(encoded(for: target), to: path)
    }

    func encoded(for target: DeployTarget) -> [UInt8] {
        Array((([Self.header, "target\t\(target.name)"] + paths).joined(separator: "\n") + "\n").utf8)
    }
}
