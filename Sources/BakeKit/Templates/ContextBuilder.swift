/// Builds the Mustache contexts from each output's inputs: plain dictionaries, arrays,
/// `TemplateText`s and bools, so the templates never reach model types through reflection.
/// README.md lists every name.
///
/// It is given no plan: what a page shows comes from its `OutputInputs`, the site-wide
/// `SiteInputs`, and the posts and pages those name by path and content hash.
struct ContextBuilder: Sendable {
    let settings: SiteSettings
    let site: SiteInputs
    /// The posts inputs may name, by source path.
    let posts: [String: Post]
    /// The site's pages, in the order `PageInputs.index` counts.
    let pages: [Page]
    private let siteContext: SiteContext

    init(settings: SiteSettings, site: SiteInputs, posts: [String: Post], pages: [Page]) {
        self.settings = settings
        self.site = site
        self.posts = posts
        self.pages = pages
        self.siteContext = SiteContext(dictionary: Self.site(settings: settings, site: site))
    }

    /// A page of the home page's list: 1 is the home page itself, 2… its pages of older posts.
    func home(_ list: ListInputs, bodies: [String: String]) -> [String: Any] {
        let number = list.page
        var context = number == 1
            ? page(title: settings.layout.homeTitle, path: settings.layout.blog(""), description: settings.description, flag: "is_home")
            : page(title: "Older posts, page \(number)", path: settings.layout.blog(Pagination.folder("", page: number)), description: settings.description, flag: "is_home_page")
        context["posts"] = list.posts.map { listPost($0.value, html: bodies[$0.sourcePath]) }
        context["pagination"] = pagination(list)
        return context
    }

    /// A page of a category's list.
    func category(_ category: CategoryEntry, _ list: ListInputs, bodies: [String: String]) -> [String: Any] {
        let number = list.page
        let title = number == 1 ? category.name : "\(category.name), page \(number)"
        var context = page(title: title, path: settings.layout.blog(Pagination.folder(category.folder, page: number)),
                           description: "Posts in \(category.name) on \(settings.name)", flag: "is_category")
        context["category"] = categoryContext(category)
        context["posts"] = list.posts.map { listPost($0.value, html: bodies[$0.sourcePath]) }
        context["pagination"] = pagination(list)
        context["feeds"] = [
            ["title": TemplateText("\(settings.name): \(category.name) (RSS)"), "type": TemplateText("application/rss+xml"), "url": TemplateText(url(settings.layout.blog(category.folder + "rss.xml")))],
            ["title": TemplateText("\(settings.name): \(category.name) (JSON Feed)"), "type": TemplateText("application/feed+json"), "url": TemplateText(url(settings.layout.blog(category.folder + "feed.json")))],
        ]
        return context
    }

    /// The list of categories.
    func categories(_ categories: [CategoryEntry]) -> [String: Any] {
        var context = page(title: "Categories", path: settings.layout.blog("categories/"), description: "Every category on \(settings.name)", flag: "is_categories")
        context["categories"] = categories.map(categoryContext)
        context["category_count"] = TemplateText(String(categories.count))
        context["has_categories"] = !categories.isEmpty
        return context
    }

    /// A year: its months and their posts.
    func year(_ year: YearInputs) -> [String: Any] {
        let label = String(year.year)
        var context = page(title: label, path: settings.layout.blog("\(year.year)/"), description: "Posts from \(label)", flag: "is_year")
        context["year"] = TemplateText(label)
        context["months"] = year.months.map { month in
            var link = monthLink(month.key)
            link["name"] = TemplateText(settings.dates.monthName(month.key.month))
            link["posts"] = month.posts.map(listEntry)
            return link
        }
        context["post_count"] = TemplateText(String(year.months.reduce(0) { $0 + $1.posts.count }))
        if let previous = year.previous { context["previous_year"] = yearLink(previous) }
        if let next = year.next { context["next_year"] = yearLink(next) }
        return context
    }

    func post(_ inputs: PostInputs, html: String) -> [String: Any] {
        let post = self.post(inputs.post.value)
        let description = Excerpt.summary(of: post.metadata) ?? PlainText.truncate(post.excerpt, maxCharacters: 160)
        var context = page(title: post.displayTitle, path: settings.layout.post(post.permalink), description: description, flag: "is_post")
        context["post"] = self.post(post, inputs.post.value, html: html)
        let absolute = settings.url + "/" + settings.layout.post(post.permalink)
        context["social"] = SocialCard(
            type: "article", title: post.displayTitle, url: absolute, description: description,
            image: SocialCard.image(metadata: post.metadata, html: html, pageURL: absolute, origin: settings.origin),
            siteName: settings.name
        ).context
        if let previous = inputs.previous { context["previous"] = neighbour(previous.value) }
        if let next = inputs.next { context["next"] = neighbour(next.value) }
        return context
    }

    func month(_ month: MonthInputs) -> [String: Any] {
        let label = settings.dates.month(month.key)
        var context = page(title: label, path: settings.layout.blog(month.key.folder), description: "Posts from \(label)", flag: "is_month")
        context["month_label"] = TemplateText(label)
        context["year"] = TemplateText(String(month.key.year))
        context["month"] = TemplateText(Permalink.twoDigits(month.key.month))
        context["posts"] = month.posts.map { ref in post(post(ref.value), ref.value, html: nil) }
        if let previous = month.previous { context["previous_month"] = monthLink(previous) }
        if let next = month.next { context["next_month"] = monthLink(next) }
        return context
    }

    func archive(_ years: [ArchiveYear]) -> [String: Any] {
        var context = page(title: settings.layout.archiveTitle, path: settings.layout.blog("archive.html"), description: "Every post on \(settings.name), by month", flag: "is_archive")
        let zone = settings.timeZone
        var count = 0
        context["years"] = years.map { year -> [String: Any] in
            let months = year.months.map { month -> [String: Any] in
                var link = monthLink(month.key)
                link["name"] = TemplateText(settings.dates.monthName(month.key.month))
                link["count"] = TemplateText(String(month.posts.count))
                count += month.posts.count
                // Only what the archive shows: it lists every post, so each entry stays small.
                link["posts"] = month.posts.map { entry -> [String: Any] in
                    let published = Timestamp(seconds: entry.pubDate).civil(in: zone)
                    return [
                        "display_title": TemplateText(entry.title),
                        "url": TemplateText(url(entry.path)),
                        "date": TemplateText(settings.dates.date(published)),
                        "day_iso": TemplateText("\(published.year)-\(Permalink.twoDigits(published.month))-\(Permalink.twoDigits(published.day))"),
                    ]
                }
                return link
            }
            return ["year": TemplateText(String(year.year)), "url": TemplateText(url(settings.layout.blog("\(year.year)/"))), "months": months]
        }
        context["post_count"] = TemplateText(String(count))
        return context
    }

    func page(_ inputs: PageInputs, html: String) -> [String: Any] {
        let page = pages[inputs.index]
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
        var siteDictionary = siteContext.dictionary
        siteDictionary["pages"] = Self.navigation(site.navigation, current: inputs.index, url: url)
        context["site"] = siteDictionary
        return context
    }

    func notFound() -> [String: Any] {
        page(title: "Page not found", path: "404.html", description: "", flag: "is_not_found")
    }

    /// The post `ref` names.
    func post(_ ref: PostRef) -> Post {
        guard let post = posts[ref.sourcePath] else {
            preconditionFailure("\(ref.sourcePath) is in a page's inputs but not among the build's posts")
        }
        return post
    }
}

private extension ContextBuilder {
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

    static func site(settings: SiteSettings, site inputs: SiteInputs) -> [String: Any] {
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
            "stylesheet_url": TemplateText(url("style.css") + (inputs.stylesheetVersion.isEmpty ? "" : "?v=\(inputs.stylesheetVersion)")),
            "pages": navigation(inputs.navigation, current: nil, url: url),
            "meta": settings.metadata.dictionary(CharacterReferences.decode),
            "favicon_url": TemplateText(settings.metadata["favicon_url"].flatMap { $0.isEmpty ? nil : $0 } ?? url("favicon.svg")),
        ]
        if !layout.homeTitle.isEmpty {
            site["home_title"] = TemplateText(layout.homeTitle)
        }
        if let icon = settings.metadata["icon_url"], !icon.isEmpty {
            site["icon_url"] = TemplateText(icon)
        }
        if let year = inputs.newestYear {
            site["year"] = TemplateText(String(year))
        }
        if settings.xmlrpcURL != nil {
            site["rsd_url"] = TemplateText(settings.url + "/rsd.xml")
        }
        if let endpoints = EditingEndpoints(settings: settings) {
            site["micropub_url"] = TemplateText(endpoints.micropub)
            site["authorization_endpoint"] = TemplateText(endpoints.authorization)
            site["token_endpoint"] = TemplateText(endpoints.token)
            site["indieauth_metadata_url"] = TemplateText(endpoints.metadata)
        }
        return site
    }

    /// The pages for the site navigation, `is_current` on the one being rendered.
    static func navigation(_ pages: [PostLink], current: Int?, url: (String) -> String) -> [[String: Any]] {
        pages.enumerated().map { index, page in
            ["title": TemplateText(page.title), "url": TemplateText(url(page.path)), "is_current": index == current]
        }
    }

    /// `post`, which `ref` names, as a template shows it.
    func post(_ post: Post, _ ref: PostRef, html: String?) -> [String: Any] {
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
            "categories": zip(post.categories, ref.categorySlugs).map { name, slug -> [String: Any] in
                var category: [String: Any] = ["name": TemplateText(name)]
                if !slug.isEmpty { category["url"] = TemplateText(url(settings.layout.blog("categories/\(slug)/"))) }
                return category
            },
            "has_categories": !post.categories.isEmpty,
            "is_draft": site.marksUnpublished && post.status == .draft,
            "is_future": site.marksUnpublished && ref.isFuture,
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

    func neighbour(_ post: PostLink) -> [String: Any] {
        ["display_title": TemplateText(post.title), "url": TemplateText(url(post.path))]
    }

    func monthLink(_ month: MonthKey) -> [String: Any] {
        ["label": TemplateText(settings.dates.month(month)), "url": TemplateText(url(settings.layout.blog(month.folder)))]
    }

    /// A post in a list of titles (a year page): only what such a list shows.
    func listEntry(_ entry: TitleEntry) -> [String: Any] {
        let published = Timestamp(seconds: entry.pubDate).civil(in: settings.timeZone)
        return [
            "display_title": TemplateText(entry.title),
            "url": TemplateText(url(entry.path)),
            "date": TemplateText(settings.dates.date(published)),
            "date_iso": TemplateText(published.rfc3339),
            "is_link_post": entry.isLinkPost,
            "is_draft": site.marksUnpublished && entry.isDraft,
            "is_future": site.marksUnpublished && entry.isFuture,
        ]
    }

    func yearLink(_ year: Int) -> [String: Any] {
        ["label": TemplateText(String(year)), "url": TemplateText(url(settings.layout.blog("\(year)/")))]
    }

    /// A post on a list page: cut at its excerpt, if it has one, with `is_excerpt` set.
    func listPost(_ ref: PostRef, html: String?) -> [String: Any] {
        let post = self.post(ref)
        guard let html, let excerpt = Excerpt.cut(html, summary: Excerpt.summary(of: post.metadata)) else {
            return self.post(post, ref, html: html)
        }
        var context = self.post(post, ref, html: excerpt)
        context["is_excerpt"] = true
        return context
    }

    func categoryContext(_ category: CategoryEntry) -> [String: Any] {
        [
            "name": TemplateText(category.name),
            "slug": TemplateText(category.slug),
            "url": TemplateText(url(settings.layout.blog(category.folder))),
            "count": TemplateText(String(category.count)),
            "rss_url": TemplateText(url(settings.layout.blog(category.folder + "rss.xml"))),
            "json_feed_url": TemplateText(url(settings.layout.blog(category.folder + "feed.json"))),
        ]
    }

    /// Links to the neighbouring pages of a paginated list: `newer_url` (page − 1) and
    /// `older_url` (page + 1), each absent at its end.
    func pagination(_ list: ListInputs) -> [String: Any] {
        let (folder, page, count) = (list.folder, list.page, list.pageCount)
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
