import XMLRPC

/// `wp.getPost(blog_id, username, password, post_id[, fields])`: the post's struct with
/// WordPress's members (see `PostReply.wordPress`). `fields` is ignored: every member is
/// sent, which clients that asked for fewer read just as well.
struct WPGetPost: XMLRPCMethod {
    var name: String { "wp.getPost" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blog_id")
        try await context.authenticate(parameters, at: 1)
        let post = try context.tree.post(id: try parameters.identifier(3, "post_id"))
        return context.replies.wordPress(post, terms: try PostReply.termReplies(context.catalog))
    }
}
