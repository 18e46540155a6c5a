/// A podcast's channel: what Apple Podcasts asks of a show, from `site.settings`.
public struct PodcastShow: Sendable, Hashable {
    /// `@itunes_author`, else `@author`.
    public let author: String
    /// `@itunes_owner_name`, else `@author`.
    public let ownerName: String
    /// `@itunes_owner_email`.
    public let ownerEmail: String?
    /// The show's square artwork, `@itunes_image`, else `@feed_media_thumbnail`.
    public let image: String?
    /// `@itunes_category`, one of Apple's categories such as `Technology`.
    public let category: String?
    /// `@itunes_subcategory`, e.g. `Tech News` under `Technology`.
    public let subcategory: String?
    /// `@itunes_explicit`.
    public let explicit: Bool
}

extension PodcastShow {
    /// A warning for each channel tag Apple Podcasts requires of a show that `site.settings`
    /// does not supply, naming the setting that does; for a blog whose feeds hold an episode.
    ///
    /// ```swift
    /// PodcastShow.warnings(for: settings)
    /// // site.settings: warning: the feeds hold podcast episodes, and Apple Podcasts requires the show's
    /// //   category (<itunes:category>), which no setting gives; expected one of Apple's categories, e.g. `@itunes_category Technology`
    /// ```
    public static func warnings(for settings: SiteSettings, path: String = "site.settings") -> [Diagnostic] {
        var missing: [(what: String, outcome: String, expected: String)] = []
        if settings.feed.show.image == nil {
            missing.append(("artwork (<itunes:image>)", "which no setting gives", "`@itunes_image /artwork.jpg`, a square JPEG or PNG of 1400 to 3000 pixels"))
        }
        if settings.feed.show.category == nil {
            missing.append(("category (<itunes:category>)", "which no setting gives", "one of Apple's categories, e.g. `@itunes_category Technology`"))
        }
        if !settings.isGiven(SettingKey.language.key) {
            missing.append(("language (<language>)", "which bake writes as `\(settings.language)` since no setting gives it", "e.g. `@language en`"))
        }
        if !settings.isGiven(SettingKey.itunesExplicit.key) {
            missing.append(("explicit flag (<itunes:explicit>)", "which bake writes as `false` since no setting gives it", "`@itunes_explicit false` or `true`"))
        }
        return missing.map {
            Diagnostic(path: path, line: nil, message: "warning: the feeds hold podcast episodes, and Apple Podcasts requires the show's \($0.what), \($0.outcome); expected \($0.expected)")
        }
    }
}

/// A post with an `@enclosure`: a podcast episode.
///
/// ```swift
/// // @enclosure /media/ep1.mp3, @enclosureLength 1234, @itunesDuration 1:02:03
/// let episode = Episode(post: post, absolute: absolute)
/// episode?.type             // "audio/mpeg", from the extension when @enclosureType is not set
/// episode?.durationSeconds  // 3723
/// ```
public struct Episode: Sendable, Hashable {
    /// The media file, absolute.
    public let url: String
    /// Its MIME type: `@enclosureType`, else guessed from the file's extension.
    public let type: String
    /// Its size in bytes, `@enclosureLength`; 0 when unknown.
    public let length: Int
    /// `@itunesDuration` as written, when it reads as seconds, `MM:SS` or `HH:MM:SS`.
    public let duration: String?
    public let durationSeconds: Int?
    public let subtitle: String?
    public let summary: String?
    /// `@itunesExplicit`, nil when the post does not say.
    public let explicit: Bool?
    /// `@mediaThumbnail`, absolute.
    public let thumbnail: String?

    public init?(metadata: PostMetadata, absolute: (String) -> String) {
        func value(_ key: HeaderKey) -> String? {
            metadata[key].flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let enclosure = value(.enclosure) else { return nil }
        url = absolute(enclosure)
        type = value(.enclosureType) ?? Self.type(of: enclosure)
        length = value(.enclosureLength).flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } ?? 0
        durationSeconds = value(.itunesDuration).flatMap(Self.seconds)
        duration = durationSeconds == nil ? nil : value(.itunesDuration)
        subtitle = value(.itunesItemSubtitle).map(CharacterReferences.decode)
        summary = value(.itunesItemSummary).map(CharacterReferences.decode)
        explicit = value(.itunesExplicit).flatMap { $0.lowercased() == "clean" ? false : SettingKey.flag($0) }
        thumbnail = value(.mediaThumbnail).map(absolute)
    }

    /// What is wrong with a post's podcast headers, each with its line.
    public static func problems(in metadata: PostMetadata) -> [MetadataError] {
        var errors: [MetadataError] = []
        if let field = metadata.field(.enclosureLength), !field.value.isEmpty, Int(field.value).map({ $0 < 0 }) ?? true {
            errors.append(MetadataError(line: field.line, reason: .invalidValue(key: HeaderKey.enclosureLength.name, value: field.value, expected: "the file's size in bytes, such as 12345678")))
        }
        if let field = metadata.field(.itunesDuration), !field.value.isEmpty, seconds(field.value) == nil {
            errors.append(MetadataError(line: field.line, reason: .invalidValue(key: HeaderKey.itunesDuration.name, value: field.value, expected: "seconds, MM:SS or HH:MM:SS, such as 1:02:03")))
        }
        if let field = metadata.field(.itunesExplicit), !field.value.isEmpty, field.value.lowercased() != "clean", SettingKey.flag(field.value) == nil {
            errors.append(MetadataError(line: field.line, reason: .invalidValue(key: HeaderKey.itunesExplicit.name, value: field.value, expected: "true or false")))
        }
        return errors
    }

    /// Seconds from `3723`, `62:03` or `1:02:03`; nil for anything else.
    static func seconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        // A header of absurd hours is a mistake to report, not an overflow to trap on.
        var total = 0
        for number in numbers {
            let (shifted, overflowA) = total.multipliedReportingOverflow(by: 60)
            let (sum, overflowB) = shifted.addingReportingOverflow(number)
            guard !overflowA, !overflowB else { return nil }
            total = sum
        }
        return total
    }

    /// The MIME type of a media file, from its extension.
    static func type(of url: String) -> String {
        let path = url.split(separator: "?").first.map(String.init) ?? url
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return switch ext {
        case "mp3": "audio/mpeg"
        case "m4a": "audio/x-m4a"
        case "aac": "audio/aac"
        case "ogg", "oga": "audio/ogg"
        case "opus": "audio/opus"
        case "wav": "audio/wav"
        case "flac": "audio/flac"
        case "mp4", "m4v": "video/mp4"
        case "mov": "video/quicktime"
        case "webm": "video/webm"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }

    /// Whether a browser plays it in `<audio>` rather than `<video>`.
    public var isAudio: Bool { type.hasPrefix("audio/") }
}

/// The podcast elements of the RSS feed: Apple's `itunes:` namespace and the enclosure.
enum PodcastXML {
    static let namespace = "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\""
    static let mediaNamespace = "xmlns:media=\"http://search.yahoo.com/mrss/\""

    /// The show's elements, inside `<channel>`.
    static func channel(_ show: PodcastShow, summary: String) -> String {
        var xml = ""
        if !show.author.isEmpty { xml += "<itunes:author>\(MarkupEscaping.xml(show.author))</itunes:author>\n" }
        if !summary.isEmpty { xml += "<itunes:summary>\(MarkupEscaping.xml(summary))</itunes:summary>\n" }
        // The W3C feed validator rejects an owner without an email (MissingElement).
        if let email = show.ownerEmail {
            xml += "<itunes:owner>\n"
            if !show.ownerName.isEmpty { xml += "<itunes:name>\(MarkupEscaping.xml(show.ownerName))</itunes:name>\n" }
            xml += "<itunes:email>\(MarkupEscaping.xml(email))</itunes:email>\n"
            xml += "</itunes:owner>\n"
        }
        if let image = show.image { xml += "<itunes:image href=\"\(MarkupEscaping.xml(image))\"/>\n" }
        if let category = show.category {
            if let subcategory = show.subcategory {
                xml += "<itunes:category text=\"\(MarkupEscaping.xml(category))\">\n<itunes:category text=\"\(MarkupEscaping.xml(subcategory))\"/>\n</itunes:category>\n"
            } else {
                xml += "<itunes:category text=\"\(MarkupEscaping.xml(category))\"/>\n"
            }
        }
        xml += "<itunes:explicit>\(show.explicit ? "true" : "false")</itunes:explicit>\n"
        return xml
    }

    /// An episode's elements, inside its `<item>`.
    static func item(_ episode: Episode) -> String {
        var xml = "<enclosure url=\"\(MarkupEscaping.xml(episode.url))\" length=\"\(episode.length)\" type=\"\(MarkupEscaping.xml(episode.type))\"/>\n"
        if let duration = episode.duration { xml += "<itunes:duration>\(MarkupEscaping.xml(duration))</itunes:duration>\n" }
        if let subtitle = episode.subtitle { xml += "<itunes:subtitle>\(MarkupEscaping.xml(subtitle))</itunes:subtitle>\n" }
        if let summary = episode.summary { xml += "<itunes:summary>\(MarkupEscaping.xml(summary))</itunes:summary>\n" }
        if let explicit = episode.explicit { xml += "<itunes:explicit>\(explicit ? "true" : "false")</itunes:explicit>\n" }
        if let image = episode.thumbnail { xml += "<itunes:image href=\"\(MarkupEscaping.xml(image))\"/>\n" }
        return xml
    }
}
