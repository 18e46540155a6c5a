import BakeKit
import XMLRPC

/// `metaWeblog.newPost(blogid, username, password, struct, publish)`: writes a new post file
/// and returns its postid.
///
/// The file goes to `posts/YYYY/MM/DD/<slug>.markdown` (or `.html`) for the day of
/// `dateCreated`, or of now; with `publish` false, to `drafts/` under the same shape, where
/// bake does not publish it. The slug comes from `wp_slug`, then the title, then the first
/// words, with `-2`, `-3` … added when that day has it already.
struct NewPost: XMLRPCMethod {
    var name: String { "metaWeblog.newPost" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blogid")
        try await context.authenticate(parameters, at: 1)
        let changes = try PostChanges(parameters.structure(3, "content"), parameter: 3, of: parameters, dates: context.dates)
        let publish = try parameters.flag(4, "publish", default: true)
        let now = context.now()
        let postID = try await context.writer.perform { tree throws(MetaWeblogError) in
            let date = changes.dateCreated ?? now
            let slug = PostSlug(requested: changes.slug, title: changes.title, body: changes.description)
            let id = try tree.newPostID(day: tree.dates.dayFolder(date), slug: slug.text, format: changes.format ?? .markdown)
            var header = PostHeader()
            header.set("title", changes.title)
            // A draft without a date is dated when it is published.
            if publish || changes.dateCreated != nil {
                header.set("pubDate", tree.dates.headerText(date))
            }
            header.set("link", changes.link)
            header.set("categoryArray", changes.categories.flatMap(CategoryList.headerValue))
            header.set("mt_keywords", changes.keywords)
            header.set("mt_excerpt", changes.excerpt)
            let body = PostChanges.body(description: changes.description ?? "", more: changes.textMore ?? "")
            let post = StoredPost(id: id, status: publish ? .published : .draft, header: header, body: body)
            try tree.write(post)
            let record = ChangeRecord(saved: post.path, paths: [post.path], message: "newPost: \(post.path)\(Self.quotedTitle(post))")
            return TreeChange(value: id.path, record: record)
        }
        return .string(postID)
    }

    /// ` "Title"` for a commit message, or nothing for an untitled post.
    static func quotedTitle(_ post: StoredPost) -> String {
        guard let title = post.header["title"], !title.isEmpty else { return "" }
        return " \"\(title)\""
    }
}
