import BakeKit
import XMLRPC

/// `wp.getPosts(blog_id, username, password[, filter[, fields]])`: the newest posts and
/// drafts, newest first, as `wp.getPost` writes them.
///
/// Of the filter, `number` (10 if absent, 1000 at most), `offset` and `post_status`
/// (`publish` or `draft`; any other status has no posts in bake) are read; a `post_type`
/// other than `post` has no posts. `orderby`, `order` and `fields` are ignored.
struct WPGetPosts: XMLRPCMethod {
    var name: String { "wp.getPosts" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blog_id")
        try await context.authenticate(parameters, at: 1)
        let filter = parameters.values.count > 3 && !parameters.values[3].isNil ? try parameters.structure(3, "filter") : XMLRPCStruct()
        let number = try Self.whole(filter, "number", default: 10, of: parameters)
        let offset = try Self.whole(filter, "offset", default: 0, of: parameters)
        guard number > 0 else { throw parameters.invalid(3, "filter", "has number \(number); expected a number above 0") }
        let status: Post.Status?
        switch filter["post_status"]?.stringValue?.lowercased() {
        case nil, "", "any": status = nil
        case "publish": status = .published
        case "draft": status = .draft
        default: return .array([])
        }
        if let type = filter["post_type"]?.stringValue, !type.isEmpty, type != "post" { return .array([]) }
        let count = min(number, Parameters.maximumNumberOfPosts)
        let posts = try context.catalog.recent(min(offset, Parameters.maximumNumberOfPosts) + count, status: status).dropFirst(offset)
        let terms = try PostReply.termReplies(context.catalog)
        let replies = context.replies
        return .array(posts.map { replies.wordPress($0, terms: terms) })
    }
}

private extension WPGetPosts {
    /// A whole number of the filter, 0 or more; it may come as an int or a string of digits.
    static func whole(_ filter: XMLRPCStruct, _ name: String, default fallback: Int, of parameters: Parameters) throws(MetaWeblogError) -> Int {
        guard let value = filter[name], !value.isNil else { return fallback }
        switch value {
        case .int(let number) where number >= 0: return number
        case .string(let text) where Int(text).map({ $0 >= 0 }) == true: return Int(text)!
        default: throw parameters.invalid(3, "filter", "has \(name) \(value.shortDescription); expected a whole number")
        }
    }
}
