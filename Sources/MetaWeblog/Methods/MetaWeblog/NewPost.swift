import BakeKit
import XMLRPC

/// `metaWeblog.newPost(blogid, username, password, struct, publish)`: writes a new post file
/// and returns its postid.
///
/// The file goes to `posts/YYYY/MM/DD/<slug>.markdown` (or `.html`) for the day of
/// `dateCreated`, or of now; with `publish` false (or `post_status` draft), to `drafts/` under the same shape, where
/// bake does not publish it. The slug comes from `wp_slug`, then the title, then the first
/// words, with `-2`, `-3` … added when that day has it already. A call that repeats one whose
/// post is already written (same day, same slug or a numbered one, same text; for an undated
/// call, dated within the last ten minutes) gets that post's postid, and writes nothing.
struct NewPost: XMLRPCMethod {
    var name: String { "metaWeblog.newPost" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blogid")
        try await context.authenticate(parameters, at: 1)
        let changes = try PostChanges(parameters.structure(3, "content"), parameter: 3, of: parameters, dates: context.dates)
        let flag = try parameters.flag(4, "publish", default: true)
        let publish = changes.status.map { $0 == .published } ?? flag
        let now = context.now()
        let postID = try await context.writer.perform { tree throws(MetaWeblogError) in
            try Self.create(changes, publish: publish, now: now, in: tree)
        }
        return .string(postID)
    }

    /// Writes the new post `changes` describe, as newPost does, with `extraHeader` lines after
    /// bake's own; returns its postid. Shared with Micropub's create, so posts made either way
    /// are the same files. Runs on the writer.
    static func create(
        _ changes: PostChanges, publish: Bool, now: Timestamp, extraHeader: [(key: HeaderKey, value: String)] = [], in tree: BlogTree
    ) throws(MetaWeblogError) -> TreeChange<String> {
        let date = changes.dateCreated ?? now
        let day = tree.dates.dayFolder(date)
        let slug = PostSlug(requested: changes.slug, title: changes.title, body: changes.description)
        let id = try tree.newPostID(day: day, slug: slug.text, format: changes.format ?? .markdown)
        var header = PostMetadata(fields: []).setting(.title, to: changes.title)
        // A draft without a date is dated when it is published.
        if publish || changes.dateCreated != nil {
            header = header.setting(.pubDate, to: tree.dates.headerText(date))
        }
        header = header.setting(.link, to: changes.link)
            .setting(.categoryArray, to: changes.categories.flatMap(CategoryList.headerValue))
            .setting(.mtKeywords, to: changes.keywords)
            .setting(.mtExcerpt, to: changes.excerpt)
        for line in extraHeader { header = header.setting(line.key, to: line.value) }
        let body = PostChanges.body(description: changes.description ?? "", more: changes.textMore ?? "")
        let post = StoredPost(id: id, status: publish ? .published : .draft, header: header, body: body)
        // The same call again, its answer lost on the way: answer it with the post it wrote.
        let undatedSince = changes.dateCreated == nil ? Timestamp(seconds: now.seconds - Self.retryWindow) : nil
        if let existing = tree.sameNewPost(post, day: day, slug: slug.text, undatedSince: undatedSince) {
            return TreeChange(value: existing.path, record: nil)
        }
        try tree.write(post)
        let record = ChangeRecord(saved: post.path, paths: [post.path], message: "newPost: \(post.path)\(Self.quotedTitle(post))")
        return TreeChange(value: id.path, record: record)
    }

    /// How long, in seconds, an undated newPost sent again counts as the same post: an editor
    /// retries within moments, not hours.
    static let retryWindow: Int64 = 600

    /// ` "Title"` for a commit message, or nothing for an untitled post.
    static func quotedTitle(_ post: StoredPost) -> String {
        guard let title = post.header[.title], !title.isEmpty else { return "" }
        return " \"\(title)\""
    }
}
