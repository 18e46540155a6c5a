import BakeKit
import XMLRPC

extension PostReply {
    /// The post struct of `wp.getPost` and `wp.getPosts`, with WordPress's members: `post_id`
    /// is the postid, `link` the permalink, `post_content` the whole body, and `terms` the
    /// post's categories and keywords (`terms` holds every term's struct, see `termReplies`).
    ///
    /// Dates are written without a zone, as WordPress writes them (`post_date` in the site's
    /// zone, `post_date_gmt` in UTC); clients such as python-wordpress-xmlrpc cannot read one
    /// with a `Z`.
    func wordPress(_ post: StoredPost, terms: [PostTerm: XMLRPCValue]) -> XMLRPCValue {
        let date = post.date(dates)
        let modified = post.header[.modDate].flatMap(dates.timestamp(header:)) ?? date
        let link = permaLink(post)
        let postTerms = PostTerm.Taxonomy.allCases.flatMap { taxonomy in
            PostTerm.names(taxonomy, of: post).compactMap { terms[PostTerm(taxonomy, $0)] }
        }
        return .struct([
            "post_id": .string(post.id.path),
            "post_title": .string(post.header[.title] ?? ""),
            "post_date": Self.zoneless(dates.dateTime(date)),
            "post_date_gmt": Self.zoneless(dates.utcDateTime(date)),
            "post_modified": Self.zoneless(dates.dateTime(modified)),
            "post_modified_gmt": Self.zoneless(dates.utcDateTime(modified)),
            "post_status": .string(post.status == .published ? "publish" : "draft"),
            "post_type": .string("post"),
            "post_name": .string(post.id.permalink.slug),
            "post_author": .string(user),
            "post_password": .string(""),
            "post_excerpt": .string(post.header[.mtExcerpt] ?? ""),
            "post_content": .string(post.body),
            "post_parent": .string("0"),
            "post_mime_type": .string(""),
            "link": .string(link),
            "guid": .string(link),
            "menu_order": .int(0),
            "comment_status": .string("closed"),
            "ping_status": .string("closed"),
            "sticky": .bool(false),
            "post_format": .string("standard"),
            "post_thumbnail": .array([]),
            "terms": .array(postTerms),
            "custom_fields": .array([]),
        ])
    }

    /// The struct of every term posts have, by term, for `wordPress(_:terms:)` and `wp.getTerms`.
    static func termReplies(_ catalog: PostCatalog) throws(MetaWeblogError) -> [PostTerm: XMLRPCValue] {
        var replies: [PostTerm: XMLRPCValue] = [:]
        for taxonomy in PostTerm.Taxonomy.allCases {
            let terms = try catalog.terms(taxonomy)
            let slugs = CategorySlug.slugs(for: terms.map(\.term.name))
            for (term, count) in terms {
                replies[term] = term.reply(slug: slugs[term.name] ?? "", count: count)
            }
        }
        return replies
    }
}

private extension PostReply {
    /// The date without its offset (its fields already in the zone wanted); the epoch for a
    /// date XML-RPC cannot write, as `full` does.
    static func zoneless(_ dateTime: XMLRPCDateTime?) -> XMLRPCValue {
        guard let dateTime else { return .dateTime(XMLRPCDateTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0)!) }
        return .dateTime(XMLRPCDateTime(
            year: dateTime.year, month: dateTime.month, day: dateTime.day,
            hour: dateTime.hour, minute: dateTime.minute, second: dateTime.second
        )!)
    }
}
