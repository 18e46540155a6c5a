import BakeKit

/// A post or draft as its file holds it: the header lines and the body, exactly.
struct StoredPost: Sendable, Hashable {
    /// The postid.
    let id: PostID
    /// Published (in `posts/`) or a draft (in `drafts/`).
    let status: Post.Status
    /// The `@key value` lines, every one kept as the file has it; edited with
    /// `PostMetadata.setting(_:to:)`.
    var header: PostMetadata
    /// The body, exactly as in the file.
    var body: String

    /// The file, relative to the blog.
    var path: String {
        status == .published ? id.publishedPath : id.draftPath
    }

    /// The file's text. A file always has at least one header line, so that a body that
    /// starts with a blank line or an `@` reads back as the same body.
    var text: String {
        let fields = header.fields.isEmpty ? [(key: HeaderKey.title.name, value: "")] : header.pairs
        return PostFile(fields: fields, body: body).text
    }

    /// The categories of `@categoryArray`.
    var categories: [String] {
        CategoryList.names(in: header[.categoryArray])
    }

    /// The date shown to editors: `@pubDate`, or for a post without a readable one (a draft
    /// not yet dated), midnight of its folder's day.
    func date(_ dates: PostDate) -> Timestamp {
        header[.pubDate].flatMap(dates.timestamp(header:)) ?? dates.startOfDay(id.permalink)
    }
}
