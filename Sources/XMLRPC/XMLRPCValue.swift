import Foundation

/// One XML-RPC value: a scalar, a struct or an array.
///
/// ```swift
/// let post: XMLRPCValue = .struct(["title": "Hello", "categories": ["Swift"]])
/// let title = post["title"]?.stringValue
/// ```
public enum XMLRPCValue: Sendable, Hashable {
    /// `<i4>`, `<int>` or `<i8>`; written as `<int>`, or `<i8>` when outside 32 bits.
    case int(Int)
    /// `<boolean>`, written as 0 or 1.
    case bool(Bool)
    /// `<string>`, or a `<value>` with no type element; kept exactly as sent.
    case string(String)
    /// `<double>`; must be finite to be written.
    case double(Double)
    /// `<dateTime.iso8601>`.
    case dateTime(XMLRPCDateTime)
    /// `<base64>`, decoded.
    case base64(Data)
    /// `<struct>`, with its members in the order they were sent.
    case `struct`(XMLRPCStruct)
    /// `<array>`.
    case array([XMLRPCValue])
    /// The `<nil/>` extension.
    case `nil`
}
