import XMLRPC

/// `mt.setPostCategories(postid, username, password, [{categoryId, isPrimary}])`: sets
/// `@categoryArray`, the primary category first. A category's ID is its name, so a new name
/// makes a new category.
struct SetPostCategories: XMLRPCMethod {
    var name: String { "mt.setPostCategories" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        let postID = try parameters.identifier(0, "postid")
        try await context.authenticate(parameters, at: 1)
        var primary: [String] = []
        var others: [String] = []
        for element in try parameters.array(3, "categories") {
            guard let category = element.structValue,
                  let name = category["categoryId"].flatMap(Self.text) ?? category["categoryName"].flatMap(Self.text)
            else {
                throw parameters.invalid(3, "categories", "holds \(element.typeDescription) without a categoryId; expected structs such as {categoryId: \"Swift\", isPrimary: true}")
            }
            if category["isPrimary"]?.boolValue == true { primary.append(name) } else { others.append(name) }
        }
        let names = primary + others
        let now = context.now()
        return try await context.writer.perform { tree throws(MetaWeblogError) in
            var post = try tree.post(id: postID)
            let before = post
            post.header = post.header.setting(.categoryArray, to: CategoryList.headerValue(names))
            // Compared as the file's text, as in editPost: a difference writing drops is none.
            guard post.text != before.text else { return TreeChange(value: true, record: nil) }
            post.header = post.header.setting(.modDate, to: tree.dates.headerText(now))
            try tree.write(post)
            return TreeChange(value: true, record: ChangeRecord(saved: post.path, paths: [post.path], message: "setPostCategories: \(post.path)\(NewPost.quotedTitle(post))"))
        }
    }

    /// A category ID as text: clients send it as a string or an int.
    static func text(_ value: XMLRPCValue) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        default: nil
        }
    }
}
