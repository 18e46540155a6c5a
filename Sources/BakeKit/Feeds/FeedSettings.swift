/// What the feeds say about the site beyond its name: Wildcat's `feed_*` settings and the
/// podcast's channel settings.
public struct FeedSettings: Sendable, Hashable {
    /// The feeds' title (`@feed_title`), else the site's name.
    public let title: String
    /// The author's home page, for JSON Feed's `authors` (`@feed_author_url`).
    public let authorURL: String?
    /// The author's picture, for JSON Feed's `authors` (`@feed_author_avatar_url`).
    public let authorAvatarURL: String?
    /// The picture of every item without its own `@mediaThumbnail` (`@feed_media_thumbnail`).
    public let mediaThumbnail: String?
    /// The show's settings, used when the feed has an episode.
    public let show: PodcastShow

    init(metadata: PostMetadata, name: String, author: String, absolute: (String) -> String, errors: inout [MetadataError]) {
        func value(_ key: String) -> String? {
            metadata[key].flatMap { $0.isEmpty ? nil : $0 }
        }
        title = value("feed_title").map(CharacterReferences.decode) ?? name
        authorURL = value("feed_author_url").map(absolute)
        authorAvatarURL = value("feed_author_avatar_url").map(absolute)
        mediaThumbnail = value("feed_media_thumbnail").map(absolute)
        var explicit = false
        if let field = metadata.field("itunes_explicit") {
            if let flag = SiteSettings.flag(field.value) {
                explicit = flag
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: "itunes_explicit", value: field.value, expected: "true or false")))
            }
        }
        let ownerName = value("itunes_owner_name").map(CharacterReferences.decode) ?? author
        show = PodcastShow(
            author: value("itunes_author").map(CharacterReferences.decode) ?? author,
            ownerName: ownerName,
            ownerEmail: value("itunes_owner_email"),
            image: value("itunes_image").map(absolute) ?? mediaThumbnail,
            category: value("itunes_category").map(CharacterReferences.decode),
            subcategory: value("itunes_subcategory").map(CharacterReferences.decode),
            explicit: explicit
        )
    }
}
