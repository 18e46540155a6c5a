import Foundation

/// The `@categoryArray` header: category names separated by commas.
///
/// ```swift
/// CategoryList.names(in: "Swift, Writing")            // ["Swift", "Writing"]
/// CategoryList.headerValue(["Swift", "a, b", "Swift"])  // "Swift, a, b"
/// ```
enum CategoryList {
    /// The names in a header value, trimmed, without empty ones.
    static func names(in header: String?) -> [String] {
        normalized((header ?? "").split(separator: ",").map(String.init))
    }

    /// Names as the header can hold them: each trimmed, a name with commas split in two (the
    /// header separates names with commas), empty names and repeats dropped, order kept.
    static func normalized(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for name in names {
            for part in name.split(separator: ",") {
                let trimmed = part.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty, seen.insert(trimmed).inserted {
                    result.append(trimmed)
                }
            }
        }
        return result
    }

    /// The header value for `names`, or nil for none (the header line is then left out).
    static func headerValue(_ names: [String]) -> String? {
        let names = normalized(names)
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }
}
