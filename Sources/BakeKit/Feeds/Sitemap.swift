/// `sitemap.xml` (sitemaps.org 0.9) listing the home page, archives, pages and posts.
public struct Sitemap: Sendable {
    public let settings: SiteSettings

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
