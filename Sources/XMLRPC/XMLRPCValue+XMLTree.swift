import Foundation
internal import XMLTree

// Converts values to and from <value> elements, for XMLRPCParser and XMLRPCWriter.

extension XMLRPCValue {
    /// Reads a `<value>` element.
    init(_ element: XMLTreeElement) throws(XMLRPCError) {
        try element.expect("value", expected: "<value>")
        let typed = element.elements
        // A <value> with no type element is a string, kept exactly, spaces and all.
        guard let type = typed.first else {
            self = .string(element.text)
            return
        }
        guard typed.count == 1 else {
            throw XMLRPCError(.unexpectedElement(found: typed[1].name, expected: "a single type element in <value>"), line: typed[1].line)
        }
        try element.requireNoText()
        self = try Self.typed(type)
    }

    /// Reads a `<value>` element, or a type element where a `<value>` belongs (in a `<member>`
    /// or an array's `<data>`): WordPress's XML-RPC server reads `<member><name>bits</name>
    /// <base64>…</base64></member>` as if the `<value>` were there, and clients written
    /// against it send that.
    init(wrappedOrBare element: XMLTreeElement) throws(XMLRPCError) {
        if element.name != "value", Self.typeNames.contains(element.name) {
            self = try Self.typed(element)
        } else {
            try self.init(element)
        }
    }

    /// The names of the type elements.
    static let typeNames: Set<String> = ["string", "i4", "int", "i8", "boolean", "double", "dateTime.iso8601", "base64", "struct", "array", "nil"]

    /// Writes this value as a `<value>` element, or throws if XML cannot carry it.
    func element() throws(XMLRPCError) -> XMLTreeElement {
        XMLTreeElement("value", elements: [try typeElement()])
    }
}

private extension XMLRPCValue {
    static func typed(_ element: XMLTreeElement) throws(XMLRPCError) -> XMLRPCValue {
        switch element.name {
        case "string":
            return .string(try element.textOnly())
        case "i4", "int", "i8":
            return .int(try element.integer(in: element.name == "i8" ? Int(Int64.min)...Int(Int64.max) : Int(Int32.min)...Int(Int32.max)))
        case "boolean":
            switch try element.trimmedText() {
            case "0": return .bool(false)
            case "1": return .bool(true)
            default: throw element.invalidScalar()
            }
        case "double":
            return .double(try element.double())
        case "dateTime.iso8601":
            guard let dateTime = XMLRPCDateTime(iso8601: try element.trimmedText()) else { throw element.invalidScalar() }
            return .dateTime(dateTime)
        case "base64":
            return .base64(try element.base64())
        case "struct":
            return .struct(try XMLRPCStruct(element))
        case "array":
            let data = try element.onlyChild("data")
            var values: [XMLRPCValue] = []
            for value in try data.childElements() {
                values.append(try XMLRPCValue(wrappedOrBare: value))
            }
            return .array(values)
        case "nil":
            if let child = element.elements.first {
                throw XMLRPCError(.unexpectedElement(found: child.name, expected: "an empty <nil/>"), line: child.line)
            }
            try element.requireNoText()
            return .nil
        default:
            throw XMLRPCError(.unknownValueType(element.name), line: element.line)
        }
    }

    func typeElement() throws(XMLRPCError) -> XMLTreeElement {
        switch self {
        case .int(let value):
            let fits32Bits = Int(Int32.min)...Int(Int32.max) ~= value
            return XMLTreeElement(fits32Bits ? "int" : "i8", text: String(value))
        case .bool(let value):
            return XMLTreeElement("boolean", text: value ? "1" : "0")
        case .string(let value):
            return XMLTreeElement("string", text: try value.checkedForXML())
        case .double(let value):
            guard value.isFinite else { throw XMLRPCError(.notEncodable("the double \(value) is not finite")) }
            return XMLTreeElement("double", text: Self.decimalNotation(value))
        case .dateTime(let value):
            return XMLTreeElement("dateTime.iso8601", text: value.iso8601)
        case .base64(let value):
            return XMLTreeElement("base64", text: value.base64EncodedString())
        case .struct(let value):
            var members: [XMLTreeElement] = []
            for member in value.members {
                let name = XMLTreeElement("name", text: try member.name.checkedForXML())
                members.append(XMLTreeElement("member", elements: [name, try member.value.element()]))
            }
            return XMLTreeElement("struct", elements: members)
        case .array(let values):
            var elements: [XMLTreeElement] = []
            for value in values {
                elements.append(try value.element())
            }
            return XMLTreeElement("array", elements: [XMLTreeElement("data", elements: elements)])
        case .nil:
            return XMLTreeElement("nil")
        }
    }

    /// Writes a double in plain decimal notation, which the XML-RPC spec requires, with
    /// the same digits as Swift's shortest round-tripping description.
    static func decimalNotation(_ value: Double) -> String {
        let description = String(value)
        guard let exponentIndex = description.firstIndex(where: { $0 == "e" || $0 == "E" }),
              let exponent = Int(description[description.index(after: exponentIndex)...])
        else { return description }
        let isNegative = description.hasPrefix("-")
        let mantissa = description[..<exponentIndex].drop { $0 == "-" }
        let integerDigits = mantissa.prefix { $0 != "." }
        let digits = Array(integerDigits + mantissa.drop { $0 != "." }.dropFirst())
        let pointPosition = integerDigits.count + exponent
        let result: String
        if pointPosition <= 0 {
            result = "0." + String(repeating: "0", count: -pointPosition) + String(digits)
        } else if pointPosition >= digits.count {
            result = String(digits) + String(repeating: "0", count: pointPosition - digits.count) + ".0"
        } else {
            result = String(digits[..<pointPosition]) + "." + String(digits[pointPosition...])
        }
        return (isNegative ? "-" : "") + result
    }
}

extension XMLRPCStruct {
    /// Reads a `<struct>` element.
    init(_ element: XMLTreeElement) throws(XMLRPCError) {
        var members: [Member] = []
        for member in try element.childElements() {
            try member.expect("member", expected: "<member> in <struct>")
            var name: String?
            var value: XMLRPCValue?
            for part in try member.childElements() {
                switch part.name {
                case "name" where name == nil:
                    name = try part.textOnly()
                case "value" where value == nil:
                    value = try XMLRPCValue(part)
                case let type where value == nil && XMLRPCValue.typeNames.contains(type):
                    value = try XMLRPCValue(wrappedOrBare: part)
                default:
                    throw XMLRPCError(.unexpectedElement(found: part.name, expected: "one <name> and one <value> in <member>"), line: part.line)
                }
            }
            guard let name else { throw XMLRPCError(.missingElement("name", parent: "member"), line: member.line) }
            guard let value else { throw XMLRPCError(.missingElement("value", parent: "member"), line: member.line) }
            members.append(Member(name: name, value: value))
        }
        self.init(members: members)
    }
}

/// Checks on the shape of the tree, shared with XMLRPCParser.
extension XMLTreeElement {
    /// Throws unless this element has the given name.
    func expect(_ name: String, expected: String) throws(XMLRPCError) {
        guard self.name == name else {
            throw XMLRPCError(.unexpectedElement(found: self.name, expected: expected), line: line)
        }
    }

    /// The child elements, after checking that any text between them is only whitespace.
    func childElements() throws(XMLRPCError) -> [XMLTreeElement] {
        try requireNoText()
        return elements
    }

    /// The one child element, which must have the given name.
    func onlyChild(_ name: String) throws(XMLRPCError) -> XMLTreeElement {
        let children = try childElements()
        guard let child = children.first else {
            throw XMLRPCError(.missingElement(name, parent: self.name), line: line)
        }
        guard children.count == 1, child.name == name else {
            let unexpected = child.name == name ? children[1] : child
            throw XMLRPCError(.unexpectedElement(found: unexpected.name, expected: "one <\(name)> in <\(self.name)>"), line: unexpected.line)
        }
        return child
    }

    /// Throws if this element holds any text other than whitespace between elements.
    func requireNoText() throws(XMLRPCError) {
        let text = self.text
        guard text.unicodeScalars.allSatisfy(\.isXMLWhitespace) else {
            throw XMLRPCError(.unexpectedText(text.trimmingXMLWhitespace(), parent: name), line: line)
        }
    }

    /// The text of an element that must hold no elements, exactly as sent.
    func textOnly() throws(XMLRPCError) -> String {
        if let child = elements.first {
            throw XMLRPCError(.unexpectedElement(found: child.name, expected: "only text in <\(name)>"), line: child.line)
        }
        return text
    }

    /// The text of a scalar, without the whitespace that pretty-printing may add around it.
    func trimmedText() throws(XMLRPCError) -> String {
        try textOnly().trimmingXMLWhitespace()
    }

    func invalidScalar() -> XMLRPCError {
        XMLRPCError(.invalidScalar(type: name, text: text), line: line)
    }
}

private extension XMLTreeElement {
    func integer(in range: ClosedRange<Int>) throws(XMLRPCError) -> Int {
        let text = try trimmedText()
        // Int(_:) also accepts a leading "+"; digits are checked so nothing else slips in.
        let digits = text.utf8.drop { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
        guard text.utf8.count - digits.count <= 1, !digits.isEmpty,
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let value = Int(text), range.contains(value)
        else { throw invalidScalar() }
        return value
    }

    func double() throws(XMLRPCError) -> Double {
        let text = try trimmedText()
        // Double(_:) also reads "nan", "inf" and hex floats, none of which XML-RPC allows.
        let allowed = Set("0123456789+-.eE".utf8)
        guard !text.isEmpty, text.utf8.allSatisfy(allowed.contains),
              let value = Double(text), value.isFinite
        else { throw invalidScalar() }
        return value
    }

    func base64() throws(XMLRPCError) -> Data {
        // Clients wrap base64 at 60 or 76 columns; the line breaks are not data.
        var encoded = try textOnly().utf8.filter { !Unicode.Scalar($0).isXMLWhitespace }
        // Some clients leave out the trailing padding.
        if encoded.count % 4 > 1 {
            encoded.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 4 - encoded.count % 4))
        }
        guard let data = Data(base64Encoded: Data(encoded)) else {
            throw XMLRPCError(.invalidScalar(type: name, text: String(decoding: encoded, as: UTF8.self)), line: line)
        }
        return data
    }
}

private extension Unicode.Scalar {
    var isXMLWhitespace: Bool {
        self == " " || self == "\t" || self == "\n" || self == "\r"
    }

    /// Whether XML 1.0 allows this character in a document (the production `Char`).
    var isXMLCharacter: Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}

extension String {
    /// This text, if XML 1.0 can carry every character in it.
    func checkedForXML() throws(XMLRPCError) -> String {
        for scalar in unicodeScalars where !scalar.isXMLCharacter {
            let code = String(scalar.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            throw XMLRPCError(.notEncodable("the text contains U+\(padded), which XML 1.0 cannot carry"))
        }
        return self
    }

    fileprivate func trimmingXMLWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isXMLWhitespace }),
              let last = scalars.lastIndex(where: { !$0.isXMLWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
