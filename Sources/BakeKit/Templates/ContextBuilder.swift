/// Builds the Mustache contexts: plain dictionaries, arrays, `TemplateText`s and bools, so the
/// templates never reach model types through reflection. README.md lists every name.
struct ContextBuilder: Sendable {
    let plan: SitePlan
    let options: RenderOptions
    private let siteContext: SiteContext

    init(plan: SitePlan, options: RenderOptions) {
        self.plan = plan
        self.options = options
        self.siteContext = SiteContext(dictionary: Self.site(plan: plan, options: options))
    }

    func home(bodies: [String: String]) -> [String: Any] {
        var context = page(title: plan.settings.layout.homeTitle, path: plan.settings.layout.blog(""), description: plan.settings.description, flag: "is_home")
        context["posts"] = plan.homePosts.map { post(post: $0, html: bodies[$0.sourcePath]) }
        return context
    }

    func post(at index: Int, html: String) -> [String: Any] {
        let post = plan.posts[index]
        var context = page(title: post.displayTitle, path: settings.layout.post(post.permalink),
                           description: PlainText.truncate(post.excerpt, maxCharacters: 160), flag: "is_post")
        context["post"] = self.post(post: post, html: html)
        if index + 1 < plan.posts.count { context["previous"] = neighbour(plan.posts[index + 1]) }
        if index > 0 { context["next"] = neighbour(plan.posts[index - 1]) }
        return context
    }

    func month(at index: Int) -> [String: Any] {
        let month = plan.months[index]
        var context = page(title: month.key.label, path: settings.layout.blog(month.key.folder), description: "Posts from \(month.key.label)", flag: "is_month")
        context["month_label"] = TemplateText(month.key.label)
        context["year"] = TemplateText(String(month.key.year))
        context["month"] = TemplateText(Permalink.twoDigits(month.key.month))
        context["posts"] = month.postIndices.map { post(post: plan.posts[$0], html: nil) }
        if index + 1 < plan.months.count { context["previous_month"] = monthLink(plan.months[index + 1]) }
        if index > 0 { context["next_month"] = monthLink(plan.months[index - 1]) }
        return context
    }

    func archive() -> [String: Any] {
        var context = page(title: settings.layout.archiveTitle, path: settings.layout.blog("archive.html"), description: "Every post on \(plan.settings.name), by month", flag: "is_archive")
        var years: [[String: Any]] = []
        var currentYear: Int?
        var months: [[String: Any]] = []
        for month in plan.months {
            if month.key.year != currentYear {
                if let year = currentYear { years.append(["year": TemplateText(String(year)), "months": months]) }
                currentYear = month.key.year
                months = []
            }
            var link = monthLink(month)
            link["name"] = TemplateText(CivilTime.monthNames[month.key.month - 1])
            link["count"] = TemplateText(String(month.postIndices.count))
            months.append(link)
        }
        if let year = currentYear { years.append(["year": TemplateText(String(year)), "months": months]) }
        context["years"] = years
        context["post_count"] = TemplateText(String(plan.posts.count))
        return context
    }

    func page(at index: Int, html: String) -> [String: Any] {
        let page = plan.pages[index]
        var context = self.page(title: page.title, path: settings.layout.page(page), description: PlainText.truncate(page.excerpt, maxCharacters: 160), flag: "is_page")
        context["page"] = [
            "title": TemplateText(page.title),
            "content": TemplateText(html),
            "url": TemplateText(url(settings.layout.page(page))),
            "meta": page.metadata.dictionary(CharacterReferences.decode),
        ] as [String: Any]
        // The navigation marks this page as the current one.
        var site = siteContext.dictionary
        site["pages"] = Self.navigation(plan.pages, current: index, layout: settings.layout, url: url)
        context["site"] = site
        return context
    }

    func notFound() -> [String: Any] {
        page(title: "Page not found", path: "404.html", description: "", flag: "is_not_found")
    }
}

private extension ContextBuilder {
    var settings: SiteSettings { plan.settings }

    /// A root-relative URL, e.g. `/blog/2014/03/`.
    func url(_ path: String) -> String {
        settings.basePath + "/" + path
    }

    func page(title: String, path: String, description: String, flag: String) -> [String: Any] {
        [
            "site": siteContext.dictionary,
            "page_title": TemplateText(title),
            "canonical_url": TemplateText(settings.url + "/" + path),
            "description": TemplateText(description),
            flag: true,
        ]
    }

    static func site(plan: SitePlan, options: RenderOptions) -> [String: Any] {
        let settings = plan.settings
        let layout = settings.layout
        func url(_ path: String) -> String { settings.basePath + "/" + path }
        var site: [String: Any] = [
            "name": TemplateText(settings.name),
            "description": TemplateText(settings.description),
            "author": TemplateText(settings.author),
            "language": TemplateText(settings.language),
            "url": TemplateText(settings.url),
            "base": TemplateText(settings.basePath),
            "home_url": TemplateText(url(layout.blog(""))),
            "archive_url": TemplateText(url(layout.blog("archive.html"))),
            "archive_title": TemplateText(layout.archiveTitle),
            "rss_url": TemplateText(url(layout.blog("xml/rss.xml"))),
            "json_feed_url": TemplateText(url(layout.blog("feed.json"))),
            "has_blog": layout.hasBlog,
            "stylesheet_url": TemplateText(url("style.css") + (options.stylesheetVersion.isEmpty ? "" : "?v=\(options.stylesheetVersion)")),
            "pages": navigation(plan.pages, current: nil, layout: layout, url: url),
            "meta": settings.metadata.dictionary(CharacterReferences.decode),
            "favicon_url": TemplateText(settings.metadata["favicon_url"].flatMap { $0.isEmpty ? nil : $0 } ?? url("favicon.svg")),
        ]
        if !layout.homeTitle.isEmpty {
            site["home_title"] = TemplateText(layout.homeTitle)
        }
        if let icon = settings.metadata["icon_url"], !icon.isEmpty {
            site["icon_url"] = TemplateText(icon)
        }
        if let newest = plan.posts.first {
            site["year"] = TemplateText(String(newest.pubDate.civil(in: settings.timeZone).year))
        }
        if settings.xmlrpcURL != nil {
            site["rsd_url"] = TemplateText(settings.url + "/rsd.xml")
        }
        return site
    }

    /// The pages for the site navigation, `is_current` on the one being rendered.
    static func navigation(_ pages: [Page], current: Int?, layout: SiteLayout, url: (String) -> String) -> [[String: Any]] {
        pages.enumerated().map { index, page in
            ["title": TemplateText(page.title), "url": TemplateText(url(layout.page(page))), "is_current": index == current]
        }
    }

    func post(post: Post, html: String?) -> [String: Any] {
        let zone = settings.timeZone
        let published = post.pubDate.civil(in: zone)
        var context: [String: Any] = [
            "title": TemplateText(post.title),
            "has_title": !post.title.isEmpty,
            "display_title": TemplateText(post.displayTitle),
            "url": TemplateText(url(settings.layout.post(post.permalink))),
            "absolute_url": TemplateText(settings.url + "/" + settings.layout.post(post.permalink)),
            "is_link_post": post.link != nil,
            "date": TemplateText(published.longDate),
            "date_iso": TemplateText(published.rfc3339),
            "has_mod_date": post.updated != nil,
            "categories": post.categories.map { ["name": TemplateText($0)] },
            "has_categories": !post.categories.isEmpty,
            "is_draft": options.marksUnpublished && post.status == .draft,
            "is_future": options.marksUnpublished && post.pubDate > options.now,
            // Plain strings, unlike the rest: a dynamic partial, `{{>*post.meta.layout}}`,
            // names a template only with a `String`.
            "meta": post.metadata.dictionary(CharacterReferences.decode),
            "slug": TemplateText(post.permalink.slug),
        ]
        if let link = post.link { context["link"] = TemplateText(link) }
        // The player loads the file as written, so that preview plays the local copy.
        if let episode = Episode(metadata: post.metadata, absolute: { $0 }) { context["episode"] = Self.episode(episode) }
        if let html { context["content"] = TemplateText(html) }
        if let modDate = post.updated {
            let modified = modDate.civil(in: zone)
            context["mod_date"] = TemplateText(modified.longDate)
            context["mod_date_iso"] = TemplateText(modified.rfc3339)
        }
        return context
    }

    func neighbour(_ post: Post) -> [String: Any] {
        ["display_title": TemplateText(post.displayTitle), "url": TemplateText(url(settings.layout.post(post.permalink)))]
    }

    func monthLink(_ month: MonthArchive) -> [String: Any] {
        ["label": TemplateText(month.key.label), "url": TemplateText(url(settings.layout.blog(month.key.folder)))]
    }

    /// A podcast episode's media, for the player.
    static func episode(_ episode: Episode) -> [String: Any] {
        ["url": TemplateText(episode.url), "type": TemplateText(episode.type), "is_audio": episode.isAudio]
    }
}

/// The `site` context, built once per build and shared by every page's render.
///
/// It holds only strings, bools, arrays and dictionaries of those, and is never mutated
/// after `init`, so sharing it across render tasks is safe even though `Any` is not `Sendable`.
private struct SiteContext: @unchecked Sendable {
    let dictionary: [String: Any]
}
