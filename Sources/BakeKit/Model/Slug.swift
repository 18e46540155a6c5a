/// File names for new posts: lowercase ASCII words joined by `-`, cut at a word boundary.
///
/// ```swift
/// Slug.make(from: "Mark All as Read!")     // "mark-all-as-read"
/// Slug.make(from: "Crème brûlée 🍮")       // "creme-brulee"
/// Slug.unique("hello", taken: ["hello"])  // "hello-2"
/// ```
public enum Slug {
    /// The slug for `text`, at most `maxLength` characters; "" if no letters or digits remain.
    public static func make(from text: String, maxLength: Int = 60) -> String {
        var words: [String] = []
        var current = ""
        // Folding diacritics keeps "crème" readable as "creme" instead of dropping letters.
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        for scalar in folded.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "’" {
                continue
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var slug = ""
        for word in words {
            let next = slug.isEmpty ? word : slug + "-" + word
            if next.count > maxLength {
                if slug.isEmpty { slug = String(word.prefix(maxLength)) }
                break
            }
            slug = next
        }
        return slug
    }

    /// `slug`, or `slug-2`, `slug-3` … whichever is not in `taken`.
    public static func unique(_ slug: String, taken: Set<String>) -> String {
        guard taken.contains(slug) else { return slug }
        var number = 2
        while taken.contains("\(slug)-\(number)") { number += 1 }
        return "\(slug)-\(number)"
    }
}

import Foundation
