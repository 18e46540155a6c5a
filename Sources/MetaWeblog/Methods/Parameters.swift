import XMLRPC

/// The parameters of one call, read by position, with a -32602 fault naming the parameter
/// and the expected type when one is missing or of the wrong type.
///
/// ```swift
/// let parameters = Parameters(method: "metaWeblog.getPost", values: request.params)
/// let postID = try parameters.identifier(0, "postid")   // "2014/03/31/hello.markdown"
/// ```
struct Parameters: Sendable {
    /// The method's name, for the fault.
    let method: String
    /// The values, in order.
    let values: [XMLRPCValue]

    /// A `<string>`.
    func string(_ index: Int, _ name: String) throws(MetaWeblogError) -> String {
        let value = try required(index, name, expected: "a string")
        guard let text = value.stringValue else { throw wrongType(index, name, value, expected: "a string") }
        return text
    }

    /// An ID that clients send as a `<string>` or an `<int>`, as text.
    func identifier(_ index: Int, _ name: String) throws(MetaWeblogError) -> String {
        let value = try required(index, name, expected: "a string or an int")
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        default: throw wrongType(index, name, value, expected: "a string or an int")
        }
    }

    /// A `<struct>`.
    func structure(_ index: Int, _ name: String) throws(MetaWeblogError) -> XMLRPCStruct {
        let value = try required(index, name, expected: "a struct")
        guard let members = value.structValue else { throw wrongType(index, name, value, expected: "a struct") }
        return members
    }

    /// An `<array>`.
    func array(_ index: Int, _ name: String) throws(MetaWeblogError) -> [XMLRPCValue] {
        let value = try required(index, name, expected: "an array")
        guard let elements = value.arrayValue else { throw wrongType(index, name, value, expected: "an array") }
        return elements
    }

    /// A `<boolean>`, or the `<int>` 0 or 1 that some clients send; `fallback` when absent.
    func flag(_ index: Int, _ name: String, default fallback: Bool) throws(MetaWeblogError) -> Bool {
        guard index < values.count, !values[index].isNil else { return fallback }
        switch values[index] {
        case .bool(let flag): return flag
        case .int(0): return false
        case .int(1): return true
        default: throw wrongType(index, name, values[index], expected: "a boolean")
        }
    }

    /// The most posts the recent-posts methods return. A larger `numberOfPosts`, as clients
    /// send to mean "all", gets this many.
    static let maximumNumberOfPosts = 1000

    /// The `numberOfPosts` of the recent-posts methods: a whole number above 0, 10 if absent,
    /// and at most `maximumNumberOfPosts`.
    func numberOfPosts(at index: Int) throws(MetaWeblogError) -> Int {
        let count = try number(index, "numberOfPosts", default: 10)
        guard count > 0 else { throw invalid(index, "numberOfPosts", "is \(count); expected a number above 0") }
        return min(count, Self.maximumNumberOfPosts)
    }

    /// An `<int>` (or a `<string>` of digits, as some clients send it); `fallback` when absent.
    func number(_ index: Int, _ name: String, default fallback: Int) throws(MetaWeblogError) -> Int {
        guard index < values.count, !values[index].isNil else { return fallback }
        switch values[index] {
        case .int(let number): return number
        case .string(let text) where Int(text) != nil: return Int(text)!
        default: throw wrongType(index, name, values[index], expected: "an int")
        }
    }

    /// The fault for a value that is of the right type but not acceptable.
    func invalid(_ index: Int, _ name: String, _ detail: String) -> MetaWeblogError {
        MetaWeblogError(.invalidParameters(method: method, detail: "parameter \(index + 1) (\(name)) \(detail)"))
    }
}

private extension Parameters {
    func required(_ index: Int, _ name: String, expected: String) throws(MetaWeblogError) -> XMLRPCValue {
        guard index < values.count else {
            throw MetaWeblogError(.invalidParameters(
                method: method,
                detail: "parameter \(index + 1) (\(name)) is missing; expected \(expected) (the call has \(values.count) parameter\(values.count == 1 ? "" : "s"))"
            ))
        }
        return values[index]
    }

    func wrongType(_ index: Int, _ name: String, _ value: XMLRPCValue, expected: String) -> MetaWeblogError {
        invalid(index, name, "is \(value.typeDescription); expected \(expected)")
    }
}
