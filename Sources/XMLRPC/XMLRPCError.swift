/// Why a document could not be read as XML-RPC, or a value could not be written.
///
/// Each error maps onto a fault for the client:
/// ```swift
/// do {
///     request = try parser.parseRequest(body)
/// } catch {
///     return try writer.encode(.fault(error.fault))
/// }
/// ```
public struct XMLRPCError: Error, Sendable, Hashable {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// libxml2 could not read the bytes as XML; the text is libxml2's message.
        case notWellFormed(String)
        /// The document has a DOCTYPE; DTDs and entity declarations are never accepted.
        case documentTypeDeclaration
        /// The body is `size` bytes, more than the parser's `limit`.
        case bodyTooLarge(size: Int, limit: Int)
        /// Elements nest deeper than the parser's `limit`.
        case nestingTooDeep(limit: Int)
        /// An element stands where XML-RPC expects something else, described by `expected`.
        case unexpectedElement(found: String, expected: String)
        /// `parent` lacks a child element it must have.
        case missingElement(String, parent: String)
        /// `parent` holds text where only elements belong.
        case unexpectedText(String, parent: String)
        /// A `<value>` holds an element that is not an XML-RPC type.
        case unknownValueType(String)
        /// The text of a scalar such as `<int>` or `<boolean>` is not a value of that type.
        case invalidScalar(type: String, text: String)
        /// A value that XML-RPC cannot carry, such as an infinite double or a U+0001 in a string.
        case notEncodable(String)
    }

    /// What was wrong.
    public let reason: Reason
    /// The 1-based line in the document where it was found, when known.
    public let line: Int?

    /// Creates an error.
    public init(_ reason: Reason, line: Int? = nil) {
        self.reason = reason
        self.line = line
    }

    /// The fault code, after the XML-RPC interoperability convention (xmlrpc-epi's
    /// "specification for fault code interoperability"): -32700 for XML that is not
    /// well formed, -32603 for a value the server cannot write, -32602 (invalid method
    /// parameters) for a parameter whose text its type cannot hold, such as the impossible
    /// date `20140230T12:00:00`, and -32600 for the rest.
    public var faultCode: Int {
        switch reason {
        case .notWellFormed: -32700
        case .notEncodable: -32603
        case .invalidScalar(let type, _) where type != "methodName": -32602
        default: -32600
        }
    }

    /// This error as a fault to send to the client.
    public var fault: XMLRPCFault {
        XMLRPCFault(code: faultCode, message: message)
    }

    /// What was wrong and what was expected, with the line when known.
    public var message: String {
        guard let line else { return reason.message }
        return "Line \(line): \(reason.message)"
    }
}

extension XMLRPCError: CustomStringConvertible {
    /// The message.
    public var description: String {
        message
    }
}

private extension XMLRPCError.Reason {
    var message: String {
        switch self {
        case .notWellFormed(let detail):
            "The request is not well-formed XML: \(detail)" + (detail.last.map(\.isPunctuation) == true ? "" : ".")
        case .documentTypeDeclaration:
            "The request has a DOCTYPE declaration; XML-RPC requests must not declare a DTD or entities."
        case .bodyTooLarge(let size, let limit):
            "The request body is \(size) bytes; the limit is \(limit) bytes."
        case .nestingTooDeep(let limit):
            "Elements nest more than \(limit) deep; the limit is \(limit)."
        case .unexpectedElement(let found, let expected):
            "Found <\(found)> where \(expected) was expected."
        case .missingElement(let name, let parent):
            "<\(parent)> has no <\(name)>; it must contain one."
        case .unexpectedText(let text, let parent):
            "<\(parent)> contains the text \(Self.quoted(text)); only elements belong there."
        case .unknownValueType(let name):
            "<value> holds <\(name)>, which is not an XML-RPC type; expected one of i4, int, i8, boolean, "
                + "string, double, dateTime.iso8601, base64, struct, array or nil."
        case .invalidScalar(let type, let text):
            "<\(type)> holds \(Self.quoted(text)); expected \(Self.expectation(for: type))."
        case .notEncodable(let detail):
            "Cannot write the response: \(detail)."
        }
    }

    static func expectation(for type: String) -> String {
        switch type {
        case "i4", "int": "a whole number from -2147483648 to 2147483647"
        case "i8": "a whole number from -9223372036854775808 to 9223372036854775807"
        case "boolean": "0 or 1"
        case "double": "a finite decimal number such as -12.5"
        case "dateTime.iso8601": "a date and time such as 19980717T14:08:55 or 2014-03-31T20:16:46-07:00"
        case "base64": "base64-encoded bytes (A–Z, a–z, 0–9, + and /, padded with =)"
        case "methodName": "the name of a method, such as metaWeblog.newPost"
        default: "a \(type) value"
        }
    }

    /// Quotes text for a message, shortened so a 50 MB upload does not become a 50 MB fault.
    static func quoted(_ text: String) -> String {
        let limit = 40
        let shown = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return "\"" + shown.unicodeScalars.map(Self.escaped).joined() + "\""
    }

    /// Spells out characters that would be invisible, or unwritable, in a fault string.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
            "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: String(scalar)
        }
    }
}
