import BakeKit

/// A postid: the post's path relative to `posts/`, e.g. `2014/03/31/mark_all_as_read.markdown`.
///
/// A draft's postid is its path relative to `drafts/`, of the same shape. Publishing a draft
/// moves `drafts/<postid>` to `posts/<postid>`, so the postid an editor holds stays valid.
/// Anything that is not a calendar path to a post file is refused, so no postid can name a
/// file outside those two folders.
///
/// ```swift
/// PostID("2014/03/31/hello.markdown")?.publishedPath   // "posts/2014/03/31/hello.markdown"
/// PostID("../site.settings")                           // nil
/// ```
struct PostID: Sendable, Hashable {
    /// The path relative to `posts/` or `drafts/`.
    let path: String
    /// Where the post is published, fixed by its folder and file name.
    let permalink: Permalink
    /// Markdown or HTML, from the extension.
    let format: BodyFormat

    /// The postid in `text`, or nil when it is not `YYYY/MM/DD/<name>.markdown`, `.md` or `.html`
    /// for a real date, with a file name that is not hidden.
    init?(_ text: String) {
        guard let permalink = Permalink(calendarPath: text),
              let name = text.split(separator: "/").last,
              let format = BodyFormat(fileName: String(name)),
              !name.hasPrefix("."),
              !text.unicodeScalars.contains(where: { $0 == "\0" || $0 == "\\" })
        else { return nil }
        self.path = text
        self.permalink = permalink
        self.format = format
    }

    /// The file of the published post, relative to the blog.
    var publishedPath: String { "posts/" + path }

    /// The file of the draft, relative to the blog.
    var draftPath: String { "drafts/" + path }
}
