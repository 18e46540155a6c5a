import BakeKit

/// Traces a broken link of a built page to the file and line where its author can fix it.
///
/// ```swift
/// let tracer = LinkTracer(sources: sources, texts: texts, locator: locator, output: "/blog/site")
/// tracer.diagnostic(for: broken).description   // "posts/2014/04/21/slug.markdown:12: /gone.html: no such page"
/// ```
public struct LinkTracer: Sendable {
    public let sources: OutputSources
    /// The text of each file `sources` names that a broken link may be in.
    public let texts: [String: SourceText]
    public let locator: SourceLocator
    /// The output folder, for links found in no source: reported at the built file.
    public let output: String

    public init(sources: OutputSources, texts: [String: SourceText], locator: SourceLocator, output: String) {
        self.sources = sources
        self.texts = texts
        self.locator = locator
        self.output = output
    }

    /// The files whose text tracing links of the page at `page` may need.
    public func files(of page: String) -> [String] {
        sources.files(of: page)
    }

    /// `link`'s problem at the line that holds it.
    public func diagnostic(for link: BrokenLink) -> Diagnostic {
        let candidates = sources.files(of: link.page).compactMap { texts[$0] }
        if let location = locator.locate(link.url, in: candidates) ?? locator.locateInTemplates(link.url) {
            return Diagnostic(path: location.path, line: location.line, message: "\(location.written): \(link.problem)")
        }
        return Diagnostic(path: output + "/" + link.page, line: nil, message: "\(link.url): \(link.problem)")
    }
}
