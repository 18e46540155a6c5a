import Foundation

/// One category of the site: its name as posts write it, its URL slug and its posts, newest
/// first, as indices into `SitePlan.posts`.
public struct CategoryIndex: Sendable, Hashable {
    public let name: String
    public let slug: String
    public internal(set) var postIndices: [Int]

    /// Every category of `posts` (newest first), sorted by name for readers of `language`,
    /// ties broken by code points so the order never depends on the machine.
    static func all(of posts: [Post], language: String) -> [CategoryIndex] {
        var indices: [String: [Int]] = [:]
        for (index, post) in posts.enumerated() {
            var seen: Set<String> = []
            for name in post.categories where !name.isEmpty && seen.insert(name).inserted {
                indices[name, default: []].append(index)
            }
        }
        let slugs = CategorySlug.slugs(for: indices.keys)
        let locale = Locale(identifier: language)
        return indices.map { CategoryIndex(name: $0.key, slug: slugs[$0.key]!, postIndices: $0.value) }.sorted { a, b in
            switch a.name.compare(b.name, options: [.caseInsensitive], range: nil, locale: locale) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return a.slug < b.slug
            }
        }
    }
}

/// One year of the archive: its months, newest first, as indices into `SitePlan.months`.
public struct YearArchive: Sendable, Hashable {
    public let year: Int
    public internal(set) var monthIndices: [Int]
}

/// How a list of posts splits into pages of `perPage`: the first at the list's own folder,
/// the rest at `page/2/`, `page/3/`…, never a `page/1/`.
public enum Pagination {
    /// The number of pages for `count` posts; at least one, even when empty.
    public static func pageCount(_ count: Int, perPage: Int) -> Int {
        guard perPage > 0, count > 0 else { return 1 }
        // Not (count + perPage - 1) / perPage, which overflows for a huge @home_post_count.
        return (count - 1) / perPage + 1
    }

    /// The range of positions shown on `page` (1-based).
    public static func range(page: Int, count: Int, perPage: Int) -> Range<Int> {
        guard perPage > 0, page > 0 else { return 0..<0 }
        let (skipped, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        let start = overflow ? count : min(count, skipped)
        return start..<(start + min(perPage, count - start))
    }
}
