/// One bundle of the search index: the pages of one year's folder (`2014/…`: its posts and
/// archives), or every other page (`pages`: standalone pages, the home page, the lists). A
/// post edited or added changes its year's bundle, and Pagefind runs for that one only.
struct SearchShard: Sendable, Hashable {
    /// The year, e.g. `2014`, or `others`; also the bundle's folder in `pagefind/`.
    let name: String
    /// The HTML files Pagefind reads for this bundle, relative to the site.
    let pages: [String]
    /// The hash of those files' paths and fingerprints; nil when none of the shard's pages
    /// was written or removed, and its bundle stays as it is.
    let fingerprint: UInt64?
    /// Whether `pages` are those marked `data-pagefind-body`, not every page.
    var marked = false
    /// When `marked`, the shard's other pages: read, and found without the mark.
    var unmarked: [String] = []

    /// The shard of the pages outside year folders.
    static let others = "pages"

    /// The shard of the output at `path`: the year of a path in a four-digit folder, else `others`.
    static func name(of path: String) -> String {
        let utf8 = path.utf8
        guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")), utf8.distance(from: utf8.startIndex, to: slash) == 4,
              utf8[..<slash].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return others }
        return String(path[..<slash])
    }
}
