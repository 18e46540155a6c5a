import XMLRPC

/// Values as fault messages name them.
extension XMLRPCValue {
    /// The type as a fault message names it, e.g. "an int".
    var typeDescription: String {
        switch self {
        case .int: "an int"
        case .bool: "a boolean"
        case .string: "a string"
        case .double: "a double"
        case .dateTime: "a dateTime.iso8601"
        case .base64: "base64"
        case .struct: "a struct"
        case .array: "an array"
        case .nil: "nil"
        }
    }

    /// The value for a fault message: short text quoted, anything else by type.
    var shortDescription: String {
        switch self {
        case .string(let text): text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
        case .int(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        default: typeDescription
        }
    }
}
