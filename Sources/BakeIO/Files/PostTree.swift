import BakeKit

/// The blog's post files on disk, as `bake new`, `bake init` and `bake-metaweblog` all
/// place and write them.
///
/// A post or draft lives at `posts/YYYY/MM/DD/<slug>.<ext>` or `drafts/YYYY/MM/DD/<slug>.<ext>`;
/// its permalink comes from that calendar path in both folders (`Permalink(calendarPath:)`),
/// so a draft keeps its permalink when it moves to `posts/`. A slug is unique per day across
/// both folders for the same reason.
///
/// ```swift
/// let tree = PostTree(blog: blog)
/// let path = try tree.newPostPath(folder: "drafts", date: now, slug: "hello", format: .markdown)
/// try tree.write(PostFile(fields: [(HeaderKey.title.name, "Hello")], body: "").text, to: path)   // drafts/2014/03/31/hello.markdown
/// ```
public struct PostTree: Sendable {
    /// The folders that hold post files: published posts, then drafts.
    public static let folders = ["posts", "drafts"]

    public let blog: BlogFolder

    public init(blog: BlogFolder) {
        self.blog = blog
    }

    /// A free path for a new post in `folder` (`posts` or `drafts`), relative to the blog, e.g.
    /// `posts/2014/03/31/hello.markdown`, adding `-2`, `-3` … to the slug when a post or draft
    /// of that day already has it (in any format).
    /// A day folder that cannot be listed is an error, not an empty day: the new post could
    /// otherwise replace one of the same name.
    public func newPostPath(folder: String = "posts", date: CivilTime, slug: String, format: BodyFormat) throws(FileSystemError) -> String {
        try newPostPath(folder: folder, day: date.dayFolder, slug: slug, format: format)
    }

    /// A free path for a new post in `folder` on `day`, e.g. `2014/03/31`: see above.
    public func newPostPath(folder: String = "posts", day: String, slug: String, format: BodyFormat) throws(FileSystemError) -> String {
        let taken = Set(try postFiles(day: day).keys)
        let unique = Slug.unique(slug.isEmpty ? "post" : slug, taken: taken)
        return "\(folder)/\(day)/\(unique).\(format == .html ? "html" : "markdown")"
    }

    /// The post and draft files of `day`, e.g. `2014/03/31`, by slug, each with its path
    /// relative to the blog: `["hello": "drafts/2014/03/31/hello.markdown"]`. These are the
    /// slugs a new post of that day may not take, whichever folder it goes to.
    public func postFiles(day: String) throws(FileSystemError) -> [String: String] {
        var files: [String: String] = [:]
        for folder in Self.folders {
            for entry in try FileTree.scan(blog.path("\(folder)/\(day)"))
            where !entry.path.contains("/") && BodyFormat(fileName: entry.path) != nil {
                let stem = BodyFormat.stem(of: entry.path)
                if files[stem] == nil { files[stem] = "\(folder)/\(day)/\(entry.path)" }
            }
        }
        return files
    }

    /// Writes a file of the post tree: temp file, fsync, rename, fsync of the folder.
    public func write(_ text: String, to relativePath: String) throws(FileSystemError) {
        try FileIO.writeAtomically(Array(text.utf8), to: blog.path(relativePath), durable: true)
    }
}
