import XMLRPC

/// `blogger.getUsersBlogs(appkey, username, password)`: the one blog, with blogid "1" (the
/// ID bake's `rsd.xml` gives). WordPress's `wp.getUsersBlogs(username, password)` answers
/// the same, without the appkey.
struct GetUsersBlogs: XMLRPCMethod {
    /// The blogid of the one blog.
    static let blogID = "1"

    let name: String
    /// Where the user name is.
    private let loginIndex: Int

    init(name: String = "blogger.getUsersBlogs", loginIndex: Int = 1) {
        self.name = name
        self.loginIndex = loginIndex
    }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        try await context.authenticate(parameters, at: loginIndex)
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
