/// `sitemap.xml` (sitemaps.org 0.9) listing the home page, archives, pages and posts.
public struct Sitemap: Sendable {
    public let settings: SiteSettings

    public init(settings: SiteSettings) {
        self.settings = settings
    }

    /// The sitemap for the planned site.
    public func render(_ plan: SitePlan) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        func add(_ path: String, lastModified: Timestamp? = nil) {
            xml += "<url><loc>\(MarkupEscaping.xml(settings.url + "/" + path))</loc>"
            if let lastModified {
                xml += "<lastmod>\(lastModified.civil(in: settings.timeZone).rfc3339)</lastmod>"
            }
            xml += "</url>\n"
        }
        let layout = settings.layout
        if layout.hasBlog {
            add(layout.blog(""), lastModified: plan.posts.first?.pubDate)
            add(layout.blog("archive.html"))
        }
        for page in plan.pages { add(layout.page(page)) }
        for month in plan.months { add(layout.blog(month.key.folder)) }
        for post in plan.posts {
            add(layout.post(post.permalink), lastModified: post.updated ?? post.pubDate)
        }
        xml += "</urlset>\n"
        return xml
    }
}
