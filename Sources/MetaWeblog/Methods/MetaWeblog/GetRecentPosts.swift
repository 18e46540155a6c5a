import XMLRPC

/// `metaWeblog.getRecentPosts(blogid, username, password, numberOfPosts)`: the newest posts
/// and drafts, newest first, 1000 at most (`Parameters.maximumNumberOfPosts`); drafts have
/// `post_status` "draft".
struct GetRecentPosts: XMLRPCMethod {
    var name: String { "metaWeblog.getRecentPosts" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blogid")
        try await context.authenticate(parameters, at: 1)
        let count = try parameters.numberOfPosts(at: 3)
        let replies = context.replies
        return .array(try context.catalog.recent(count).map(replies.full))
    }
}
