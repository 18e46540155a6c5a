/// The methods the shim answers, by name.
struct MethodTable: Sendable {
    /// Every method: Blogger, metaWeblog, Movable Type, WordPress's blogging subset and
    /// `system.listMethods`.
    static let standard = MethodTable([
        GetUsersBlogs(), GetUserInfo(), DeletePost(), DeletePost(name: "metaWeblog.deletePost"),
        NewPost(), EditPost(), GetPost(), GetRecentPosts(), GetCategories(), NewMediaObject(),
        SupportedMethods(), SupportedTextFilters(), GetCategoryList(), GetPostCategories(),
        SetPostCategories(), GetRecentPostTitles(), PublishPost(),
        GetUsersBlogs(name: "wp.getUsersBlogs", loginIndex: 0), WPGetPosts(), WPGetPost(), WPNewPost(),
        WPEditPost(), WPDeletePost(), WPGetTerms(), WPUploadFile(),
        ListMethods(),
    ])

    private let methods: [String: any XMLRPCMethod]

    /// A table of these methods; their names must differ.
    init(_ methods: [any XMLRPCMethod]) {
        self.methods = Dictionary(uniqueKeysWithValues: methods.map { ($0.name, $0) })
    }

    /// The method with this name.
    subscript(name: String) -> (any XMLRPCMethod)? {
        methods[name]
    }

    /// The names, sorted.
    var names: [String] {
        methods.keys.sorted()
    }
}
