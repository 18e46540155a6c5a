/// The members of an XML-RPC `<struct>`, in the order they were sent or added.
///
/// ```swift
/// let fault: XMLRPCStruct = ["faultCode": 403, "faultString": "Bad login"]
/// fault["faultCode"]?.intValue  // 403
/// ```
public struct XMLRPCStruct: Sendable, Hashable {
    /// One `<member>`: a name and its value.
    public struct Member: Sendable, Hashable {
        /// The member's `<name>`, exactly as sent.
        public let name: String
        /// The member's `<value>`.
        public let value: XMLRPCValue

        /// Creates a member.
        public init(name: String, value: XMLRPCValue) {
            self.name = name
            self.value = value
        }
    }

    /// The members, in order; a name may appear more than once.
    public let members: [Member]

    /// Creates a struct from members.
    public init(members: [Member] = []) {
        self.members = members
    }

    /// Creates a struct from name-value pairs, keeping their order.
    public init(_ pairs: [(String, XMLRPCValue)]) {
        self.init(members: pairs.map { Member(name: $0.0, value: $0.1) })
    }

    /// The value of the first member with this name.
    public subscript(name: String) -> XMLRPCValue? {
        members.first { $0.name == name }?.value
    }

    /// The member names, in order.
    public var names: [String] {
        members.map(\.name)
    }
}

extension XMLRPCStruct: ExpressibleByDictionaryLiteral {
    /// Creates a struct whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, XMLRPCValue)...) {
        self.init(elements)
    }
}
