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

    /// Reads the feed and podcast settings, each through its declaration; those that fall
    /// back to another setting (`@feed_title` to the site's name …) do so here.
    init(settings: inout SettingReader, name: String, author: String, absolute: (String) -> String) {
        title = settings.read(SettingKey.feedTitle) ?? name
        authorURL = settings.read(SettingKey.feedAuthorURL).map(absolute)
        authorAvatarURL = settings.read(SettingKey.feedAuthorAvatarURL).map(absolute)
        mediaThumbnail = settings.read(SettingKey.feedMediaThumbnail).map(absolute)
        let explicit = settings.read(SettingKey.itunesExplicit)
        show = PodcastShow(
            author: settings.read(SettingKey.itunesAuthor) ?? author,
            ownerName: settings.read(SettingKey.itunesOwnerName) ?? author,
            ownerEmail: settings.read(SettingKey.itunesOwnerEmail),
            image: settings.read(SettingKey.itunesImage).map(absolute) ?? mediaThumbnail,
            category: settings.read(SettingKey.itunesCategory),
            subcategory: settings.read(SettingKey.itunesSubcategory),
            explicit: explicit
        )
    }
}
