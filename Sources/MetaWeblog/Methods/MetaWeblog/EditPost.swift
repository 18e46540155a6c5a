import BakeKit
import XMLRPC

/// `metaWeblog.editPost(postid, username, password, struct, publish)`: changes a post in place.
///
/// Members the struct leaves out keep their lines; header keys the shim does not know are
/// kept; `@pubDate` changes only when `dateCreated` names another moment; `@modDate` is set
/// whenever anything changed, and a member equal to the file's changes nothing. The file
/// never moves, so the permalink holds, except that a draft edited with `publish` true (or
/// `post_status` publish) moves to `posts/`, and a post edited with `post_status` draft
/// moves back to `drafts/`, both under the same postid.
struct EditPost: XMLRPCMethod {
    var name: String { "metaWeblog.editPost" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        let postID = try parameters.identifier(0, "postid")
        try await context.authenticate(parameters, at: 1)
        let changes = try PostChanges(parameters.structure(3, "content"), parameter: 3, of: parameters, dates: context.dates)
        let publish = try parameters.flag(4, "publish", default: false)
        let now = context.now()
        let wanted = changes.status ?? (publish ? .published : nil)
        return try await context.writer.perform { tree throws(MetaWeblogError) in
            let change = try Self.save(try tree.post(id: postID), status: wanted, now: now, in: tree) { original in
                Self.applying(changes, to: original, dates: tree.dates)
            }
            return TreeChange(value: true, record: change.record)
        }
    }

    /// editPost's way of changing a post, shared with Micropub's update: `edit` makes the new
    /// post from the file's; a post whose text changed gets `@modDate` and is written in place
    /// (the same file, so the same permalink); then `wanted` publishes or unpublishes it.
    /// Returns the post as saved. Runs on the writer.
    static func save(
        _ original: StoredPost, status wanted: Post.Status?, now: Timestamp, in tree: BlogTree,
        edit: (StoredPost) throws(MetaWeblogError) -> StoredPost
    ) throws(MetaWeblogError) -> TreeChange<StoredPost> {
        var post = try edit(original)
        // Compared as the file's text: writing drops what a header line cannot hold (trailing
        // spaces, line breaks), so a value that differs only there changes nothing.
        let changed = post.text != original.text
        if changed {
            post.header = post.header.setting(.modDate, to: tree.dates.headerText(now))
            try tree.write(post)
        }
        var paths = [post.path]
        var message = "editPost: \(post.path)"
        if wanted == .published, post.status == .draft {
            post = try tree.publish(post, now: now)
            paths.append(post.path)
            message = "publishPost: \(post.path)"
        } else if wanted == .draft, post.status == .published {
            post = try tree.unpublish(post)
            paths.append(post.path)
            message = "unpublishPost: \(post.path)"
        } else if !changed {
            return TreeChange(value: post, record: nil)
        }
        return TreeChange(value: post, record: ChangeRecord(saved: paths.last!, paths: paths, message: message + NewPost.quotedTitle(post)))
    }

    /// The post with the struct's members applied. A member equal to what the file holds
    /// (once written as a header line) changes nothing, so an editor that sends back an
    /// unchanged post leaves its file as it was.
    static func applying(_ changes: PostChanges, to original: StoredPost, dates: PostDate) -> StoredPost {
        var post = original
        update(&post.header, .title, changes.title)
        update(&post.header, .link, changes.link)
        if let categories = changes.categories, CategoryList.normalized(categories) != post.categories {
            post.header = post.header.setting(.categoryArray, to: CategoryList.headerValue(categories))
        }
        update(&post.header, .mtKeywords, changes.keywords)
        update(&post.header, .mtExcerpt, changes.excerpt)
        if let date = changes.dateCreated, date != original.date(dates) {
            post.header = post.header.setting(.pubDate, to: dates.headerText(date))
        }
        if changes.description != nil || !(changes.textMore ?? "").isEmpty {
            post.body = PostChanges.body(description: changes.description ?? original.body, more: changes.textMore ?? "")
        }
        return post
    }

    /// Sets `key` to `value` unless the file already holds it: `@title (empty-string)`, and
    /// no `@title` line at all, both hold "".
    static func update(_ header: inout PostMetadata, _ key: HeaderKey, _ value: String?) {
        guard let value, PostFile.headerValue(value) != (header[key] ?? "") else { return }
        header = header.setting(key, to: value)
    }
}
