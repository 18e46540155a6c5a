import Foundation

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
        // Only a marker on a line of its own: one inside a paragraph would cut it open. The
        // byte search first: most posts have no marker, and Foundation's search is slow on Linux.
        guard html.utf8.containsBytes(of: marker) else {
            return summary.flatMap { $0.isEmpty ? nil : "<p>" + MarkupEscaping.html($0) + "</p>\n" }
        }
        var searchStart = html.startIndex
        while let range = html.range(of: marker, range: searchStart..<html.endIndex) {
            if range.lowerBound == html.startIndex || html[html.index(before: range.lowerBound)] == "\n" {
                return String(html[..<range.lowerBound])
            }
            searchStart = range.upperBound
        }
        if let summary, !summary.isEmpty {
            return "<p>" + MarkupEscaping.html(summary) + "</p>\n"
        }
        return nil
    }

    /// The post's `@summary`, its character references decoded, or nil.
    public static func summary(of metadata: PostMetadata) -> String? {
        guard let value = metadata["summary"], !value.isEmpty else { return nil }
        return CharacterReferences.decode(value)
    }
}
