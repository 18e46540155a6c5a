import BakeKit
import Foundation

/// The search stage of a build with `@search true`: Pagefind's index in `pagefind/`, as one
/// bundle per shard of the site (`SearchShard`: a year of posts, or the other pages), owned
/// through the manifest like every other file bake writes.
///
/// Pagefind cannot update an index, so an edit re-indexes only the shard it is in: every file
/// of a shard's bundle is recorded with one fingerprint, the hash of the path and fingerprint
/// of each HTML file the bundle was made from, and Pagefind runs for a shard only when that
/// changes. Whether anything may have changed is decided before anything is written, so that a
/// missing Pagefind fails the build with the site as it was; after the pages are written,
/// Pagefind runs over each changed shard into a temporary folder, and `SiteWriter` puts the
/// bundles in: only files whose bytes changed are written, files of old bundles no longer made
/// are removed, and a file bake did not write is never replaced. A Pagefind that fails leaves
/// the last bundles and their fingerprints, so the next build indexes again.
///
/// The search page (bake's own box, on Pagefind's JavaScript API) loads the bundles that
/// `pagefind/bundles.json` lists, the years' through `mergeIndex` and the bundle of recent
/// changes beside them, so that a reader searches one site with results ranked together.
///
/// ```swift
/// let step = try await SearchIndexer(options: options)?.prepare(items: items, pending: paths, previous: manifest, onDisk: files)
/// // when step.pagefind is set, the write of the pages makes the bundles before its manifest:
/// let report = try await writer.write(items, rendering: pending, previous: manifest, state: state, then: { pages in
///     try await indexer.bundles(with: pagefind, after: pages, kept: step.kept, check: step.check, in: temp).items
/// })
/// ```
struct SearchIndexer: Sendable {
    /// The bundles' folder in the site.
    static let folder = "pagefind/"
    /// The list of bundles the search page loads, in `folder`.
    static let bundleList = "bundles.json"
    /// Pagefind's search box, copied from a bundle into `folder`, where the search page loads it.
    static let interfaceFiles = ["pagefind-ui.js", "pagefind-ui.css"]
    /// The attribute by which a theme marks what Pagefind indexes.
    static let mark = Array("data-pagefind-body".utf8)

    let output: String
    let indexing: SearchIndexing
    let clean: Bool
    let environment: [String: String]?
    /// The extensions of the files Pagefind reads: `html`, and `@output_file_suffix`'s.
    let extensions: [String]
    /// The line of `@search` in `site.settings`, for problems.
    let settingsLine: Int?
    /// Where the Pagefind that Python's pagefind-bin keeps is recorded.
    let pagefindRecord: String

    /// Nil when the site has no search.
    init?(options: BuildOptions) {
        let settings = options.configuration.settings
        guard settings.search else { return nil }
        output = options.output
        indexing = options.search
        clean = options.clean
        environment = options.environment
        let suffix = String(settings.layout.fileSuffix.dropFirst())
        extensions = suffix == "html" ? ["html"] : ["html", suffix]
        settingsLine = settings.line(of: SettingKey.search.key)
        pagefindRecord = options.blog.pagefindPath
    }

    /// Which bundles a build looks at once the pages are written.
    struct Check: Sendable, Hashable {
        /// The shards whose bundles are not as bake left them, to be made again.
        var damaged: Set<String> = []
        /// Every shard's pages are read again, and a bundle made again only when they changed:
        /// when the last build did not record its index (Pagefind failed, or the build was stopped).
        var everyShard = false
        /// Every bundle is made again: a clean build, or the search box or the list of bundles
        /// is not as bake left it.
        var everyBundle = false
    }

    /// What a build does about search, decided before it writes anything.
    struct Step: Sendable {
        /// The last bundles' files, to be kept by the write of the pages.
        let kept: [SiteWriter.Item]
        /// Set when Pagefind may have to run once the pages are written.
        let pagefind: Pagefind?
        /// Which bundles must be looked at once the pages are written.
        let check: Check
        /// Why the index was left as it is, in preview.
        let warnings: [Diagnostic]

        /// Whether the build may record its state: not when Pagefind runs after the pages (its
        /// write records it), nor when Pagefind was due but missing (preview goes on without
        /// it), so that the next build makes the index that was left.
        var recordsState: Bool { pagefind == nil && warnings.isEmpty }
    }

    /// Decides whether Pagefind may have to run, and finds it if so.
    /// - Parameters:
    ///   - items: The outputs the write is given whole (kept pages, static files).
    ///   - pending: The paths of the outputs it renders.
    func prepare(items: [SiteWriter.Item], pending: [String], previous: SiteManifest?, onDisk: OutputFiles) async throws(BuildFailure) -> Step {
        let clashes = (items.lazy.map(\.path).filter { $0.hasPrefix(Self.folder) } + pending.filter { $0.hasPrefix(Self.folder) }).sorted()
        if !clashes.isEmpty {
            throw BuildFailure(clashes.map { path in
                Diagnostic(path: output + "/" + path, line: nil, message: "would be written where Pagefind's search index goes with @search true; expected a static file or page of another name")
            })
        }
        // A clean build indexes anyway; until then, the last bundles stay, but for files not
        // as bake left them, whose bundles are damaged.
        var keptItems: [SiteWriter.Item] = []
        var check = Check()
        for record in previous?.records.values.filter({ $0.path.hasPrefix(Self.folder) }) ?? [] {
            if clean || onDisk.matches(record) {
                keptItems.append(SiteWriter.Item(path: record.path, fingerprint: record.fingerprint, content: .keep(record)))
            } else if let shard = Self.shard(ofBundleFile: record.path) {
                check.damaged.insert(shard)
            }
        }
        let shared = ([Self.bundleList] + Self.interfaceFiles).map { Self.folder + $0 }
        check.everyBundle = clean || keptItems.isEmpty || !shared.allSatisfy { path in
            previous?.records[path].map { clean || onDisk.matches($0) } ?? false
        }
        check.everyShard = previous != nil && previous?.state == nil
        // The HTML files of the last build, against those of this one: a page kept is as it was.
        // (Looked at only when no page Pagefind reads is rendered, as in most edits it is.)
        let mayChange = check != Check() || pending.contains(where: isIndexed) || {
            let indexedBefore = Set(previous?.records.keys.filter(isIndexed) ?? [])
            let indexedKept = items.lazy.map(\.path).filter(isIndexed)
            return indexedKept.count != indexedBefore.count || !indexedKept.allSatisfy(indexedBefore.contains)
        }()
        guard mayChange else { return Step(kept: keptItems, pagefind: nil, check: check, warnings: []) }
        if let pagefind = await Pagefind.locate(environment: environment, record: pagefindRecord) {
            return Step(kept: keptItems, pagefind: pagefind, check: check, warnings: [])
        }
        let missing = Diagnostic(path: "site.settings", line: settingsLine, message: SearchError(.pagefindMissing).message)
        guard indexing == .whenPagesChangeIfInstalled else { throw BuildFailure([missing]) }
        return Step(kept: keptItems, pagefind: nil, check: check, warnings: [Diagnostic(path: missing.path, line: missing.line, message: "warning: " + missing.message + "; search shows the last index")])
    }

    /// What `index` did.
    struct Indexing: Sendable {
        /// Both writes as one report.
        let report: SiteWriter.Report
        /// How many pages Pagefind indexed; nil when it did not run.
        let pages: Int?
        /// The shards Pagefind indexed, sorted.
        let shards: [String]
    }

    /// The files of `pagefind/` after an index, for the write that records them.
    struct Bundles: Sendable {
        /// Every file of the folder: the bundles kept (`.keep`) and made (copies from the
        /// temporary folder, which must outlive the write), their ledgers, `bundles.json` and
        /// the search box; none of the pages.
        let items: [SiteWriter.Item]
        /// How many pages Pagefind indexed; nil when it did not run.
        let pages: Int?
        /// The shards Pagefind indexed, sorted.
        let shards: [String]
    }

    /// Indexes what changed since the bundles were made, writes them into `pagefind/` and
    /// records them in the manifest with `state`: a second write after the pages', for a
    /// build that answered before its index (`SearchFollowUp`). `build()` has the write of
    /// its pages take `bundles(with:after:kept:check:in:)` instead, and saves one manifest.
    func index(with pagefind: Pagefind, after first: SiteWriter.Report, state: SiteManifest.State, check: Check,
               provisional: (@Sendable () -> Bool)? = nil) async throws(BuildFailure) -> Indexing {
        let temp = try Self.makeTemporaryFolder(for: output)
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let bundles = try await self.bundles(with: pagefind, after: first, check: check, in: temp)
        let pages = first.manifest.records.values.filter { !$0.path.hasPrefix(Self.folder) }.map { SiteWriter.Item(path: $0.path, fingerprint: $0.fingerprint, content: .keep($0)) }
        let second = try await SiteWriter(output: output).write(pages + bundles.items, previous: first.manifest, state: state, provisional: provisional)
        let written = (first.written + second.written).sorted()
        let report = SiteWriter.Report(written: written, unchanged: second.manifest.records.count - written.count,
                                       removed: (first.removed + second.removed).sorted(), manifest: second.manifest)
        return Indexing(report: report, pages: bundles.pages, shards: bundles.shards)
    }

    /// Removes the working folders that builds killed while indexing left beside `output`
    /// (their process gone), as every build does first: the build after a kill may have
    /// nothing to index.
    static func removeLeftWork(beside output: String) {
        let (parent, name) = workPlace(beside: output)
        StaleTempFiles.removeFolders(in: parent, madeFor: name)
    }

    /// The folder Pagefind's working folders go in, beside `output`, and the name they are
    /// made for (`site.pagefind`).
    private static func workPlace(beside output: String) -> (parent: String, name: String) {
        var folder = output
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        let name = (folder.split(separator: "/").last.map(String.init) ?? "site") + ".pagefind"
        return (FileIO.parent(of: folder), name)
    }

    /// A new temporary folder for Pagefind's bundles (`makeTemporaryFolder(beside:)`), or the
    /// build's failure.
    static func makeTemporaryFolder(for output: String) throws(BuildFailure) -> String {
        do {
            return try makeTemporaryFolder(beside: output)
        } catch {
            throw BuildFailure([error.diagnostic(relativeTo: output)])
        }
    }

    /// Makes the bundles of what changed since they were made, in `temp`, and returns every
    /// file `pagefind/` is to hold.
    ///
    /// A year's bundle is made again only when it has to be: on a clean build, when it is
    /// damaged or new, or when the bundle of recent changes would grow past `recentLimit`
    /// pages. Otherwise the pages changed since it was made go into the bundle of recent
    /// changes (`pagefind/recent/`), which Pagefind makes again over those pages alone, and
    /// `bundles.json` lists their stale copies, which the search page drops.
    /// - Parameters:
    ///   - first: What the write of the pages did so far: written, removed (or to be
    ///     removed) and recorded.
    ///   - kept: The last bundles' files still as bake left them (`Step.kept`), when `first`
    ///     does not record them.
    ///   - check: `Step.check`.
    func bundles(with pagefind: Pagefind, after first: SiteWriter.Report, kept: [SiteWriter.Item] = [], check given: Check,
                 in temp: String) async throws(BuildFailure) -> Bundles {
        var records = first.manifest.records
        for item in kept {
            if case .keep(let record) = item.content { records[record.path] = record }
        }
        let changed = first.written + first.removed
        var check = given
        // Without its ledger, what the bundle of recent changes hid is unknown: every shard is
        // read again and made again where it changed.
        let bundles = Dictionary(grouping: records.values.filter { $0.path.hasPrefix(Self.folder) }) { Self.shard(ofBundleFile: $0.path) ?? "" }
        // The ledger of recent changes, read once: what it says is carried into this build's.
        let recentLedger = check.damaged.contains(Self.recent) ? nil : ledger(of: Self.recent, in: bundles)
        if check.damaged.contains(Self.recent) || (bundles[Self.recent] != nil && recentLedger == nil) {
            check.everyShard = true
        }
        // What the ledgers of the bundles of pages that changed, and of recent changes, say of
        // each page's mark: a page as it was then is not read again.
        // Each read once, for the marks and for the plan.
        var known: [String: (fingerprint: UInt64, marked: Bool)] = [:]
        var ledgers: [String: SearchLedger] = [:]
        let previousRecent = check.everyShard || check.everyBundle ? nil : recentLedger
        if !check.everyShard && !check.everyBundle {
            for name in Set(changed.filter(isIndexed).map(SearchShard.name(of:))).subtracting(check.damaged) {
                guard let ledger = ledger(of: name, in: bundles) else { continue }
                ledgers[name] = ledger
                known.merge(ledger.marks ?? [:]) { _, new in new }
            }
            known.merge(previousRecent?.marks ?? [:]) { _, new in new }
        }
        let unchanged = check.everyShard || check.everyBundle ? [:] : bundles
        var shards = await shards(of: records, changed: changed, check: check, known: known, bundles: unchanged)
        var plan = plan(shards, records: records, bundles: bundles, ledgers: ledgers, check: check, recent: previousRecent)
        if plan.recent.pages.count > Self.recentLimit {
            // Too many recent changes: the years they are in are made again, and the bundle of
            // recent changes goes.
            check.damaged.formUnion(plan.recentShards)
            shards = await self.shards(of: records, changed: changed, check: check, known: known, bundles: unchanged)
            plan = self.plan(shards, records: records, bundles: bundles, ledgers: ledgers, check: check, recent: previousRecent)
        }
        var toMake = plan.remake
        let recentShard = plan.recent.pages.isEmpty ? nil
            : SearchShard(name: Self.recent, pages: plan.recent.pages.keys.sorted(), fingerprint: Self.fingerprint(plan.recent), marked: shards.contains(where: \.marked))
        let recentKept = recentShard != nil && Self.madeFrom(bundles[Self.recent]) == recentShard?.fingerprint
        if let recentShard, !recentKept { toMake.append(recentShard) }
        let made = try await run(pagefind, over: toMake, in: temp)

        var items: [SiteWriter.Item] = []
        let remade = Set(toMake.map(\.name))
        var keptBundles = plan.listed.filter { !remade.contains($0) }
        if recentKept { keptBundles.append(Self.recent) }
        for name in keptBundles {
            // The ledger of recent changes is written again below, with what it knows now.
            let files = (bundles[name] ?? []).filter { name != Self.recent || !$0.path.hasSuffix("/" + SearchLedger.fileName) }
            items += files.map { SiteWriter.Item(path: $0.path, fingerprint: $0.fingerprint, content: .keep($0)) }
        }
        var recentIDs: [String: String] = recentKept ? (previousRecent?.pages ?? [:]).compactMapValues(\.id) : [:]
        for (shard, files) in made {
            // The ledger of what the bundle was made from, beside Pagefind's files.
            let bundle = temp + "/" + shard.name
            let ids = await SearchLedger.ids(in: bundle, pages: shard.pages, environment: environment)
            items += files.map { SiteWriter.Item(path: Self.folder + shard.name + "/" + $0.path, fingerprint: shard.fingerprint ?? 0, content: .copy(from: bundle + "/" + $0.path)) }
            guard shard.name != Self.recent else {
                recentIDs = ids
                continue
            }
            // A path no line can hold leaves the bundle without a ledger: it is made again for each change.
            guard (shard.pages + shard.unmarked).allSatisfy(SearchLedger.canRecord) else { continue }
            var ledger = SearchLedger(marked: shard.marked)
            for page in shard.pages {
                ledger.pages[page] = SearchLedger.Page(fingerprint: records[page]?.fingerprint ?? 0, id: ids[page])
            }
            for page in shard.unmarked { ledger.unmarked[page] = records[page]?.fingerprint }
            items.append(Self.ledgerItem(ledger, bundle: shard.name))
        }
        if let recentShard {
            var ledger = plan.recent
            ledger.marked = recentShard.marked
            for (path, page) in ledger.pages { ledger.pages[path] = SearchLedger.Page(fingerprint: page.fingerprint, id: recentIDs[path]) }
            items.append(Self.ledgerItem(ledger, bundle: Self.recent))
        }
        // Pagefind's search box is the same in every bundle it makes; it is taken from one made now.
        for file in Self.interfaceFiles {
            if let shard = made.first?.shard {
                items.append(SiteWriter.Item(path: Self.folder + file, fingerprint: 0, content: .copy(from: temp + "/" + shard.name + "/" + file)))
            } else if let record = records[Self.folder + file] {
                items.append(SiteWriter.Item(path: record.path, fingerprint: record.fingerprint, content: .keep(record)))
            }
        }
        let list = Self.bundleList(plan.listed, recent: recentShard == nil ? nil : Self.recent, drops: recentShard == nil ? [:] : plan.recent.drops)
        items.append(SiteWriter.Item(path: Self.folder + Self.bundleList, fingerprint: 0, content: .bytes(list)))

        // Pagefind writes one fragment per page it indexed.
        let pages = made.isEmpty ? nil : made.map { $0.files.filter { $0.path.hasPrefix("fragment/") }.count }.reduce(0, +)
        return Bundles(items: items, pages: pages, shards: toMake.map(\.name).sorted())
    }

    /// The names of the bundles, the newest year first and the other pages last, as the
    /// search page reads them: `{"bundles":["2026","2025","pages"]}`.
    /// With recent changes, it also names their bundle and the stale copies the page drops
    /// from the others, each as its id and URL (an id alone may name two pages):
    /// `{"bundles":["2026","pages"],"drop":[["en_1a2b3c4","/2026/01/02/a.html"]],"recent":"recent"}`.
    static func bundleList(_ names: [String], recent: String? = nil, drops: [String: String] = [:]) -> [UInt8] {
        let sorted = names.sorted { ($0 == SearchShard.others ? 0 : 1, $0) > ($1 == SearchShard.others ? 0 : 1, $1) }
        var list: [String: Any] = ["bundles": sorted]
        if let recent {
            list["recent"] = recent
            list["drop"] = drops.sorted { $0.key < $1.key }.map { [$0.value, SearchLedger.url(of: $0.key)] }
        }
        let json = (try? JSONSerialization.data(withJSONObject: list, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{\"bundles\":[]}".utf8)
        return Array(json) + [0x0A]
    }

    /// The shard whose bundle has the file at `path` (in `pagefind/`), or nil for the files of
    /// the folder itself.
    static func shard(ofBundleFile path: String) -> String? {
        let inFolder = path.dropFirst(folder.count)
        guard let slash = inFolder.firstIndex(of: "/") else { return nil }
        return String(inFolder[..<slash])
    }
}

extension SearchIndexer {
    /// The bundle of recent changes, in `pagefind/recent/`.
    static let recent = "recent"
    /// How many pages the bundle of recent changes takes before the years it touches are made
    /// again: Pagefind reads about 1,500 pages a second, so an edit stays well under 0.1 s.
    static let recentLimit = 100

    /// Which bundles Pagefind makes again, and what the bundle of recent changes holds.
    struct Plan: Sendable {
        /// The shards whose bundles are made again.
        var remake: [SearchShard] = []
        /// Every shard that keeps or gets a bundle.
        var listed: [String] = []
        /// The pages changed since their shard's bundle was made (ids unknown until Pagefind
        /// runs), and the ids of their stale copies, by shard.
        var recent = SearchLedger()

        /// The shards the bundle of recent changes has pages or stale copies of.
        var recentShards: Set<String> {
            Set(recent.pages.keys.map(SearchShard.name(of:))).union(recent.drops.keys.map(SearchShard.name(of:)))
        }
    }

    /// Decides, for each shard, whether its bundle stays, is made again, or is kept with its
    /// changed pages in the bundle of recent changes.
    /// - Parameters:
    ///   - ledgers: The ledgers of the shards whose pages changed, read once by the build.
    ///   - recent: The last build's ledger of recent changes; nil when there is none, or every
    ///     shard is read again.
    func plan(_ shards: [SearchShard], records: [String: SiteManifest.Record], bundles: [String: [SiteManifest.Record]], ledgers: [String: SearchLedger], check: Check,
              recent previous: SearchLedger?) -> Plan {
        var plan = Plan()
        let incremental = !check.everyShard && !check.everyBundle
        for shard in shards {
            guard shard.fingerprint != nil || bundles[shard.name] != nil else { continue }
            plan.listed.append(shard.name)
            guard let fingerprint = shard.fingerprint else {
                // Unchanged since the last build: so is its part of the bundle of recent changes.
                for (path, page) in previous?.pages ?? [:] where SearchShard.name(of: path) == shard.name { plan.recent.pages[path] = page }
                for (path, page) in previous?.unmarked ?? [:] where SearchShard.name(of: path) == shard.name { plan.recent.unmarked[path] = page }
                for (path, id) in previous?.drops ?? [:] where SearchShard.name(of: path) == shard.name { plan.recent.drops[path] = id }
                continue
            }
            let made = Self.madeFrom(bundles[shard.name])
            let base = incremental && !check.damaged.contains(shard.name) ? ledgers[shard.name] : nil
            // The pages found unmarked since, so that the next build need not read them.
            for path in shard.unmarked where base?.unmarked[path] != records[path]?.fingerprint {
                if let fingerprint = records[path]?.fingerprint, SearchLedger.canRecord(path) { plan.recent.unmarked[path] = fingerprint }
            }
            if made == fingerprint && !check.everyBundle && !check.damaged.contains(shard.name) { continue }
            // A page removed takes its year with it: what was removed leaves the published
            // index (its fragment) at once, not when the year is next made.
            guard made != nil, let base, let changes = Self.changes(of: shard, records: records, since: base),
                  changes.drops.keys.allSatisfy(changes.pages.keys.contains) else {
                plan.remake.append(shard)
                continue
            }
            plan.recent.pages.merge(changes.pages) { new, _ in new }
            plan.recent.drops.merge(changes.drops) { new, _ in new }
        }
        return plan
    }

    /// The pages of `shard` changed or added since `base` was made, and the ids of the copies
    /// of pages changed or removed; nil when one of those ids is unknown.
    static func changes(of shard: SearchShard, records: [String: SiteManifest.Record], since base: SearchLedger) -> (pages: [String: SearchLedger.Page], drops: [String: String])? {
        var pages: [String: SearchLedger.Page] = [:]
        var drops: [String: String] = [:]
        for path in shard.pages {
            guard let fingerprint = records[path]?.fingerprint, SearchLedger.canRecord(path) else { return nil }
            let before = base.pages[path]
            guard before?.fingerprint != fingerprint else { continue }
            pages[path] = SearchLedger.Page(fingerprint: fingerprint, id: nil)
            if let before {
                guard let id = before.id else { return nil }
                drops[path] = id
            }
        }
        let current = Set(shard.pages)
        for (path, page) in base.pages where !current.contains(path) {
            guard let id = page.id else { return nil }
            drops[path] = id
        }
        return (pages, drops)
    }

    /// The fingerprint of the pages a bundle was made from, which its files (but its ledger) carry.
    static func madeFrom(_ files: [SiteManifest.Record]?) -> UInt64? {
        files?.first { !$0.path.hasSuffix("/" + SearchLedger.fileName) }?.fingerprint
    }

    /// The ledger of a bundle as an output, fingerprinted by its bytes.
    static func ledgerItem(_ ledger: SearchLedger, bundle: String) -> SiteWriter.Item {
        let bytes = ledger.encoded()
        var hasher = ContentHasher()
        hasher.combine(bytes: bytes)
        return SiteWriter.Item(path: folder + bundle + "/" + SearchLedger.fileName, fingerprint: hasher.value, content: .bytes(bytes))
    }

    /// The ledger of the bundle `name`, as the last build wrote it.
    func ledger(of name: String, in bundles: [String: [SiteManifest.Record]]) -> SearchLedger? {
        let path = Self.folder + name + "/" + SearchLedger.fileName
        guard bundles[name]?.contains(where: { $0.path == path }) == true, let bytes = try? FileIO.read(output + "/" + path) else { return nil }
        return SearchLedger(bytes)
    }

    /// The fingerprint of the bundle of recent changes: its pages and the copies it hides.
    static func fingerprint(_ recent: SearchLedger) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine("search v2, recent")
        for (path, page) in recent.pages.sorted(by: { $0.key < $1.key }) {
            hasher.combine(path)
            hasher.combine(Int64(bitPattern: page.fingerprint))
        }
        for (path, id) in recent.drops.sorted(by: { $0.key < $1.key }) {
            hasher.combine(path)
            hasher.combine(id)
        }
        return hasher.value
    }
}

private extension SearchIndexer {
    /// Whether Pagefind reads the output at `path`.
    func isIndexed(_ path: String) -> Bool {
        // `.html`, say, at the end is an extension: no slash can follow its dot.
        extensions.contains { path.utf8.count > $0.utf8.count && path.hasSuffix("." + $0) } && !path.hasPrefix(Self.folder)
    }

    /// The shards of the site, each with the pages Pagefind is to read. When any page is marked
    /// `data-pagefind-body`, Pagefind indexes only marked pages, so a shard is given only those
    /// (and the lists, which are many and change with every post added, are not read again);
    /// otherwise every page. Only the pages of shards that changed are read to find the marks,
    /// and the others' only when none of those has one.
    /// - Parameters:
    ///   - known: What the ledgers of the shards that changed say of their pages' marks: a page
    ///     as it was then is not read again.
    ///   - bundles: The last bundles' files, by shard, whose ledgers tell the marks of the
    ///     shards that did not change, when their pages must be looked at (no page read so far
    ///     is marked): with a theme that marks nothing, an edit so reads its changed pages
    ///     only, not the site's every page.
    func shards(of records: [String: SiteManifest.Record], changed: [String], check: Check, known given: [String: (fingerprint: UInt64, marked: Bool)] = [:],
                bundles: [String: [SiteManifest.Record]] = [:]) async -> [SearchShard] {
        let pages = Dictionary(grouping: records.values.filter { isIndexed($0.path) }) { SearchShard.name(of: $0.path) }
        let touched = check.everyShard || check.everyBundle ? Set(pages.keys) : check.damaged.union(changed.filter(isIndexed).map(SearchShard.name(of:)))
        var order = pages.keys.sorted().filter(touched.contains)
        order += pages.keys.sorted().filter { !touched.contains($0) }
        var marked: [String: [SiteManifest.Record]] = [:]
        var unmarked: [String: [String]] = [:]
        var siteIsMarked = false
        for name in order {
            if !touched.contains(name) && siteIsMarked { break }
            let records = pages[name] ?? []
            let output = self.output
            let ledgerMarks = touched.contains(name) ? nil : ledger(of: name, in: bundles)?.marks
            let marks = await parallelMap(records) { record in
                if let mark = given[record.path], mark.fingerprint == record.fingerprint { return mark.marked }
                if let mark = ledgerMarks?[record.path], mark.fingerprint == record.fingerprint { return mark.marked }
                return (try? FileIO.read(output + "/" + record.path)).map { ByteSearch.firstOffset(of: Self.mark, in: $0) != nil } ?? false
            }
            marked[name] = zip(records, marks).filter(\.1).map(\.0)
            unmarked[name] = zip(records, marks).filter { !$0.1 }.map(\.0.path)
            siteIsMarked = siteIsMarked || marks.contains(true)
        }
        return pages.keys.sorted().compactMap { name -> SearchShard? in
            guard touched.contains(name) else {
                // Unchanged: its bundle stays as it is, whatever its fingerprint.
                return SearchShard(name: name, pages: [], fingerprint: nil)
            }
            let chosen = siteIsMarked ? marked[name] ?? [] : pages[name] ?? []
            guard !chosen.isEmpty else { return nil }
            return SearchShard(name: name, pages: chosen.map(\.path).sorted(), fingerprint: fingerprint(chosen, marked: siteIsMarked), marked: siteIsMarked,
                               unmarked: siteIsMarked ? unmarked[name] ?? [] : [])
        }
    }

    /// Runs Pagefind over each shard, each over a folder of links to its pages, into
    /// `temp/<shard>/`, two at a time.
    func run(_ pagefind: Pagefind, over shards: [SearchShard], in temp: String) async throws(BuildFailure) -> [(shard: SearchShard, files: [FileEntry])] {
        // The links name their pages by absolute path, which a relative one would not be.
        let output = self.output.hasPrefix("/") ? self.output : FileManager.default.currentDirectoryPath + "/" + self.output
        let glob = "**/*.{\(extensions.joined(separator: ","))}"
        let results = await withTaskGroup(of: (Int, Result<[FileEntry], BuildFailure>).self) { group in
            var results: [(Int, Result<[FileEntry], BuildFailure>)] = []
            var next = 0
            func start() {
                guard next < shards.count else { return }
                let index = next, shard = shards[index]
                next += 1
                group.addTask {
                    (index, await Self.index(shard, with: pagefind, site: output, glob: glob, temp: temp))
                }
            }
            for _ in 0..<max(1, min(2, ProcessInfo.processInfo.activeProcessorCount)) { start() }
            for await result in group {
                results.append(result)
                start()
            }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        var made: [(shard: SearchShard, files: [FileEntry])] = []
        for (shard, result) in zip(shards, results) {
            switch result {
            case .success(let files): made.append((shard, files))
            case .failure(let failure): throw failure
            }
        }
        return made
    }

    /// Links the shard's pages into `temp/<shard>.pages/` and has Pagefind index them into `temp/<shard>/`.
    static func index(_ shard: SearchShard, with pagefind: Pagefind, site: String, glob: String, temp: String) async -> Result<[FileEntry], BuildFailure> {
        let pages = temp + "/" + shard.name + ".pages"
        let bundle = temp + "/" + shard.name + "/"
        do throws(FileSystemError) {
            var folders: Set<String> = []
            for path in shard.pages {
                let parent = FileIO.parent(of: pages + "/" + path)
                if folders.insert(parent).inserted { try FileIO.createFolders(parent) }
                guard symlink(site + "/" + path, pages + "/" + path) == 0 else {
                    throw FileSystemError(path: pages + "/" + path, operation: .write, errno: errno)
                }
            }
        } catch {
            return .failure(BuildFailure([error.diagnostic(relativeTo: temp)]))
        }
        do {
            try await pagefind.index(site: pages, into: bundle, glob: glob)
        } catch {
            return .failure(BuildFailure([Diagnostic(path: site, line: nil, message: error.message)]))
        }
        do {
            return .success(try FileTree.scan(bundle))
        } catch {
            return .failure(BuildFailure([error.diagnostic(relativeTo: temp)]))
        }
    }

    /// The hash of the HTML files a bundle is made from, from their paths and fingerprints.
    func fingerprint(_ pages: [SiteManifest.Record], marked: Bool) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine(marked ? "search v2, marked" : "search v2")
        for page in pages.sorted(by: { $0.path < $1.path }) {
            hasher.combine(page.path)
            hasher.combine(Int64(bitPattern: page.fingerprint))
        }
        return hasher.value
    }

    /// A new folder beside `output` (`.site.pagefind.bake-<pid>-XXXXXX`), on its file system,
    /// where the links to the pages and Pagefind's bundles cost what the site's own files do;
    /// in the system's temporary folder when the output's parent takes no new folder. The
    /// folders a killed build left there were removed as the build began (`removeLeftWork`).
    static func makeTemporaryFolder(beside output: String) throws(FileSystemError) -> String {
        let (parent, name) = workPlace(beside: output)
        let beside = parent + "/" + StaleTempFiles.tempName(for: name)
        for path in [beside, FileManager.default.temporaryDirectory.path + "/" + StaleTempFiles.tempName(for: "bake-pagefind")] {
            var template = Array(path.utf8CString)
            let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkdtemp($0) != nil } ?? false }
            // mkdtemp filled in the X's.
            if made { return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        throw FileSystemError(path: FileManager.default.temporaryDirectory.path, operation: .createFolder, errno: errno)
    }
}
