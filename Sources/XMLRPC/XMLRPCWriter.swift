internal import XMLTree

/// Writes XML-RPC documents as UTF-8 with libxml2's xmlTextWriter.
///
/// ```swift
/// let body = try XMLRPCWriter().encode(.success(["postid": "2024/05/hello"]))
/// ```
/// Text comes back exactly from any conforming parser: `&`, `<` and `>` are escaped,
/// and CR is written as `&#13;` so that CRLF line endings survive.
public struct XMLRPCWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// Encodes a `<methodResponse>`; throws if a value cannot be written, such as a
    /// string holding U+0000 or a double that is not finite.
    public func encode(_ response: XMLRPCResponse) throws(XMLRPCError) -> [UInt8] {
        let content: XMLTreeElement
        switch response {
        case .success(let value):
            content = XMLTreeElement("params", elements: [XMLTreeElement("param", elements: [try value.element()])])
        case .fault(let fault):
            let members: XMLRPCValue = ["faultCode": .int(fault.code), "faultString": .string(fault.message)]
            content = XMLTreeElement("fault", elements: [try members.element()])
        }
        return try Self.document(XMLTreeElement("methodResponse", elements: [content]))
    }

    /// Encodes a `<methodCall>`.
    public func encode(_ request: XMLRPCRequest) throws(XMLRPCError) -> [UInt8] {
        var params: [XMLTreeElement] = []
        for value in request.params {
            params.append(XMLTreeElement("param", elements: [try value.element()]))
        }
        return try Self.document(XMLTreeElement("methodCall", elements: [
            XMLTreeElement("methodName", text: try request.methodName.checkedForXML()),
            XMLTreeElement("params", elements: params),
        ]))
    }
}

private extension XMLRPCWriter {
    static func document(_ root: XMLTreeElement) throws(XMLRPCError) -> [UInt8] {
        do {
            return try root.serialized()
        } catch {
            throw XMLRPCError(error)
        }
    }
}
