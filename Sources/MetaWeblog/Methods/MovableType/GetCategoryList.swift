import XMLRPC

/// `mt.getCategoryList(blogid, username, password)`: every category in use; its ID is its name.
struct GetCategoryList: XMLRPCMethod {
    var name: String { "mt.getCategoryList" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blogid")
        try await context.authenticate(parameters, at: 1)
        return .array(try context.catalog.categories().map { .struct(["categoryId": .string($0), "categoryName": .string($0)]) })
    }
}
