import Foundation

/// What a post can answer on another site: a reply, a like, a repost or a bookmark, each a
/// header of one or more URLs separated by commas (`@in_reply_to https://example.com/post`).
/// Micropub names them `in-reply-to`, `like-of`, `repost-of` and `bookmark-of`; the default
/// theme marks them up as microformats2 (`u-in-reply-to` …).
///
/// The shim once kept them as JSON, `@micropub_in_reply_to ["https://…"]`; a post without the
/// header is read from that line.
///
/// ```swift
/// // @in_reply_to https://example.com/2014/03/31/hello.html
/// ResponseKind.inReplyTo.urls(in: metadata)   // [WebURL("https://example.com/2014/03/31/hello.html")]
/// ResponseKind.inReplyTo.property             // "in-reply-to"
/// ```
public enum ResponseKind: Sendable, CaseIterable {
    case inReplyTo
    case likeOf
    case repostOf
    case bookmarkOf

    /// Its header line.
    public var header: HeaderKey {
        switch self {
        case .inReplyTo: .inReplyTo
        case .likeOf: .likeOf
        case .repostOf: .repostOf
        case .bookmarkOf: .bookmarkOf
        }
    }

    /// The header key, without `@`.
    public var key: String { header.name }

    /// The Micropub (and microformats2) property, e.g. `in-reply-to`.
    public var property: String { key.replacingOccurrences(of: "_", with: "-") }

    /// The header the shim kept it in before, its values as JSON.
    public var legacyKey: String { header.olderNames.first ?? key }

    /// The URLs of this kind a post's header names: its own header, else the older JSON line.
    /// A value that is not a list of `http` or `https` URLs gives none (`problems` reports it).
    public func urls(in metadata: PostMetadata) -> [WebURL] {
        if let value = metadata[header] {
            return Self.read(value) ?? []
        }
        guard let legacy = metadata[legacyKey] else { return [] }
        return MicropubJSON.values(legacy).compactMap { $0.url.flatMap(WebURL.init) }
    }

    /// The URLs of a header value as a build reads them: references decoded, then a
    /// comma-separated list of `http` or `https` URLs; nil when any part is not one. The one
    /// check for these values, both when bake builds and before the shim writes one.
    public static func read(_ value: String) -> [WebURL]? {
        WebURL.list(CharacterReferences.decode(value))
    }

    /// What is wrong with a post's response headers, each with its line.
    public static func problems(in metadata: PostMetadata) -> [MetadataError] {
        allCases.compactMap { kind in
            guard let field = metadata.field(kind.header), read(field.value) == nil else { return nil }
            return MetadataError(line: field.line, reason: .invalidValue(
                key: kind.key, value: field.value, expected: "http or https URLs separated by commas, such as https://example.com/2014/03/31/hello.html"
            ))
        }
    }
}
