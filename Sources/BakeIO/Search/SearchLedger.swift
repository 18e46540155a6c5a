import BakeKit
import Foundation

/// What a bundle of the search index was made from, kept in the bundle as `bake-pages.tsv`: a
/// line per page, `path<TAB>fingerprint<TAB>id`, where the id is Pagefind's for the page (the
/// name of its fragment, `fragment/<id>.pf_fragment`, and a search result's `id`); `-` when
/// bake could not tell it. The bundle of recent changes also lists the stale copies it hides in
/// the other bundles, a line each: `drop<TAB>id<TAB>path`. A first line says
/// whether the site marked what Pagefind reads (`#marked`) or not (`#all`); with marks, the
/// pages read and found unmarked are listed too, with `~` for an id, so that the next build
/// need not read them again while they are as they were.
///
/// It travels with its bundle (written and removed with it, under the same fingerprint), so a
/// bundle and its ledger always agree. Readers never load it.
struct SearchLedger: Sendable, Hashable {
    struct Page: Sendable, Hashable {
        let fingerprint: UInt64
        /// Pagefind's id for the page; nil when unknown.
        let id: String?
    }

    /// The file's name in its bundle.
    static let fileName = "bake-pages.tsv"
    static let dropTag = "drop"

    /// Whether only pages marked `data-pagefind-body` were read; nil when not said.
    var marked: Bool?
    var pages: [String: Page] = [:]
    /// The pages read and found without Pagefind's mark, by their fingerprints then.
    var unmarked: [String: UInt64] = [:]
    /// For the bundle of recent changes: the ids of the stale copies in the years' bundles, by
    /// their pages' paths. (Ids are short hashes: two pages of different bundles may share one.)
    var drops: [String: String] = [:]

    /// Whether `path` can be written on a line of its own.
    static func canRecord(_ path: String) -> Bool {
        !path.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) && path != dropTag && !path.hasPrefix("#")
    }

    /// Whether `text` is an id as Pagefind names fragments (`en_1a2b3c4`), safe in JSON and a URL.
    static func isID(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte == 0x2D
        }
    }

    /// What the ledger says of each page's mark, by its fingerprint then: with marks, the pages
    /// it lists are marked and those read and found unmarked are not; without (`#all`), no page
    /// it lists was marked. Nil when it does not say.
    var marks: [String: (fingerprint: UInt64, marked: Bool)]? {
        guard let marked else { return nil }
        var marks = unmarked.mapValues { (fingerprint: $0, marked: false) }
        for (path, page) in pages { marks[path] = (page.fingerprint, marked) }
        return marks
    }

    func encoded() -> [UInt8] {
        var text = marked.map { $0 ? "#marked\n" : "#all\n" } ?? ""
        for (path, page) in pages.sorted(by: { $0.key < $1.key }) {
            text += path + "\t" + String(page.fingerprint, radix: 16) + "\t" + (page.id ?? "-") + "\n"
        }
        for (path, fingerprint) in unmarked.sorted(by: { $0.key < $1.key }) {
            text += path + "\t" + String(fingerprint, radix: 16) + "\t~\n"
        }
        for (path, id) in drops.sorted(by: { $0.key < $1.key }) {
            text += Self.dropTag + "\t" + id + "\t" + path + "\n"
        }
        return Array(text.utf8)
    }

    /// The ledger in `bytes`; nil when a line is not one `encoded()` writes.
    init?(_ bytes: [UInt8]) {
        for line in bytes.split(separator: 0x0A) {
            if line.first == UInt8(ascii: "#") {
                switch String(decoding: line, as: UTF8.self) {
                case "#marked": marked = true
                case "#all": marked = false
                default: return nil
                }
                continue
            }
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 3, !fields[0].isEmpty else { return nil }
            if fields[0] == Self.dropTag {
                guard Self.isID(fields[1]), Self.canRecord(fields[2]), !fields[2].isEmpty else { return nil }
                drops[fields[2]] = fields[1]
            } else {
                guard Self.canRecord(fields[0]), fields[2] == "-" || fields[2] == "~" || Self.isID(fields[2]) else { return nil }
                guard let fingerprint = UInt64(fields[1], radix: 16) else { return nil }
                if fields[2] == "~" {
                    unmarked[fields[0]] = fingerprint
                    continue
                }
                pages[fields[0]] = Page(fingerprint: fingerprint, id: fields[2] == "-" ? nil : fields[2])
            }
        }
    }

    init(marked: Bool? = nil, pages: [String: Page] = [:], unmarked: [String: UInt64] = [:], drops: [String: String] = [:]) {
        self.marked = marked
        self.pages = pages
        self.unmarked = unmarked
        self.drops = drops
    }

    /// The URL Pagefind gives the page at `path`: `/<path>`, or `/<folder>/` for an `index.html`.
    static func url(of path: String) -> String {
        path == "index.html" || path.hasSuffix("/index.html") ? "/" + path.dropLast("index.html".count) : "/" + path
    }

    /// The ids of the pages of a bundle Pagefind made in `bundle`, by the paths of `pages`
    /// they were made from: each fragment (gzip, then `pagefind_dcd` and JSON) names its page's
    /// URL, `/<path>`, or `/<folder>/` for an `index.html`. Empty when gzip is missing or fails,
    /// which leaves every id unknown.
    static func ids(in bundle: String, pages: [String], environment: [String: String]?) async -> [String: String] {
        let fragments = ((try? FileTree.scan(bundle + "/fragment")) ?? []).map(\.path).filter { $0.hasSuffix(".pf_fragment") }.sorted()
        guard !fragments.isEmpty, let gzip = Program.find("gzip", environment: environment),
              let run = try? await gzip.run(["-dc"] + fragments.map { "fragment/" + $0 }, in: bundle, environment: environment),
              run.succeeded else { return [:] }
        var byURL: [String: String] = [:]
        for page in pages { byURL[url(of: page)] = page }
        // Each fragment starts `pagefind_dcd{"`, which no JSON string can hold (its quotes are escaped).
        let texts = run.output.components(separatedBy: "pagefind_dcd{\"").dropFirst()
        guard texts.count == fragments.count else { return [:] }
        var ids: [String: String] = [:]
        for (fragment, text) in zip(fragments, texts) {
            struct Fragment: Decodable { let url: String }
            guard let url = try? JSONDecoder().decode(Fragment.self, from: Data(("{\"" + text).utf8)).url else { continue }
            guard let page = byURL[url] ?? url.removingPercentEncoding.flatMap({ byURL[$0] }) else { continue }
            let id = fragment.dropLast(".pf_fragment".count)
            if isID(id) { ids[page] = String(id) }
        }
        return ids
    }
}
