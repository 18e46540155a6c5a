import XMLRPC

/// `wp.editPost(blog_id, username, password, post_id, content)`: changes a post as
/// `metaWeblog.editPost` does, from WordPress's members; `post_status` publishes or
/// unpublishes it. Returns true.
struct WPEditPost: XMLRPCMethod {
    var name: String { "wp.editPost" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blog_id")
        try await context.authenticate(parameters, at: 1)
        let postID = try parameters.identifier(3, "post_id")
        let changes = try PostChanges(
            wordPress: parameters.structure(4, "content"), parameter: 4, of: parameters, dates: context.dates, catalog: context.catalog
        )
        let now = context.now()
        return try await context.writer.perform { tree throws(MetaWeblogError) in
            let change = try EditPost.save(try tree.post(id: postID), status: changes.status, now: now, in: tree) { original in
                EditPost.applying(changes, to: original, dates: tree.dates)
            }
            return TreeChange(value: true, record: change.record)
        }
    }
}
