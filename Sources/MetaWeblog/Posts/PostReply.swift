import BakeKit
import XMLRPC

/// Posts as structs for editors. Every member is present, and none is nil: text that a post
/// does not have is "", so `title` is "" for an untitled post.
///
/// `description` is the whole body, `<!--more-->` line and extended text included, and
/// `mt_text_more` is always "": an editor that shows only the description still holds all of
/// the text, and sends all of it back.
struct PostReply: Sendable {
    /// The site's paths, for `permaLink`.
    let paths: SitePaths
    /// The `userid` of every post.
    let user: String
    /// The site's dates.
    let dates: PostDate

    /// The full struct of `metaWeblog.getPost` and `metaWeblog.getRecentPosts`.
    func full(_ post: StoredPost) -> XMLRPCValue {
        let date = post.date(dates)
        let categories = post.categories.map { XMLRPCValue.string($0) }
        return .struct([
            "postid": .string(post.id.path),
            "title": .string(post.header[.title] ?? ""),
            "description": .string(post.body),
            "link": .string(post.header[.link] ?? ""),
            "permaLink": .string(permaLink(post)),
            "dateCreated": dateTime(date),
            "date_created_gmt": utcDateTime(date),
            "categories": .array(categories),
            "userid": .string(user),
            "mt_keywords": .string(post.header[.mtKeywords] ?? ""),
            "mt_excerpt": .string(post.header[.mtExcerpt] ?? ""),
            "mt_text_more": .string(""),
            "mt_convert_breaks": .string(TextFilter.key(for: post.id.format)),
            "wp_slug": .string(post.id.permalink.slug),
            "post_status": .string(post.status == .published ? "publish" : "draft"),
        ])
    }

    /// The short struct of `mt.getRecentPostTitles`.
    func title(_ post: StoredPost) -> XMLRPCValue {
        let date = post.date(dates)
        return .struct([
            "postid": .string(post.id.path),
            "title": .string(post.header[.title] ?? ""),
            "dateCreated": dateTime(date),
            "date_created_gmt": utcDateTime(date),
            "userid": .string(user),
        ])
    }

    /// The public URL of a post; a draft's is the one it gets when published, since both
    /// come from its calendar folder.
    func permaLink(_ post: StoredPost) -> String {
        paths.absoluteURL(paths.post(post.id.permalink))
    }
}

private extension PostReply {
    /// The epoch stands in for a date XML-RPC cannot write (a year past 9999); it never
    /// comes from a calendar folder.
    static let epoch = XMLRPCDateTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, utcOffset: 0)!

    func dateTime(_ date: Timestamp) -> XMLRPCValue {
        .dateTime(dates.dateTime(date) ?? Self.epoch)
    }

    func utcDateTime(_ date: Timestamp) -> XMLRPCValue {
        .dateTime(dates.utcDateTime(date) ?? Self.epoch)
    }
}
