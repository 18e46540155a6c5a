import XMLRPC

/// `mt.getPostCategories(postid, username, password)`: the post's categories, the first primary.
struct GetPostCategories: XMLRPCMethod {
    var name: String { "mt.getPostCategories" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        let postID = try parameters.identifier(0, "postid")
        try await context.authenticate(parameters, at: 1)
        let post = try context.tree.post(id: postID)
        return .array(post.categories.enumerated().map { index, name in
            .struct(["categoryName": .string(name), "categoryId": .string(name), "isPrimary": .bool(index == 0)])
        })
    }
}
