import XMLRPC

/// `mt.publishPost(postid, username, password)`: publishes a draft, moving it from `drafts/`
/// to `posts/` under the same postid; for a post already published, re-bakes the site.
struct PublishPost: XMLRPCMethod {
    var name: String { "mt.publishPost" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        let postID = try parameters.identifier(0, "postid")
        try await context.authenticate(parameters, at: 1)
        let now = context.now()
        return try await context.writer.perform { tree throws(MetaWeblogError) in
            let post = try tree.post(id: postID)
            guard post.status == .draft else {
                return TreeChange(value: true, record: ChangeRecord(saved: post.path, paths: [], message: "publishPost: \(post.path)"))
            }
            let published = try tree.publish(post, now: now)
            let record = ChangeRecord(
                saved: published.path, paths: [post.path, published.path],
                message: "publishPost: \(published.path)\(NewPost.quotedTitle(published))"
            )
            return TreeChange(value: true, record: record)
        }
    }
}
