import Foundation

/// Finds where the author wrote a URL that a built page holds: the line of a post, page or
/// static file that holds it, or else of a template.
///
/// The built page may hold the URL in another form than its source: with the site's path in
/// front of a root-relative link (`/blog/gone.html` for `/gone.html`), made absolute in a
/// feed or a social card, with percent-escapes for what the author wrote as text, or with
/// `&` where an HTML source wrote `&amp;`. Each form is looked for.
///
/// ```swift
/// let locator = SourceLocator(site: site, templates: templateTexts)
/// locator.locate("/blog/gone.html", in: [postText])   // (path: "posts/…/hello.markdown", line: 12, written: "/gone.html")
/// ```
public struct SourceLocator: Sendable {
    /// Where a URL was found.
    public struct Location: Sendable, Hashable {
        public let path: String
        public let line: Int
        /// The URL as the file writes it.
        public let written: String

        public init(path: String, line: Int, written: String) {
            self.path = path
            self.line = line
            self.written = written
        }
    }

    public let site: SiteAddress
    public let templates: [SourceText]

    public init(site: SiteAddress, templates: [SourceText]) {
        self.site = site
        self.templates = templates
    }

    /// The first line of the first file of `sources` that holds `url`; nil when none does.
    public func locate(_ url: String, in sources: [SourceText]) -> Location? {
        locate(forms: forms(of: url), in: sources)
    }

    /// The first line of the first file of `sources` that holds one of `forms` (see `forms(of:)`).
    public func locate(forms: [String], in sources: [SourceText]) -> Location? {
        for source in sources {
            if let location = Self.find(forms, in: source) { return location }
        }
        return nil
    }

    /// The template line that holds `url`, if any does.
    public func locateInTemplates(_ url: String) -> Location? {
        locate(url, in: templates)
    }

    /// The ways the source may have written `url`, most literal first.
    public func forms(of url: String) -> [String] {
        var forms = [url]
        let siteURL = site.url(of: "")
        let origin = String(siteURL.dropLast(site.basePath.count + 1))
        if url.hasPrefix(siteURL) {
            // Made absolute: the author wrote it root-relative, without the site's path.
            forms.append("/" + url.dropFirst(siteURL.count))
        } else if url.hasPrefix(origin + "/") {
            forms.append(String(url.dropFirst(origin.count)))
        }
        if !site.basePath.isEmpty, url.hasPrefix(site.basePath + "/") {
            forms.append(String(url.dropFirst(site.basePath.count)))
        }
        for form in forms where form.utf8.contains(UInt8(ascii: "%")) {
            if let decoded = form.removingPercentEncoding, decoded != form { forms.append(decoded) }
        }
        for form in forms where form.utf8.contains(UInt8(ascii: "&")) {
            forms.append(form.replacing("&", with: "&amp;"))
        }
        var seen: Set<String> = []
        return forms.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The earliest place in `source` that holds one of `forms`, and the form found there.
    private static func find(_ forms: [String], in source: SourceText) -> Location? {
        var best: (offset: Int, form: String)?
        for form in forms {
            if let offset = source.firstOffset(of: form), offset < best?.offset ?? Int.max {
                best = (offset, form)
            }
        }
        return best.map { Location(path: source.path, line: source.line(at: $0.offset), written: $0.form) }
    }
}
