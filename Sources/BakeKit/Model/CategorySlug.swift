/// The URL names of categories, deterministic and collision-free.
///
/// A name becomes lowercase ASCII words joined by `-`, diacritics folded, with `+` read as
/// "plus", `#` as "sharp" and `&` as "and" (`C++` → `c-plus-plus`, `Café` → `cafe`). When
/// several names make the same slug, they take turns in Unicode code-point order: the first
/// keeps it, the next gets `-2`, then `-3` (`Café` → `cafe`, `cafe` → `cafe-2`: capitals first). A name with
/// no letters or digits becomes `category`.
///
/// ```swift
/// CategorySlug.slugs(for: ["C", "C++", "Café", "cafe"])
/// // ["C": "c", "C++": "c-plus-plus", "Café": "cafe", "cafe": "cafe-2"]
/// ```
public enum CategorySlug {
    /// The slug of every name; names are compared exactly.
    public static func slugs(for names: some Sequence<String>) -> [String: String] {
        let sorted = Set(names).sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
        var taken: Set<String> = []
        var slugs: [String: String] = [:]
        for name in sorted {
            let slug = Slug.unique(base(name), taken: taken)
            taken.insert(slug)
            slugs[name] = slug
        }
        return slugs
    }

    /// The slug before collisions are settled.
    static func base(_ name: String) -> String {
        var spelled = ""
        for character in name {
            switch character {
            case "+": spelled += " plus "
            case "#": spelled += " sharp "
            case "&": spelled += " and "
            default: spelled.append(character)
            }
        }
        let slug = Slug.make(from: spelled, maxLength: 80)
        return slug.isEmpty ? "category" : slug
    }
}
