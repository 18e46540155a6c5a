/// Micropub properties: names, each with an array of values, in the order first given.
struct MicropubProperties: Sendable, Hashable {
    private(set) var names: [String] = []
    private var values: [String: [JSONValue]] = [:]

    init() {}

    /// The values of `name`; setting nil or an empty array removes the property.
    subscript(name: String) -> [JSONValue]? {
        get { values[name] }
        set {
            guard let newValue, !newValue.isEmpty else {
                values[name] = nil
                names.removeAll { $0 == name }
                return
            }
            if values[name] == nil { names.append(name) }
            values[name] = newValue
        }
    }

    /// Every property, in order.
    var all: [(name: String, values: [JSONValue])] {
        names.map { ($0, values[$0]!) }
    }

    var isEmpty: Bool { names.isEmpty }

    /// The first value of `name` as text: a string, or an object's `value` (as in
    /// `{"value": "…", "alt": "…"}`).
    func text(_ name: String) -> String? {
        guard let first = values[name]?.first else { return nil }
        return Self.text(first)
    }

    /// The text of every value of `name` that has one.
    func texts(_ name: String) -> [String] {
        (values[name] ?? []).compactMap(Self.text)
    }

    /// The properties as a JSON object.
    var json: JSONValue {
        .object(values.mapValues(JSONValue.array))
    }

    /// Only the properties named in `selected`, when it names any.
    func selecting(_ selected: [String]) -> MicropubProperties {
        guard !selected.isEmpty else { return self }
        var result = MicropubProperties()
        for name in names where selected.contains(name) { result[name] = values[name] }
        return result
    }

    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .object(let members): members["value"]?.string
        default: nil
        }
    }

    /// The most properties (and commands) one request may set: far more than any post has,
    /// few enough that no request can hold the one writer for long.
    static let maxCount = 100

    /// Throws when a request sets more than `maxCount` properties and commands.
    static func checkCount(_ properties: MicropubProperties, _ commands: MicropubProperties = MicropubProperties()) throws(MicropubError) {
        let count = properties.names.count + commands.names.count
        guard count <= maxCount else {
            throw MicropubError(.invalidRequest("The request sets \(count) properties; expected at most \(maxCount)."))
        }
    }

    /// Throws unless `name` can be a property: lowercase letters, digits and `-`, 1 to 64 of
    /// them, as microformats name them (the file keeps extra properties in header keys).
    static func check(_ name: String) throws(MicropubError) {
        guard (1...64).contains(name.utf8.count),
              name.utf8.allSatisfy({ ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") })
        else {
            throw MicropubError(.invalidRequest("\"\(LogText.clipped(name))\" cannot be a property name; expected lowercase letters, digits and - (such as in-reply-to)."))
        }
    }
}
