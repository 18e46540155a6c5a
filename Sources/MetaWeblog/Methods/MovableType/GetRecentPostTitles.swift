import XMLRPC

/// `mt.getRecentPostTitles(blogid, username, password, numberOfPosts)`: postid, title and
/// date of the newest posts and drafts, 1000 at most (`Parameters.maximumNumberOfPosts`).
struct GetRecentPostTitles: XMLRPCMethod {
    var name: String { "mt.getRecentPostTitles" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blogid")
        try await context.authenticate(parameters, at: 1)
        let count = try parameters.numberOfPosts(at: 3)
        let replies = context.replies
        return .array(try context.catalog.recent(count).map(replies.title))
    }
}
