import BakeKit

/// The `@key value` lines of a post file, in order, edited without losing any line the shim
/// does not understand.
///
/// ```swift
/// var header = PostHeader(metadata: parsed.metadata)
/// header.set("title", "New title")   // replaces @title where it stands
/// header.set("link", nil)            // removes @link
/// let text = PostFile(fields: header.fields, body: body).text
/// ```
struct PostHeader: Sendable, Hashable {
    /// One line.
    struct Field: Sendable, Hashable {
        let key: String
        let value: String
    }

    /// The lines, in file order.
    private(set) var lines: [Field]

    /// An empty header.
    init() {
        lines = []
    }

    /// The header of a parsed file.
    init(metadata: PostMetadata) {
        lines = metadata.fields.map { Field(key: $0.key, value: $0.value) }
    }

    /// The value of the last line with this key, as bake reads it.
    subscript(key: String) -> String? {
        lines.last { $0.key == key }?.value
    }

    /// The lines as `PostFile` takes them.
    var fields: [(key: String, value: String)] {
        lines.map { ($0.key, $0.value) }
    }

    /// Sets `key` to `value` where it first stands, dropping any repeats of it, or appends it;
    /// a nil or empty value removes the key.
    mutating func set(_ key: String, _ value: String?) {
        guard let value, !value.isEmpty else {
            lines.removeAll { $0.key == key }
            return
        }
        guard let first = lines.firstIndex(where: { $0.key == key }) else {
            lines.append(Field(key: key, value: value))
            return
        }
        lines[first] = Field(key: key, value: value)
        var index = lines.index(after: first)
        while index < lines.endIndex {
            if lines[index].key == key {
                lines.remove(at: index)
            } else {
                index = lines.index(after: index)
            }
        }
    }
}
