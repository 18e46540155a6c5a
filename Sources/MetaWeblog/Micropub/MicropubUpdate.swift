/// A JSON `update`: properties replaced, values added, and properties or values deleted,
/// applied in that order, as the spec lists them.
///
/// ```json
/// {"action": "update", "url": "…", "replace": {"content": ["New"]}, "add": {"category": ["b"]}, "delete": ["summary"]}
/// ```
struct MicropubUpdate: Sendable, Hashable {
    var replace = MicropubProperties()
    var add = MicropubProperties()
    /// Whole properties to remove.
    var deleteProperties: [String] = []
    /// Single values to remove.
    var deleteValues = MicropubProperties()

    init() {}

    /// Reads `replace`, `add` and `delete`; each must be of the shape the spec gives.
    init(json: [String: JSONValue]) throws(MicropubError) {
        replace = try Self.properties(json["replace"], "replace")
        add = try Self.properties(json["add"], "add")
        switch json["delete"] {
        case nil:
            break
        case .array(let names)?:
            for name in names {
                guard let text = name.string else { throw MicropubError(.invalidRequest("delete lists a property name that is not a string.")) }
                deleteProperties.append(text)
            }
        case .object?:
            deleteValues = try Self.properties(json["delete"], "delete")
        default:
            throw MicropubError(.invalidRequest("delete is neither an array of property names nor an object of values to remove."))
        }
        guard !replace.isEmpty || !add.isEmpty || !deleteProperties.isEmpty || !deleteValues.isEmpty else {
            throw MicropubError(.invalidRequest("The update has no replace, add or delete."))
        }
    }

    /// `properties` with this update applied.
    func applied(to properties: MicropubProperties) -> MicropubProperties {
        var result = properties
        for (name, values) in replace.all { result[name] = values }
        for (name, values) in add.all { result[name] = (result[name] ?? []) + values }
        for name in deleteProperties { result[name] = nil }
        for (name, values) in deleteValues.all {
            guard let existing = result[name] else { continue }
            let kept = existing.filter { !values.contains($0) }
            result[name] = kept.isEmpty ? nil : kept
        }
        return result
    }
}

private extension MicropubUpdate {
    static func properties(_ value: JSONValue?, _ operation: String) throws(MicropubError) -> MicropubProperties {
        guard let value else { return MicropubProperties() }
        guard let members = value.object else {
            throw MicropubError(.invalidRequest("\(operation) is not an object; expected {\"property\": [values]}."))
        }
        var properties = MicropubProperties()
        for (name, values) in members.sorted(by: { $0.key < $1.key }) {
            guard let array = values.array else {
                throw MicropubError(.invalidRequest("\(operation) gives \(LogText.clipped(name)) a value that is not an array; expected [values]."))
            }
            try MicropubProperties.check(name)
            properties[name] = array
        }
        try MicropubProperties.checkCount(properties)
        return properties
    }
}
