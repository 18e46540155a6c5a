/// A post as a template shows it: `post` on its own page, each of `posts` on a list.
final class PostContext {
    let title: String
    let displayTitle: String
    let url: String
    let absoluteURL: String
    let isLinkPost: Bool
    let date: String
    let dateISO: String
    let categories: [PostCategoryContext]
    let isDraft: Bool
    let isFuture: Bool
    let meta: [String: String]
    let slug: String
    let link: String?
    let episode: EpisodeContext?
    /// The body, or on a list its excerpt; nil where a page shows no bodies (a month).
    let content: String?
    let isExcerpt: Bool
    let modDate: String?
    let modDateISO: String?
    /// What the post answers on other sites, by kind (`in_reply_to` …).
    let responses: [ResponseKind: [LabelLinkContext]]
    /// The photos a Micropub client sent with it.
    let photos: [PhotoContext]

    init(post: Post, ref: PostRef, content: String?, isExcerpt: Bool, settings: SiteSettings, paths: SitePaths, marksUnpublished: Bool) {
        let zone = settings.timeZone
        let published = post.pubDate.civil(in: zone)
        title = post.title
        displayTitle = post.displayTitle
        let path = paths.post(post.permalink)
        url = paths.url(path)
        absoluteURL = paths.absoluteURL(path)
        isLinkPost = post.link != nil
        date = settings.dates.date(published)
        dateISO = published.rfc3339
        categories = zip(post.categories, ref.categorySlugs).map { name, slug in
            PostCategoryContext(name: name, url: slug.isEmpty ? nil : paths.url(paths.category(slug)))
        }
        isDraft = marksUnpublished && post.status == .draft
        isFuture = marksUnpublished && ref.isFuture
        meta = post.metadata.dictionary(CharacterReferences.decode)
        slug = post.permalink.slug
        link = post.link
        // The player loads the file as written, so that preview plays the local copy.
        episode = Episode(metadata: post.metadata, absolute: { $0 }).map(EpisodeContext.init)
        self.content = content
        self.isExcerpt = isExcerpt
        if let modDate = post.updated {
            let modified = modDate.civil(in: zone)
            self.modDate = settings.dates.date(modified)
            modDateISO = modified.rfc3339
        } else {
            modDate = nil
            modDateISO = nil
        }
        var responses: [ResponseKind: [LabelLinkContext]] = [:]
        for kind in ResponseKind.allCases {
            let urls = kind.urls(in: post.metadata)
            if !urls.isEmpty { responses[kind] = urls.map(LabelLinkContext.init) }
        }
        self.responses = responses
        photos = MicropubJSON.photos(in: post.metadata).map { PhotoContext(url: $0.url.text, alt: $0.alt) }
    }

    static let type: ContextType = {
        var fields = ContextFields<PostContext>()
        fields.text("title") { $0.title }
        fields.bool("has_title") { !$0.title.isEmpty }
        fields.text("display_title") { $0.displayTitle }
        fields.text("url") { $0.url }
        fields.text("absolute_url") { $0.absoluteURL }
        fields.bool("is_link_post") { $0.isLinkPost }
        fields.text("date") { $0.date }
        fields.text("date_iso") { $0.dateISO }
        fields.bool("has_mod_date") { $0.modDate != nil }
        fields.list("categories", PostCategoryContext.type, always: { TemplateList($0.categories) })
        fields.bool("has_categories") { !$0.categories.isEmpty }
        fields.bool("is_draft") { $0.isDraft }
        fields.bool("is_future") { $0.isFuture }
        fields.map("meta") { $0.meta }
        fields.text("slug") { $0.slug }
        fields.text("link") { $0.link }
        fields.object("episode", EpisodeContext.type) { $0.episode }
        fields.text("content") { $0.content }
        fields.flag("is_excerpt") { $0.isExcerpt }
        fields.text("mod_date") { $0.modDate }
        fields.text("mod_date_iso") { $0.modDateISO }
        for kind in ResponseKind.allCases {
            fields.list(kind.key, LabelLinkContext.type, always: { TemplateList($0.responses[kind] ?? []) })
        }
        fields.list("photos", PhotoContext.type, always: { TemplateList($0.photos) })
        return ContextType(noun: "a post", plural: "posts", hasEntryKeys: true, fields: fields.fields)
    }()
}

/// One of a post's `categories`: its name, and its page's URL unless its name makes no slug.
final class PostCategoryContext: Sendable {
    let name: String
    let url: String?

    init(name: String, url: String?) {
        self.name = name
        self.url = url
    }

    static let type: ContextType = {
        var fields = ContextFields<PostCategoryContext>()
        fields.text("name") { $0.name }
        fields.text("url") { $0.url }
        return ContextType(noun: "a post's category", plural: "a post's categories", fields: fields.fields)
    }()
}

/// A post's podcast `episode`, for the player.
final class EpisodeContext: Sendable {
    let url: String
    let type: String
    let isAudio: Bool

    init(_ episode: Episode) {
        url = episode.url
        type = episode.type
        isAudio = episode.isAudio
    }

    static let type: ContextType = {
        var fields = ContextFields<EpisodeContext>()
        fields.text("url") { $0.url }
        fields.text("type") { $0.type }
        fields.bool("is_audio") { $0.isAudio }
        return ContextType(noun: "an episode", plural: "episodes", fields: fields.fields)
    }()
}

/// One of a post's `photos`.
final class PhotoContext: Sendable {
    let url: String
    let alt: String

    init(url: String, alt: String) {
        self.url = url
        self.alt = alt
    }

    static let type: ContextType = {
        var fields = ContextFields<PhotoContext>()
        fields.text("url") { $0.url }
        fields.text("alt") { $0.alt }
        return ContextType(noun: "a photo", plural: "photos", fields: fields.fields)
    }()
}
