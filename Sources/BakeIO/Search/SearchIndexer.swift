import BakeKit
import Foundation

/// The search stage of a build with `@search true`: Pagefind's bundle in `pagefind/`, owned
/// through the manifest like every other file bake writes.
///
/// Every file of the bundle is recorded with one fingerprint: the hash of the path and
/// fingerprint of each HTML file it indexed. While those are unchanged, the bundle is kept as
/// it is and Pagefind does not run. Otherwise Pagefind is found before anything is written
/// (so a missing Pagefind fails the build with the site as it was), runs over the written
/// site into a temporary folder, and `SiteWriter` puts the bundle in: only files whose bytes
/// changed are written, files of the old bundle it no longer has are removed, and a file bake
/// did not write is never replaced. A Pagefind that fails leaves the last bundle and its
/// fingerprint, so the next build indexes again.
///
/// ```swift
/// let step = try await SearchIndexer(options: options)?.prepare(items: items, pending: paths, previous: manifest, onDisk: files)
/// // write the pages with step.kept, then, when step.pagefind is set:
/// let (report, indexed) = try await indexer.index(with: pagefind, after: written, state: state)
/// ```
struct SearchIndexer: Sendable {
    /// The bundle's folder in the site.
    static let folder = "pagefind/"

    let output: String
    let indexing: SearchIndexing
    let clean: Bool
    let environment: [String: String]?
    /// The extensions of the files Pagefind reads: `html`, and `@output_file_suffix`'s.
    let extensions: [String]
    /// The line of `@search` in `site.settings`, for problems.
    let settingsLine: Int?

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
    }

    /// What a build does about search, decided before it writes anything.
    struct Step: Sendable {
        /// The last bundle's files, to be kept by the write of the pages.
        let kept: [SiteWriter.Item]
        /// Set when Pagefind must run once the pages are written.
        let pagefind: Pagefind?
        /// Why the index was left as it is, in preview.
        let warnings: [Diagnostic]
    }

    /// Decides whether Pagefind runs, and finds it if so.
    /// - Parameters:
    ///   - items: The outputs the write is given whole (kept pages, static files).
    ///   - pending: The paths of the outputs it renders.
    func prepare(items: [SiteWriter.Item], pending: [String], previous: SiteManifest?, onDisk: [String: FileEntry]) async throws(BuildFailure) -> Step {
        let clashes = (items.map(\.path) + pending).filter { $0.hasPrefix(Self.folder) }.sorted()
        if !clashes.isEmpty {
            throw BuildFailure(clashes.map { path in
                Diagnostic(path: output + "/" + path, line: nil, message: "would be written where Pagefind's search index goes with @search true; expected a static file or page of another name")
            })
        }
        let records = previous?.records.values.filter { $0.path.hasPrefix(Self.folder) } ?? []
        // A clean build indexes anyway; until then, the last bundle stays.
        let kept = clean ? records : records.filter { $0.matches(onDisk[$0.path]) }
        let fingerprints = Set(kept.map(\.fingerprint))
        let isIntact = !clean && !kept.isEmpty && kept.count == records.count && fingerprints.count == 1
            && kept.contains { $0.path == Self.folder + "pagefind-ui.js" }
        let keptItems = kept.map { SiteWriter.Item(path: $0.path, fingerprint: $0.fingerprint, content: .keep($0)) }
        let mustIndex: Bool
        switch indexing {
        case .whenMissing:
            mustIndex = !isIntact
        case .whenPagesChange:
            mustIndex = !isIntact || pending.contains(where: isIndexed)
                || fingerprint(items.lazy.map { ($0.path, $0.fingerprint) }) != fingerprints.first
        }
        guard mustIndex else { return Step(kept: keptItems, pagefind: nil, warnings: []) }
        if let pagefind = await Pagefind.locate(environment: environment) {
            return Step(kept: keptItems, pagefind: pagefind, warnings: [])
        }
        let missing = Diagnostic(path: "site.settings", line: settingsLine, message: SearchError(.pagefindMissing).message)
        guard indexing == .whenMissing else { throw BuildFailure([missing]) }
        return Step(kept: keptItems, pagefind: nil, warnings: [Diagnostic(path: missing.path, line: missing.line, message: "warning: " + missing.message + "; search shows no results")])
    }

    /// Runs Pagefind over the written site and writes its bundle into `pagefind/`, recording
    /// it in the manifest with `state`.
    /// - Parameter first: What the write of the pages did.
    /// - Returns: Both writes as one report, and how many pages Pagefind indexed.
    func index(with pagefind: Pagefind, after first: SiteWriter.Report, state: SiteManifest.State,
               provisional: (@Sendable () -> Bool)? = nil) async throws(BuildFailure) -> (report: SiteWriter.Report, indexed: Int) {
        let temp: String
        do {
            temp = try Self.makeTemporaryFolder()
        } catch {
            throw BuildFailure([error.diagnostic(relativeTo: output)])
        }
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let bundle = temp + "/" + Self.folder
        do {
            try await pagefind.index(site: output, into: bundle, glob: "**/*.{\(extensions.joined(separator: ","))}")
        } catch {
            throw BuildFailure([Diagnostic(path: output, line: nil, message: error.message)])
        }
        let files: [FileEntry]
        do {
            files = try FileTree.scan(bundle)
        } catch {
            throw BuildFailure([error.diagnostic(relativeTo: temp)])
        }
        let records = first.manifest.records.values
        let indexed = fingerprint(records.lazy.map { ($0.path, $0.fingerprint) })
        var items = records.filter { !$0.path.hasPrefix(Self.folder) }.map { SiteWriter.Item(path: $0.path, fingerprint: $0.fingerprint, content: .keep($0)) }
        items += files.map { SiteWriter.Item(path: Self.folder + $0.path, fingerprint: indexed, content: .copy(from: bundle + $0.path)) }
        let second = try await SiteWriter(output: output).write(items, previous: first.manifest, state: state, provisional: provisional)
        let written = (first.written + second.written).sorted()
        let report = SiteWriter.Report(written: written, unchanged: second.manifest.records.count - written.count,
                                       removed: (first.removed + second.removed).sorted(), manifest: second.manifest)
        // Pagefind writes one fragment per page it indexed.
        return (report, files.filter { $0.path.hasPrefix("fragment/") }.count)
    }
}

private extension SearchIndexer {
    /// Whether Pagefind reads the output at `path`.
    func isIndexed(_ path: String) -> Bool {
        guard !path.hasPrefix(Self.folder), let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(String(path[path.index(after: dot)...]))
    }

    /// The hash of the HTML files Pagefind reads, from their paths and fingerprints, in any order.
    func fingerprint(_ outputs: some Sequence<(String, UInt64)>) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine("search v1")
        for (path, fingerprint) in outputs.filter({ isIndexed($0.0) }).sorted(by: { $0.0 < $1.0 }) {
            hasher.combine(path)
            hasher.combine(Int64(bitPattern: fingerprint))
        }
        return hasher.value
    }

    static func makeTemporaryFolder() throws(FileSystemError) -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/bake-pagefind-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkdtemp($0) != nil } ?? false }
        guard made else {
            throw FileSystemError(path: FileManager.default.temporaryDirectory.path, operation: .createFolder, errno: errno)
        }
        // mkdtemp filled in the X's.
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
