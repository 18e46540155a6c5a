import Foundation

/// Typed views of a value, each nil when the value is of another type.
///
/// No accessor converts between types: `.int(1).boolValue` is nil.
public extension XMLRPCValue {
    /// The text of a `.string`.
    var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The number in an `.int`.
    var intValue: Int? {
        if case .int(let value) = self { value } else { nil }
    }

    /// The flag in a `.bool`.
    var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The number in a `.double`.
    var doubleValue: Double? {
        if case .double(let value) = self { value } else { nil }
    }

    /// The date in a `.dateTime`.
    var dateTimeValue: XMLRPCDateTime? {
        if case .dateTime(let value) = self { value } else { nil }
    }

    /// The bytes in a `.base64`.
    var dataValue: Data? {
        if case .base64(let value) = self { value } else { nil }
    }

    /// The members of a `.struct`.
    var structValue: XMLRPCStruct? {
        if case .struct(let value) = self { value } else { nil }
    }

    /// The elements of an `.array`.
    var arrayValue: [XMLRPCValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// Whether this is `<nil/>`.
    var isNil: Bool {
        self == .nil
    }

    /// The first struct member with this name; nil for a missing member or a value that is not a struct.
    subscript(member: String) -> XMLRPCValue? {
        structValue?[member]
    }
}
