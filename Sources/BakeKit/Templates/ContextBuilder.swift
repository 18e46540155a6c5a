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

    /// Home page `number`: 1 is the home page itself, 2… its pages of older posts.
    func home(page number: Int, bodies: [String: String]) -> [String: Any] {
        var context = number == 1
            ? page(title: settings.layout.homeTitle, path: settings.layout.blog(""), description: plan.settings.description, flag: "is_home")
            : page(title: "Older posts, page \(number)", path: settings.layout.blog(Pagination.folder("", page: number)), description: plan.settings.description, flag: "is_home_page")
        context["posts"] = plan.homePosts(page: number).map { listPost($0, html: bodies[$0.sourcePath]) }
        context["pagination"] = pagination(folder: "", page: number, count: plan.homePageCount)
        return context
    }

    /// Page `number` of category `index`.
    func category(at index: Int, page number: Int, bodies: [String: String]) -> [String: Any] {
        let category = plan.categories[index]
        let count = plan.pageCount(ofCategory: index)
        let title = number == 1 ? category.name : "\(category.name), page \(number)"
        var context = page(title: title, path: settings.layout.blog(Pagination.folder(category.folder, page: number)),
                           description: "Posts in \(category.name) on \(settings.name)", flag: "is_category")
        context["category"] = categoryContext(category)
        context["posts"] = plan.postIndices(ofCategory: index, page: number).map { listPost(plan.posts[$0], html: bodies[plan.posts[$0].sourcePath]) }
        context["pagination"] = pagination(folder: category.folder, page: number, count: count)
        context["feeds"] = [
            ["title": TemplateText("\(settings.name): \(category.name) (RSS)"), "type": TemplateText("application/rss+xml"), "url": TemplateText(url(settings.layout.blog(category.folder + "rss.xml")))],
            ["title": TemplateText("\(settings.name): \(category.name) (JSON Feed)"), "type": TemplateText("application/feed+json"), "url": TemplateText(url(settings.layout.blog(category.folder + "feed.json")))],
        ]
        return context
    }

    /// The list of categories.
    func categories() -> [String: Any] {
        var context = page(title: "Categories", path: settings.layout.blog("categories/"), description: "Every category on \(settings.name)", flag: "is_categories")
        context["categories"] = plan.categories.map(categoryContext)
        context["category_count"] = TemplateText(String(plan.categories.count))
        context["has_categories"] = !plan.categories.isEmpty
        return context
    }

    /// Year `index`: its months and their posts.
    func year(at index: Int) -> [String: Any] {
        let year = plan.years[index]
        let label = String(year.year)
        var context = page(title: label, path: settings.layout.blog(year.folder), description: "Posts from \(label)", flag: "is_year")
        context["year"] = TemplateText(label)
        context["months"] = year.monthIndices.map { monthIndex in
            let month = plan.months[monthIndex]
            var link = monthLink(month)
            link["name"] = TemplateText(settings.dates.monthName(month.key.month))
            link["posts"] = month.postIndices.map { listEntry(plan.posts[$0]) }
            return link
        }
        context["post_count"] = TemplateText(String(year.monthIndices.reduce(0) { $0 + plan.months[$1].postIndices.count }))
        if index + 1 < plan.years.count { context["previous_year"] = yearLink(plan.years[index + 1]) }
        if index > 0 { context["next_year"] = yearLink(plan.years[index - 1]) }
        return context
    }

    func post(at index: Int, html: String) -> [String: Any] {
        let post = plan.posts[index]
        let description = Excerpt.summary(of: post.metadata) ?? PlainText.truncate(post.excerpt, maxCharacters: 160)
        var context = page(title: post.displayTitle, path: settings.layout.post(post.permalink), description: description, flag: "is_post")
        context["post"] = self.post(post: post, html: html)
        let absolute = settings.url + "/" + settings.layout.post(post.permalink)
        context["social"] = SocialCard(
            type: "article", title: post.displayTitle, url: absolute, description: description,
            image: SocialCard.image(metadata: post.metadata, html: html, pageURL: absolute, origin: settings.origin),
            siteName: settings.name
        ).context
        if index + 1 < plan.posts.count { context["previous"] = neighbour(plan.posts[index + 1]) }
        if index > 0 { context["next"] = neighbour(plan.posts[index - 1]) }
        return context
    }

    func month(at index: Int) -> [String: Any] {
        let month = plan.months[index]
        let label = settings.dates.month(month.key)
        var context = page(title: label, path: settings.layout.blog(month.key.folder), description: "Posts from \(label)", flag: "is_month")
        context["month_label"] = TemplateText(label)
        context["year"] = TemplateText(String(month.key.year))
        context["month"] = TemplateText(Permalink.twoDigits(month.key.month))
        context["posts"] = month.postIndices.map { post(post: plan.posts[$0], html: nil) }
        if index + 1 < plan.months.count { context["previous_month"] = monthLink(plan.months[index + 1]) }
        if index > 0 { context["next_month"] = monthLink(plan.months[index - 1]) }
        return context
    }

    func archive() -> [String: Any] {
        var context = page(title: settings.layout.archiveTitle, path: settings.layout.blog("archive.html"), description: "Every post on \(plan.settings.name), by month", flag: "is_archive")
        let zone = settings.timeZone
        context["years"] = plan.years.map { year -> [String: Any] in
            let months = year.monthIndices.map { index -> [String: Any] in
                let month = plan.months[index]
                var link = monthLink(month)
                link["name"] = TemplateText(settings.dates.monthName(month.key.month))
                link["count"] = TemplateText(String(month.postIndices.count))
                // Only what the archive shows: it lists every post, so each entry stays small.
                link["posts"] = month.postIndices.map { postIndex -> [String: Any] in
                    let post = plan.posts[postIndex]
                    let published = post.pubDate.civil(in: zone)
                    return [
                        "display_title": TemplateText(post.displayTitle),
                        "url": TemplateText(url(settings.layout.post(post.permalink))),
                        "date": TemplateText(settings.dates.date(published)),
                        "day_iso": TemplateText("\(published.year)-\(Permalink.twoDigits(published.month))-\(Permalink.twoDigits(published.day))"),
                    ]
                }
                return link
            }
            return ["year": TemplateText(String(year.year)), "url": TemplateText(url(year.folder)), "months": months]
        }
        context["post_count"] = TemplateText(String(plan.posts.count))
        return context
    }

    func page(at index: Int, html: String) -> [String: Any] {
        let page = plan.pages[index]
        let description = page.metadata["description"].flatMap { $0.isEmpty ? nil : CharacterReferences.decode($0) }
            ?? PlainText.truncate(page.excerpt, maxCharacters: 160)
        var context = self.page(title: page.title, path: settings.layout.page(page), description: description, flag: "is_page")
        context["page"] = [
            "title": TemplateText(page.title),
            "show_title": page.showsTitle,
            "content": TemplateText(html),
            "url": TemplateText(url(settings.layout.page(page))),
            "meta": page.metadata.dictionary(CharacterReferences.decode),
        ] as [String: Any]
        let absolute = settings.url + "/" + settings.layout.page(page)
        context["social"] = SocialCard(
            type: "website", title: page.title, url: absolute, description: description,
            image: SocialCard.image(metadata: page.metadata, html: html, pageURL: absolute, origin: settings.origin),
            siteName: settings.name
        ).context
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
            "categories_url": TemplateText(url(layout.blog("categories/"))),
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
            "date": TemplateText(settings.dates.date(published)),
            "date_iso": TemplateText(published.rfc3339),
            "has_mod_date": post.updated != nil,
            "categories": post.categories.map { name -> [String: Any] in
                var category: [String: Any] = ["name": TemplateText(name)]
                if let slug = plan.categorySlugs[name] { category["url"] = TemplateText(url(settings.layout.blog("categories/\(slug)/"))) }
                return category
            },
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
            context["mod_date"] = TemplateText(settings.dates.date(modified))
            context["mod_date_iso"] = TemplateText(modified.rfc3339)
        }
        return context
    }

    func neighbour(_ post: Post) -> [String: Any] {
        ["display_title": TemplateText(post.displayTitle), "url": TemplateText(url(settings.layout.post(post.permalink)))]
    }

    func monthLink(_ month: MonthArchive) -> [String: Any] {
        ["label": TemplateText(settings.dates.month(month.key)), "url": TemplateText(url(settings.layout.blog(month.key.folder)))]
    }

    /// A post in a list of titles (a year page): only what such a list shows.
    func listEntry(_ post: Post) -> [String: Any] {
        let published = post.pubDate.civil(in: settings.timeZone)
        return [
            "display_title": TemplateText(post.displayTitle),
            "url": TemplateText(url(settings.layout.post(post.permalink))),
            "date": TemplateText(settings.dates.date(published)),
            "date_iso": TemplateText(published.rfc3339),
            "is_link_post": post.link != nil,
            "is_draft": options.marksUnpublished && post.status == .draft,
            "is_future": options.marksUnpublished && post.pubDate > options.now,
        ]
    }

    func yearLink(_ year: YearArchive) -> [String: Any] {
        ["label": TemplateText(String(year.year)), "url": TemplateText(url(settings.layout.blog(year.folder)))]
    }

    /// A post on a list page: cut at its excerpt, if it has one, with `is_excerpt` set.
    func listPost(_ post: Post, html: String?) -> [String: Any] {
        guard let html, let excerpt = Excerpt.cut(html, summary: Excerpt.summary(of: post.metadata)) else {
            return self.post(post: post, html: html)
        }
        var context = self.post(post: post, html: excerpt)
        context["is_excerpt"] = true
        return context
    }

    func categoryContext(_ category: CategoryIndex) -> [String: Any] {
        [
            "name": TemplateText(category.name),
            "slug": TemplateText(category.slug),
            "url": TemplateText(url(settings.layout.blog(category.folder))),
            "count": TemplateText(String(category.postIndices.count)),
            "rss_url": TemplateText(url(settings.layout.blog(category.folder + "rss.xml"))),
            "json_feed_url": TemplateText(url(settings.layout.blog(category.folder + "feed.json"))),
        ]
    }

    /// Links to the neighbouring pages of a paginated list: `newer_url` (page − 1) and
    /// `older_url` (page + 1), each absent at its end.
    func pagination(folder: String, page: Int, count: Int) -> [String: Any] {
        var context: [String: Any] = [
            "page": TemplateText(String(page)),
            "page_count": TemplateText(String(count)),
            "is_paginated": count > 1,
        ]
        if page > 1 { context["newer_url"] = TemplateText(url(settings.layout.blog(Pagination.folder(folder, page: page - 1)))) }
        if page < count { context["older_url"] = TemplateText(url(settings.layout.blog(Pagination.folder(folder, page: page + 1)))) }
        return context
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
