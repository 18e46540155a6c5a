/// The part of a post that list pages show: what comes before a `<!--more-->` line, or the
/// post's `@summary` (decoded text) as a paragraph. A post with neither is shown in full.
///
/// ```swift
/// Excerpt.cut("<p>One</p>\n<!--more-->\n<p>Two</p>\n", summary: nil)   // "<p>One</p>\n"
/// ```
public enum Excerpt {
    /// The marker, on a line of its own in the body.
    public static let marker = "<!--more-->"

    /// The excerpt HTML of a body, or nil when the post has no excerpt and shows in full.
    public static func cut(_ html: String, summary: String?) -> String? {
        // Only a marker on a line of its own: one inside a paragraph would cut it open. A byte
        // search, as every list page asks of every post it shows.
        let bytes = html.utf8
        var start = 0
        while let offset = bytes.firstOffset(of: marker, from: start) {
            let index = bytes.index(bytes.startIndex, offsetBy: offset)
            if offset == 0 || bytes[bytes.index(before: index)] == UInt8(ascii: "\n") {
                return String(html[..<index])
            }
            start = offset + marker.utf8.count
        }
        if let summary, !summary.isEmpty {
            return "<p>" + MarkupEscaping.html(summary) + "</p>\n"
        }
        return nil
    }

    /// The post's `@summary`, its character references decoded, or nil.
    public static func summary(of metadata: PostMetadata) -> String? {
        guard let value = metadata[.summary], !value.isEmpty else { return nil }
        return CharacterReferences.decode(value)
    }
}
