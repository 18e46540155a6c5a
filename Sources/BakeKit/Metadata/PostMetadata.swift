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
