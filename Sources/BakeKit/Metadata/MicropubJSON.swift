import Foundation

/// The values of a header line the Micropub shim keeps as JSON, `@micropub_<name> [values]`,
/// as far as a page shows them: each value's URL and alternative text.
///
/// A value is a string (`"https://…"`), an object with a `value` and maybe an `alt`
/// (`{"value": "https://…/a.jpg", "alt": "A cat"}`), or an embedded microformat such as an
/// `h-cite`, whose first `url` is taken.
///
/// ```swift
/// MicropubJSON.values(#"[{"value": "https://example.com/a.jpg", "alt": "A cat"}]"#)
/// // [MicropubJSON.Value(url: "https://example.com/a.jpg", alt: "A cat")]
/// ```
public enum MicropubJSON {
    /// One value of the line.
    public struct Value: Sendable, Hashable {
        /// The URL it names, when it names one.
        public let url: String?
        /// Its alternative text (`alt`), when it has one.
        public let alt: String?
    }

    /// The values of `text`, a JSON array; none when it is not one.
    public static func values(_ text: String) -> [Value] {
        guard let array = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) as? [Any] else { return [] }
        return array.map { element in
            if let string = element as? String { return Value(url: string, alt: nil) }
            guard let object = element as? [String: Any] else { return Value(url: nil, alt: nil) }
            let properties = object["properties"] as? [String: Any]
            let url = object["value"] as? String ?? (properties?["url"] as? [Any])?.first as? String
            return Value(url: url, alt: object["alt"] as? String)
        }
    }
}

public extension MicropubJSON {
    /// The photos a Micropub client sent with a post, those with an `http` or `https` URL.
    static func photos(in metadata: PostMetadata) -> [(url: WebURL, alt: String)] {
        guard let value = metadata[.micropubPhoto] else { return [] }
        return values(value).compactMap { value in
            value.url.flatMap(WebURL.init).map { ($0, value.alt ?? "") }
        }
    }
}
