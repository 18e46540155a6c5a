import BakeKit

/// The blog's post files on disk: where a new post goes, and atomic, durable writes there.
public struct PostTree: Sendable {
    public let blog: BlogFolder

    public init(blog: BlogFolder) {
        self.blog = blog
    }

    /// A free path for a new post, relative to the blog, e.g. `posts/2014/03/31/hello.markdown`,
    /// adding `-2`, `-3` … to the slug when that day already has it (in any format).
    /// A day folder that cannot be listed is an error, not an empty day: the new post could
    /// otherwise replace one of the same name.
    public func newPostPath(folder: String = "posts", date: CivilTime, slug: String, format: BodyFormat) throws(FileSystemError) -> String {
        let day = "\(folder)/\(date.dayFolder)"
        let taken = Set(try FileTree.scan(blog.path(day)).map { BodyFormat.stem(of: $0.path) })
        let unique = Slug.unique(slug.isEmpty ? "post" : slug, taken: taken)
        return "\(day)/\(unique).\(format == .html ? "html" : "markdown")"
    }

    /// Writes a file of the post tree: temp file, fsync, rename, fsync of the folder.
    public func write(_ text: String, to relativePath: String) throws(FileSystemError) {
        try FileIO.writeAtomically(Array(text.utf8), to: blog.path(relativePath), durable: true)
    }
}
