import BakeKit
import Foundation
import XMLRPC

extension PostChanges {
    /// Reads the `content` struct of `wp.newPost` and `wp.editPost`, as WordPress names its
    /// members; members it does not list are ignored, as WordPress ignores them.
    ///
    /// | member | file |
    /// | ------ | ---- |
    /// | `post_title` | `@title` |
    /// | `post_content` | the body |
    /// | `post_excerpt` | `@mt_excerpt` |
    /// | `post_date_gmt` (or `post_date`, in the site's zone) | `@pubDate` |
    /// | `post_status` | `publish` or `draft`, as in metaWeblog |
    /// | `post_name` | the file name of a new post |
    /// | `terms` (IDs), `terms_names` (names): `category` | `@categoryArray` |
    /// | `terms`, `terms_names`: `post_tag` | `@mt_keywords` |
    ///
    /// `link` is the permalink in WordPress's structs, not bake's `@link`, so it is ignored, and
    /// so is a `post_type` of `post`; another post type is refused, since bake's editors write
    /// posts only. A term ID is resolved against the terms posts have (see `PostTerm`).
    init(wordPress members: XMLRPCStruct, parameter index: Int, of parameters: Parameters, dates: PostDate, catalog: PostCatalog) throws(MetaWeblogError) {
        self.init()
        let reader = MemberReader(members: members, index: index, parameters: parameters)
        if let type = try reader.text("post_type"), !type.isEmpty, type != "post" {
            throw parameters.invalid(index, "content", "has post_type \"\(LogText.clipped(type))\"; bake writes posts only (post_type post)")
        }
        title = try reader.text("post_title")
        description = try reader.text("post_content")
        excerpt = try reader.text("post_excerpt")
        slug = try reader.text("post_name").flatMap { $0.isEmpty ? nil : $0 }
        status = try reader.status("post_status")
        // WordPress reads post_date_gmt first, and post_date only without it.
        dateCreated = try reader.timestamp("post_date_gmt", readIn: PostDate(timeZone: TimeZone(identifier: "UTC")!), site: dates)
        if dateCreated == nil {
            dateCreated = try reader.timestamp("post_date", readIn: dates, site: dates)
        }
        let ids = try reader.taxonomies("terms")
        let names = try reader.taxonomies("terms_names")
        for taxonomy in PostTerm.Taxonomy.allCases where ids[taxonomy] != nil || names[taxonomy] != nil {
            var chosen: [String] = []
            if let wanted = ids[taxonomy] {
                let known = Dictionary(try catalog.terms(taxonomy).map { ($0.term.id, $0.term.name) }, uniquingKeysWith: { first, _ in first })
                for id in wanted {
                    guard let name = known[id] else {
                        throw parameters.invalid(index, "content", "has terms with \(taxonomy.rawValue) ID \(LogText.clipped(id)), which no post has; send new names in terms_names")
                    }
                    chosen.append(name)
                }
            }
            chosen += names[taxonomy] ?? []
            switch taxonomy {
            case .category: categories = chosen
            case .postTag: keywords = CategoryList.normalized(chosen).joined(separator: ", ")
            }
        }
    }
}

extension MemberReader {
    /// A struct of taxonomy names to arrays of term IDs or names, as `terms` and `terms_names`
    /// hold them; empty when absent. A taxonomy other than `category` and `post_tag` is refused.
    func taxonomies(_ name: String) throws(MetaWeblogError) -> [PostTerm.Taxonomy: [String]] {
        guard let value = value(name) else { return [:] }
        guard let members = value.structValue else { throw wrongType(name, value, expected: "a struct of taxonomies") }
        var result: [PostTerm.Taxonomy: [String]] = [:]
        for member in members.names {
            guard let taxonomy = PostTerm.Taxonomy(rawValue: member) else {
                throw parameters.invalid(index, "content", "has \(name) for the taxonomy \"\(LogText.clipped(member))\"; bake's are category and post_tag")
            }
            guard let elements = members[member]?.arrayValue else {
                throw wrongType("\(name).\(member)", members[member] ?? .nil, expected: "an array of strings or ints")
            }
            var texts: [String] = []
            for element in elements {
                switch element {
                case .string(let text): texts.append(text)
                case .int(let number): texts.append(String(number))
                default: throw wrongType("\(name).\(member)", element, expected: "an array of strings or ints", element: true)
                }
            }
            result[taxonomy] = texts
        }
        return result
    }
}
