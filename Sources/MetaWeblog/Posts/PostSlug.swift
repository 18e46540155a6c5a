import BakeKit

/// The file name of a new post: from `wp_slug` (or `mt_basename`), else the title, else the
/// first words of the text; lowercase ASCII words joined by `-`, or by `_` where the editor's
/// slug used `_`, and cut at a word boundary.
///
/// ```swift
/// PostSlug(requested: "Mark_All as Read", title: nil, body: "").text   // "mark_all-as-read"
/// PostSlug(requested: nil, title: "Crème brûlée!", body: "").text     // "creme-brulee"
/// PostSlug(requested: nil, title: "", body: "<p>Moved the last…").text // "moved-the-last"
/// ```
struct PostSlug: Sendable, Hashable {
    /// The longest slug, in characters.
    static let maxLength = 60
    /// How many words of the text make a slug for an untitled post.
    static let wordsFromBody = 6

    /// The slug; "post" when nothing gave one.
    let text: String

    init(requested: String?, title: String?, body: String?) {
        var slug = ""
        if let requested {
            slug = Self.fromRequested(requested)
        }
        if slug.isEmpty, let title {
            slug = Slug.make(from: title, maxLength: Self.maxLength)
        }
        if slug.isEmpty, let body {
            slug = Slug.make(from: Self.firstWords(of: body), maxLength: Self.maxLength)
        }
        text = slug.isEmpty ? "post" : slug
    }
}

private extension PostSlug {
    /// Keeps the editor's `_` between words; `Slug` makes each part.
    static func fromRequested(_ requested: String) -> String {
        var slug = ""
        for part in requested.split(separator: "_") {
            let piece = Slug.make(from: String(part), maxLength: maxLength)
            guard !piece.isEmpty else { continue }
            let next = slug.isEmpty ? piece : slug + "_" + piece
            guard next.count <= maxLength else {
                if slug.isEmpty { slug = piece }
                break
            }
            slug = next
        }
        return slug
    }

    /// The first words of a body, with HTML tags left out.
    static func firstWords(of body: String) -> String {
        var text = ""
        var inTag = false
        for character in body.prefix(2000) {
            if character == "<" {
                inTag = true
                text.append(" ")
            } else if character == ">" && inTag {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return text.split(whereSeparator: \.isWhitespace).prefix(wordsFromBody).joined(separator: " ")
    }
}
