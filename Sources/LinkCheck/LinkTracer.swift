import BakeKit

/// Traces a broken link of a built page to the file and line where its author can fix it.
///
/// ```swift
/// let tracer = LinkTracer(sources: sources, texts: texts, locator: locator, output: "/blog/site")
/// tracer.diagnostics(for: [broken])[0].description   // "posts/2014/04/21/slug.markdown:12: /gone.html: no such page"
/// ```
public struct LinkTracer: Sendable {
    public let sources: OutputSources
    /// The text of each file `sources` names that a broken link may be in.
    public let texts: [String: SourceText]
    public let locator: SourceLocator
    /// The output folder, for links found in no source: reported at the built file.
    public let output: String

    /// `texts` by the numbers `sources` gives its files.
    private let files: [SourceText?]

    public init(sources: OutputSources, texts: [String: SourceText], locator: SourceLocator, output: String) {
        self.sources = sources
        self.texts = texts
        self.locator = locator
        self.output = output
        files = sources.paths.map { texts[$0] }
    }

    /// The files whose text tracing links of the page at `page` may need.
    public func files(of page: String) -> [String] {
        sources.files(of: page)
    }

    /// Each link's problem at the line that holds it, in order. A URL is looked for once in
    /// each file, however many pages show it.
    public func diagnostics(for links: [BrokenLink]) -> [Diagnostic] {
        var byURL: [String: [Int]] = [:]
        for (index, link) in links.enumerated() { byURL[link.url, default: []].append(index) }
        var diagnostics = [Diagnostic?](repeating: nil, count: links.count)
        for (url, members) in byURL {
            let forms = locator.forms(of: url)
            var inFiles: [Int: SourceLocator.Location?] = [:]
            var inTemplates: SourceLocator.Location??
            for member in members {
                let link = links[member]
                var location: SourceLocator.Location?
                for file in sources.fileIndices(of: link.page) {
                    guard let text = files[file] else { continue }
                    let found: SourceLocator.Location?
                    if let known = inFiles[file] {
                        found = known
                    } else {
                        found = locator.locate(forms: forms, in: [text])
                        inFiles[file] = .some(found)
                    }
                    if let found {
                        location = found
                        break
                    }
                }
                if location == nil {
                    if inTemplates == nil { inTemplates = .some(locator.locate(forms: forms, in: locator.templates)) }
                    location = inTemplates ?? nil
                }
                diagnostics[member] = location.map {
                    Diagnostic(path: $0.path, line: $0.line, message: "\($0.written): \(link.problem)")
                } ?? Diagnostic(path: output + "/" + link.page, line: nil, message: "\(link.url): \(link.problem)")
            }
        }
        return diagnostics.map { $0! }
    }
}
