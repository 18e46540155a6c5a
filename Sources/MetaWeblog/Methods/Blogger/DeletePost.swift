import XMLRPC

/// `blogger.deletePost(appkey, postid, username, password, publish)`: moves the post's file
/// into `.trash/` in the blog, keeping its path there, where it can be recovered. WordPress
/// answers the same call as `metaWeblog.deletePost`, and some editors send that name.
struct DeletePost: XMLRPCMethod {
    var name: String

    init(name: String = "blogger.deletePost") {
        self.name = name
    }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        let postID = try parameters.identifier(1, "postid")
        try await context.authenticate(parameters, at: 2)
        return try await Self.trash(postID, context: context)
    }

    /// Moves the post's file into `.trash/`, as deletePost does; shared with `wp.deletePost`.
    static func trash(_ postID: String, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        try await context.writer.perform { tree throws(MetaWeblogError) in
            TreeChange(value: true, record: try tree.delete(try tree.post(id: postID)))
        }
    }
}
