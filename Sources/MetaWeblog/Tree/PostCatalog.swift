import BakeIO
import BakeKit

/// The blog's posts and drafts as lists: the most recent ones, and every category in use.
///
/// Reads only; a file that disappears while it is listed (deleted or published meanwhile)
/// is skipped, and so is one that is not UTF-8.
struct PostCatalog: Sendable {
    /// The blog.
    let tree: BlogTree

    /// The `count` newest posts and drafts (or only those of `status`), newest first by the
    /// date shown to editors.
    func recent(_ count: Int, status: Post.Status? = nil) throws(MetaWeblogError) -> [StoredPost] {
        guard count > 0 else { return [] }
        // Calendar folders sort by date, so the newest files by path are the newest posts;
        // a few more are read in case a post's @pubDate is off its folder's day.
        let candidates = try ids(status: status).sorted { $0.path > $1.path }.prefix(min(count, Int.max - 16) + 16)
        let posts = candidates.compactMap { try? tree.post($0) }.filter { status == nil || $0.status == status }
        let dates = tree.dates
        return Array(posts.sorted { ($0.date(dates), $0.id.path) > ($1.date(dates), $1.id.path) }.prefix(count))
    }

    /// Every category of a post or draft, sorted without regard to case.
    func categories() throws(MetaWeblogError) -> [String] {
        var names: Set<String> = []
        for id in try ids() {
            guard let post = try? tree.post(id) else { continue }
            names.formUnion(post.categories)
        }
        return names.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }

    /// Every term of `taxonomy` on a post or draft, sorted as `categories()`, with the number
    /// of posts and drafts that have it.
    func terms(_ taxonomy: PostTerm.Taxonomy) throws(MetaWeblogError) -> [(term: PostTerm, count: Int)] {
        var counts: [String: Int] = [:]
        for id in try ids() {
            guard let post = try? tree.post(id) else { continue }
            for name in PostTerm.names(taxonomy, of: post) { counts[name, default: 0] += 1 }
        }
        return counts.keys.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }.map { (PostTerm(taxonomy, $0), counts[$0]!) }
    }
}

private extension PostCatalog {
    /// The postid of every post and draft (or only those of `status`), once each.
    func ids(status: Post.Status? = nil) throws(MetaWeblogError) -> Set<PostID> {
        var ids: Set<PostID> = []
        let folders = switch status {
        case nil: ["posts", "drafts"]
        case .published: ["posts"]
        case .draft: ["drafts"]
        }
        for folder in folders {
            do {
                for entry in try FileTree.scan(tree.blog.path(folder)) {
                    if let id = PostID(entry.path) { ids.insert(id) }
                }
            } catch {
                throw MetaWeblogError(.fileFailed(error, blogRoot: tree.blog.root))
            }
        }
        return ids
    }
}
