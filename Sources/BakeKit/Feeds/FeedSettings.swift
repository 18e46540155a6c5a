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
        func value(_ key: SettingKey) -> String? {
            metadata[key.name].flatMap { $0.isEmpty ? nil : $0 }
        }
        title = value(.feedTitle).map(CharacterReferences.decode) ?? name
        authorURL = value(.feedAuthorURL).map(absolute)
        authorAvatarURL = value(.feedAuthorAvatarURL).map(absolute)
        mediaThumbnail = value(.feedMediaThumbnail).map(absolute)
        var explicit = false
        let key = SettingKey.itunesExplicit
        if let field = metadata.field(key.name), !field.value.isEmpty {
            if let flag = SettingKey.flag(field.value) {
                explicit = flag
            } else {
                errors.append(MetadataError(line: field.line, reason: .invalidValue(key: key.name, value: field.value, expected: key.expected)))
            }
        }
        let ownerName = value(.itunesOwnerName).map(CharacterReferences.decode) ?? author
        show = PodcastShow(
            author: value(.itunesAuthor).map(CharacterReferences.decode) ?? author,
            ownerName: ownerName,
            ownerEmail: value(.itunesOwnerEmail),
            image: value(.itunesImage).map(absolute) ?? mediaThumbnail,
            category: value(.itunesCategory).map(CharacterReferences.decode),
            subcategory: value(.itunesSubcategory).map(CharacterReferences.decode),
            explicit: explicit
        )
    }
}
