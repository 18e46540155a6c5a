import Crypto
import BakeKit
import XMLRPC

/// A category or keyword as WordPress's `wp.*` methods show it: a term of the `category`
/// taxonomy (`@categoryArray`) or of `post_tag` (`@mt_keywords`, which WordPress's own
/// metaWeblog methods read as tags).
///
/// WordPress clients read a term's ID as a number (python-wordpress-xmlrpc sends back
/// `int(term_id)`), so the ID is a number made from the taxonomy and name: the same name
/// always has the same ID, and no table of IDs has to be kept.
///
/// ```swift
/// PostTerm(.category, "Swift").id   // "1234567890", the same on every call
/// ```
struct PostTerm: Sendable, Hashable {
    /// The two taxonomies bake's posts have.
    enum Taxonomy: String, Sendable, CaseIterable {
        case category
        case postTag = "post_tag"
    }

    /// The taxonomy.
    let taxonomy: Taxonomy
    /// The category or keyword.
    let name: String

    init(_ taxonomy: Taxonomy, _ name: String) {
        self.taxonomy = taxonomy
        self.name = name
    }

    /// The term's ID: a decimal number from 1 to 2^31, from a SHA-256 of the taxonomy and name.
    var id: String {
        let digest = SHA256.hash(data: Array((taxonomy.rawValue + "\u{0}" + name).utf8)).bytes
        let number = digest.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7fff_ffff
        return String(Int(number) + 1)
    }

    /// The names of this taxonomy on `post`.
    static func names(_ taxonomy: Taxonomy, of post: StoredPost) -> [String] {
        switch taxonomy {
        case .category: post.categories
        case .postTag: CategoryList.names(in: post.header[.mtKeywords])
        }
    }

    /// The struct of `wp.getTerms` and a post's `terms`, as WordPress writes it.
    func reply(slug: String, count: Int) -> XMLRPCValue {
        .struct([
            "term_id": .string(id),
            "name": .string(name),
            "slug": .string(slug),
            "term_group": .string("0"),
            "term_taxonomy_id": .string(id),
            "taxonomy": .string(taxonomy.rawValue),
            "description": .string(""),
            "parent": .string("0"),
            "count": .int(count),
            "filter": .string("raw"),
        ])
    }
}
