import XMLRPC

/// `wp.deletePost(blog_id, username, password, post_id)`: moves the post's file into
/// `.trash/`, as `blogger.deletePost` does. Returns true.
struct WPDeletePost: XMLRPCMethod {
    var name: String { "wp.deletePost" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blog_id")
        try await context.authenticate(parameters, at: 1)
        return try await DeletePost.trash(try parameters.identifier(3, "post_id"), context: context)
    }
}
