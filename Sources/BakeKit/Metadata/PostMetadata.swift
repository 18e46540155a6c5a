/// The `@key value` header of a file, in file order, with the line of each key.
public struct PostMetadata: Sendable, Hashable {
    /// One `@key value` line.
    public struct Field: Sendable, Hashable {
        public let key: String
        public let value: String
        /// The 1-based line the key is on.
        public let line: Int

        public init(key: String, value: String, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// Every field, in the order of the file.
    public let fields: [Field]

    public init(fields: [Field]) {
        self.fields = fields
    }

    /// The value of the last line with this key, if any.
    public subscript(key: String) -> String? {
        field(key)?.value
    }

    /// The last field with this key, if any.
    public func field(_ key: String) -> Field? {
        fields.last { $0.key == key }
    }

    /// The value of the last line with this key, if any.
    public subscript(key: HeaderKey) -> String? {
        field(key.name)?.value
    }

    /// The last field with this key, if any.
    public func field(_ key: HeaderKey) -> Field? {
        field(key.name)
    }

    /// The header with `key` set to `value` where it first stands, any repeats of it dropped,
    /// or appended; a nil or empty value removes the key. Every other line stays as it was,
    /// so an edit never loses a line bake does not know. Lines are numbered as the file
    /// `PostFile` writes from them will have them.
    ///
    /// ```swift
    /// metadata.setting(.title, to: "New title")   // replaces @title where it stands
    /// metadata.setting(.link, to: nil)            // removes @link
    /// ```
    public func setting(_ key: HeaderKey, to value: String?) -> PostMetadata {
        var pairs = fields.map { (key: $0.key, value: $0.value) }
        if let value, !value.isEmpty {
            if let first = pairs.firstIndex(where: { $0.key == key.name }) {
                pairs[first].value = value
                pairs = pairs.enumerated().filter { $0.offset <= first || $0.element.key != key.name }.map(\.element)
            } else {
                pairs.append((key.name, value))
            }
        } else {
            pairs.removeAll { $0.key == key.name }
        }
        return PostMetadata(fields: pairs.enumerated().map { Field(key: $1.key, value: $1.value, line: $0 + 1) })
    }

    /// The lines as `PostFile` writes them.
    public var pairs: [(key: String, value: String)] {
        fields.map { ($0.key, $0.value) }
    }

    /// Keys and values, the last one winning when a key repeats.
    public var dictionary: [String: String] {
        dictionary { $0 }
    }

    /// Keys and values made into something else, e.g. the values of a template context, in
    /// one pass; the last one wins when a key repeats.
    public func dictionary<Value>(_ transform: (String) -> Value) -> [String: Value] {
        var values: [String: Value] = [:]
        values.reserveCapacity(fields.count)
        for field in fields {
            values[field.key] = transform(field.value)
        }
        return values
    }
}
