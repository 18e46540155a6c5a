import XMLRPC

/// `wp.newPost(blog_id, username, password, content)`: writes a new post as
/// `metaWeblog.newPost` does, from WordPress's members (see `PostChanges(wordPress:…)`), and
/// returns its postid. Without `post_status` the post is a draft, as in WordPress.
struct WPNewPost: XMLRPCMethod {
    var name: String { "wp.newPost" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blog_id")
        try await context.authenticate(parameters, at: 1)
        let changes = try PostChanges(
            wordPress: parameters.structure(3, "content"), parameter: 3, of: parameters, dates: context.dates, catalog: context.catalog
        )
        let publish = changes.status == .published
        let now = context.now()
        let postID = try await context.writer.perform { tree throws(MetaWeblogError) in
            try NewPost.create(changes, publish: publish, now: now, in: tree)
        }
        return .string(postID)
    }
}
