import XMLRPC

/// `wp.getTerms(blog_id, username, password, taxonomy[, filter])`: every category
/// (`category`) or keyword (`post_tag`, from `@mt_keywords`) a post or draft has, with the
/// number of posts that have it (see `PostTerm`). Of the filter, `search` (a part of the
/// name, in any case) and `number` are read.
struct WPGetTerms: XMLRPCMethod {
    var name: String { "wp.getTerms" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        _ = try parameters.identifier(0, "blog_id")
        try await context.authenticate(parameters, at: 1)
        let name = try parameters.string(3, "taxonomy")
        guard let taxonomy = PostTerm.Taxonomy(rawValue: name) else {
            throw parameters.invalid(3, "taxonomy", "is \"\(LogText.clipped(name))\"; bake's are category and post_tag")
        }
        let filter = parameters.values.count > 4 && !parameters.values[4].isNil ? try parameters.structure(4, "filter") : XMLRPCStruct()
        let replies = try PostReply.termReplies(context.catalog)
        var terms = try context.catalog.terms(taxonomy).map(\.term)
        if let search = filter["search"]?.stringValue, !search.isEmpty {
            terms = terms.filter { $0.name.lowercased().contains(search.lowercased()) }
        }
        if let number = filter["number"]?.intValue, number > 0 {
            terms = Array(terms.prefix(number))
        }
        return .array(terms.compactMap { replies[$0] })
    }
}
