/// `sitemap.xml` (sitemaps.org 0.9) listing the home page, archives, pages and posts.
public struct Sitemap: Sendable {
    public let settings: SiteSettings

    /// The kinds of page the sitemap lists, in the order it lists them; each kind's pages in
    /// plan order. The others (pages of older posts, the error and search pages) it leaves out,
    /// as it does every list's pages after its first. Feeds and redirects are no kind of page.
    public static let order: [PageKind] = [.home, .archive, .page, .categories, .tagCloud, .category, .links, .year, .month, .post]

    public init(settings: SiteSettings) {
        self.settings = settings
    }

    /// The sitemap of `inputs`' paths and dates.
    public func render(_ inputs: SitemapInputs) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for entry in inputs.entries {
            xml += "<url><loc>\(MarkupEscaping.xml(settings.url + "/" + entry.path))</loc>"
            if let lastModified = entry.lastModified {
                xml += "<lastmod>\(Timestamp(seconds: lastModified).civil(in: settings.timeZone).rfc3339)</lastmod>"
            }
            xml += "</url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }
}
