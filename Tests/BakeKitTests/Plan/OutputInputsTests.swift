import BakeKit
import Testing

/// Outputs are fingerprinted by hand (`Fingerprintable`), for speed; these tests hold that to
/// the two things the `Encodable` route gave for free: every stored property is hashed, and
/// the outputs whose fingerprint changes after an edit are exactly those whose inputs did.
@Suite struct OutputInputsTests {
    static let now = Timestamp(seconds: 2_000_000_000)

    /// A blog with every kind of output: posts in two years and several months, categories,
    /// a link post, a redirect, a page, search and an XML-RPC link.
    static func plan(editing edit: (inout [String: String]) -> Void = { _ in }) throws -> SitePlan {
        let settings = try makeSettings(homePostCount: 2, feedPostCount: 3, extra: "@search true\n@xmlrpc_url https://example.com/xmlrpc\n@host_rules netlify\n")
        var sources = [
            "posts/2013/12/31/eve.markdown": "@title Eve\n@pubDate 2013-12-31 22:00:00\n@categoryArray Swift, Café\n\nLast of the year.",
            "posts/2014/03/01/old.markdown": "@title Old\n@pubDate 2014-03-01 09:00:00\n@categoryArray Swift\n@aliases /old.php\n\nOld text.",
            "posts/2014/03/15/middle.markdown": "@title Middle\n@pubDate 2014-03-15 09:00:00\n@link https://example.org/\n\nA link.",
            "posts/2014/04/02/new.markdown": "@title New\n@pubDate 2014-04-02 09:00:00\n@modDate 2014-04-03 09:00:00\n@categoryArray Café\n\nNew text.",
            "posts/2014/04/09/later.markdown": "@title Later\n@pubDate 2014-04-09 09:00:00\n\nLater text.",
        ]
        edit(&sources)
        let parser = PostParser(settings: settings)
        let posts = try sources.sorted { $0.key < $1.key }.map { path, text in
            try parser.parsePost(path: path, bytes: Array(text.utf8), status: .published, now: now).post
        }
        let page = try parser.parsePage(path: "pages/about.markdown", bytes: Array("@title About\n\nAbout me.\n".utf8)).page
        return try SitePlan(posts: posts, pages: [page], settings: settings, now: now)
    }

    @Test func everyStoredPropertyOfEveryInputsTypeIsFingerprinted() throws {
        var seen = Set<String>()
        for output in try Self.plan().outputs {
            Self.checkFields(of: output.inputs, seen: &seen)
        }
        // Every case of `OutputInputs` was among them, and the types inside.
        for name in ["OutputInputs", "ListInputs", "PagedList", "CategoryEntry", "YearInputs", "MonthEntries", "TitleEntry", "MonthKey",
                     "ArchiveYear", "MonthInputs", "PostInputs", "PostRef", "PostLink", "PageInputs", "FeedInputs", "Format",
                     "SitemapInputs", "Entry", "RedirectInputs", "HostRulesInputs", "HostRedirect"] {
            #expect(seen.contains(name), "no \(name) was checked")
        }
        let cases = Set(try Self.plan().outputs.map { "\($0.inputs)".prefix { $0 != "(" } })
        #expect(cases == ["list", "categories", "tagCloud", "year", "month", "archive", "post", "page", "feed", "sitemap", "redirect",
                          "notFound", "rsd", "search", "hostRules"])
    }

    /// `value` adds as many fields as it stores (an enum: its payload, if any), and so do the
    /// values inside it. A `Digested` adds its fingerprint; the value inside is checked.
    static func checkFields(of value: Any, seen: inout Set<String>) {
        let mirror = Mirror(reflecting: value)
        let name = String(describing: type(of: value))
        if name.hasPrefix("Digested<"), let inner = mirror.children.first(where: { $0.label == "value" }) {
            checkFields(of: inner.value, seen: &seen)
            return
        }
        // (An optional casts to what it holds; that is checked inside it.)
        if mirror.displayStyle != .optional, let fingerprintable = value as? any Fingerprintable {
            seen.insert(name)
            #expect(FingerprintFields.of(fingerprintable).count == mirror.children.count, "\(name) adds a field for each stored property")
        }
        for child in mirror.children {
            checkFields(of: child.value, seen: &seen)
        }
    }

    /// The outputs whose hand-written fingerprint changes between two plans are those whose
    /// `Encodable` fingerprint does, which hashes every stored property by construction.
    @Test(arguments: [
        "a post's text", "a post's title", "a post's date", "a post's categories", "a new post", "a post removed", "a post's old URL",
        "a post's modification date", "a link post no more",
    ])
    func anEditChangesTheSameOutputsAsTheEncodableFingerprint(edit: String) throws {
        let before = try Self.plan()
        let after = try Self.plan { sources in
            let old = "posts/2014/03/01/old.markdown"
            switch edit {
            case "a post's text": sources[old]! += " More."
            case "a post's title": sources[old] = sources[old]!.replacingOccurrences(of: "@title Old", with: "@title Older")
            case "a post's date": sources[old] = sources[old]!.replacingOccurrences(of: "09:00:00", with: "10:00:00")
            case "a post's categories": sources[old] = sources[old]!.replacingOccurrences(of: "Swift", with: "Swift, Tea")
            case "a new post": sources["posts/2014/04/10/newest.markdown"] = "@title Newest\n@pubDate 2014-04-10 09:00:00\n\nNewest."
            case "a post removed": sources[old] = nil
            case "a post's old URL": sources[old] = sources[old]!.replacingOccurrences(of: "/old.php", with: "/old.asp")
            case "a post's modification date":
                sources[old] = sources[old]!.replacingOccurrences(of: "@title Old\n", with: "@title Old\n@modDate 2014-03-02 09:00:00\n")
            default:
                let link = "posts/2014/03/15/middle.markdown"
                sources[link] = sources[link]!.replacingOccurrences(of: "@link https://example.org/\n", with: "")
            }
        }
        func fingerprints(_ plan: SitePlan) -> [String: (fast: UInt64, encoded: UInt64)] {
            Dictionary(uniqueKeysWithValues: plan.outputs.map { output in
                (output.path.file, (SiteRenderer.fingerprint(of: output, base: 7), SiteRenderer.encodedFingerprint(of: output, base: 7)))
            })
        }
        let (one, two) = (fingerprints(before), fingerprints(after))
        var changed = 0
        for (path, first) in one {
            guard let second = two[path] else { continue }
            #expect((first.fast == second.fast) == (first.encoded == second.encoded), "\(path) after \(edit)")
            if first.encoded != second.encoded { changed += 1 }
        }
        #expect(changed > 0, "the edit changed some output that both plans have")
        // Within one plan too: two outputs never share a fingerprint.
        #expect(Set(one.values.map(\.fast)).count == one.count)
    }

    @Test func theSeedAndThePathCount() throws {
        let output = try Self.plan().outputs[0]
        #expect(SiteRenderer.fingerprint(of: output, base: 1) != SiteRenderer.fingerprint(of: output, base: 2))
        #expect(SiteRenderer.fingerprint(path: "a.html", inputs: output.inputs, base: 1)
            != SiteRenderer.fingerprint(path: "b.html", inputs: output.inputs, base: 1))
    }
}
