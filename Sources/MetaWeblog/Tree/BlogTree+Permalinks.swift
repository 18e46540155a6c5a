import BakeIO
import BakeKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BlogTree {
    /// The post or draft whose permalink is `permalink`, or nil when none has it.
    func post(at permalink: Permalink) throws(MetaWeblogError) -> StoredPost? {
        let files: [String: String]
        do {
            files = try PostTree(blog: blog).postFiles(day: Self.day(permalink))
        } catch {
            throw MetaWeblogError(.fileFailed(error, blogRoot: blog.root))
        }
        guard let path = files[permalink.slug],
              let id = PostID(String(path.drop { $0 != "/" }.dropFirst()))
        else { return nil }
        return try post(id)
    }

    /// The path in `.trash/` of the post or draft with this permalink that was deleted last,
    /// when no post has the permalink now: `.trash/posts/2014/03/31/hello.markdown`, say, or
    /// `hello~2.markdown` when the permalink was used again and deleted again (see `trash`).
    func trashedPost(at permalink: Permalink) -> String? {
        var last: (number: Int, path: String)?
        for folder in PostTree.folders {
            let day = ".trash/\(folder)/\(Self.day(permalink))"
            guard let entries = try? FileTree.scan(blog.path(day)) else { continue }
            for entry in entries where !entry.path.contains("/") && BodyFormat(fileName: entry.path) != nil {
                let (stem, ext) = Self.stemAndExtension(entry.path)
                let slug = stem.split(separator: "~", maxSplits: 1).first.map(String.init) ?? stem
                guard slug == permalink.slug, let number = Self.trashNumber(entry.path, stem: slug, ext: ext) else { continue }
                if number > last?.number ?? 0 { last = (number, "\(day)/\(entry.path)") }
            }
        }
        return last?.path
    }

    /// Moves a trashed post back to where it was (`.trash/posts/…/a~2.markdown` to
    /// `posts/…/a.markdown`), so it has its permalink again. Returns its path.
    func untrash(_ trashed: String) throws(MetaWeblogError) -> String {
        let folder = FileIO.parent(of: trashed)
        let (stem, ext) = Self.stemAndExtension(String(trashed.dropFirst(folder.count + 1)))
        let slug = stem.split(separator: "~", maxSplits: 1).first.map(String.init) ?? stem
        let path = String(folder.dropFirst(".trash/".count)) + "/" + slug + ext
        guard !FileIO.exists(blog.path(path)) else {
            throw MetaWeblogError(.fileFailed(FileSystemError(path: blog.path(path), operation: .rename, errno: EEXIST), blogRoot: blog.root))
        }
        try move(trashed, to: path)
        return path
    }

    /// The calendar folder of a permalink, e.g. `2014/03/31`.
    static func day(_ permalink: Permalink) -> String {
        String(permalink.monthFolder) + (permalink.day < 10 ? "0\(permalink.day)" : "\(permalink.day)")
    }
}
