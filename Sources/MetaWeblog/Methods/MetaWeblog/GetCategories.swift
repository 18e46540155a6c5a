import XMLRPC

/// `metaWeblog.getCategories(blogid, username, password)`: every category used by a post or
/// draft, in the array-of-structs form WordPress made common. A category's ID is its name.
struct GetCategories: XMLRPCMethod {
    var name: String { "metaWeblog.getCategories" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blogid")
        try await context.authenticate(parameters, at: 1)
        return .array(try context.catalog.categories().map { name in
            .struct([
                "categoryId": .string(name),
                "parentId": .string(""),
                "categoryName": .string(name),
                "description": .string(name),
                "categoryDescription": .string(""),
                "htmlUrl": .string(""),
                "rssUrl": .string(""),
            ])
        })
    }
}
