import XMLRPC

/// `metaWeblog.getPost(postid, username, password)`: the post's struct.
struct GetPost: XMLRPCMethod {
    var name: String { "metaWeblog.getPost" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        let postID = try parameters.identifier(0, "postid")
        try await context.authenticate(parameters, at: 1)
        return context.replies.full(try context.tree.post(id: postID))
    }
}
