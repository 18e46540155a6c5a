import XMLRPC

/// `blogger.getUsersBlogs(appkey, username, password)`: the one blog, with blogid "1" (the
/// ID bake's `rsd.xml` gives).
struct GetUsersBlogs: XMLRPCMethod {
    /// The blogid of the one blog.
    static let blogID = "1"

    var name: String { "blogger.getUsersBlogs" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        try await context.authenticate(parameters, at: 1)
        let site = context.configuration.site
        return .array([.struct([
            "blogid": .string(Self.blogID),
            "blogName": .string(site.name),
            "url": .string(site.url + "/"),
            "xmlrpc": .string(site.xmlrpcURL ?? ""),
            "isAdmin": .bool(true),
        ])])
    }
}
