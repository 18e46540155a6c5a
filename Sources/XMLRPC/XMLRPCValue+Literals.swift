// Literals, so handlers and tests can write `["title": "Hello", "publish": true]`.

extension XMLRPCValue: ExpressibleByStringLiteral {
    /// A `.string`.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension XMLRPCValue: ExpressibleByIntegerLiteral {
    /// An `.int`.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension XMLRPCValue: ExpressibleByFloatLiteral {
    /// A `.double`.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension XMLRPCValue: ExpressibleByBooleanLiteral {
    /// A `.bool`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension XMLRPCValue: ExpressibleByArrayLiteral {
    /// An `.array`.
    public init(arrayLiteral elements: XMLRPCValue...) {
        self = .array(elements)
    }
}

extension XMLRPCValue: ExpressibleByDictionaryLiteral {
    /// A `.struct` whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, XMLRPCValue)...) {
        self = .struct(XMLRPCStruct(elements))
    }
}
