internal import XMLTree

/// Reads XML-RPC documents with libxml2, refusing DTDs, entities and over-limit input.
///
/// ```swift
/// let request = try XMLRPCParser().parseRequest(body)
/// if request.methodName == "metaWeblog.newPost", let post = request.params[3].structValue { … }
/// ```
public struct XMLRPCParser: Sendable {
    /// The default body limit, 50 MB: media uploads arrive as base64 inside the request.
    public static let defaultMaxBodySize = 50 * 1024 * 1024
    /// The default depth limit, 64 elements; a metaWeblog request nests 11 deep at most.
    public static let defaultMaxDepth = 64

    /// The largest body accepted, in bytes.
    public let maxBodySize: Int
    /// The deepest nesting of elements accepted, counting the root as 1.
    public let maxDepth: Int

    /// Creates a parser with the given limits.
    public init(maxBodySize: Int = Self.defaultMaxBodySize, maxDepth: Int = Self.defaultMaxDepth) {
        self.maxBodySize = maxBodySize
        self.maxDepth = maxDepth
    }

    /// Reads a `<methodCall>`.
    public func parseRequest(_ body: some Collection<UInt8>) throws(XMLRPCError) -> XMLRPCRequest {
        let root = try self.root(of: body)
        try root.expect("methodCall", expected: "<methodCall> as the root element")
        var methodName: String?
        var params: [XMLRPCValue]?
        for child in try root.childElements() {
            switch child.name {
            case "methodName" where methodName == nil:
                methodName = try Self.methodName(in: child)
            case "params" where params == nil:
                params = try Self.params(in: child)
            default:
                throw XMLRPCError(.unexpectedElement(found: child.name, expected: "one <methodName> and one <params> in <methodCall>"), line: child.line)
            }
        }
        guard let methodName else { throw XMLRPCError(.missingElement("methodName", parent: "methodCall"), line: root.line) }
        // The spec shows <params> always, but some clients leave it out of calls that take none.
        return XMLRPCRequest(methodName: methodName, params: params ?? [])
    }

    /// Reads a `<methodResponse>`: one value, or a fault.
    public func parseResponse(_ body: some Collection<UInt8>) throws(XMLRPCError) -> XMLRPCResponse {
        let root = try self.root(of: body)
        try root.expect("methodResponse", expected: "<methodResponse> as the root element")
        guard let child = try root.childElements().first else {
            throw XMLRPCError(.missingElement("params", parent: "methodResponse"), line: root.line)
        }
        if child.name == "fault" {
            return .fault(try Self.fault(in: try root.onlyChild("fault")))
        }
        let param = try root.onlyChild("params").onlyChild("param")
        return .success(try XMLRPCValue(param.onlyChild("value")))
    }
}

private extension XMLRPCParser {
    func root(of body: some Collection<UInt8>) throws(XMLRPCError) -> XMLTreeElement {
        guard body.count <= maxBodySize else {
            throw XMLRPCError(.bodyTooLarge(size: body.count, limit: maxBodySize))
        }
        do {
            return try XMLTreeElement(parsing: body, maxDepth: maxDepth)
        } catch {
            throw XMLRPCError(error)
        }
    }

    static func methodName(in element: XMLTreeElement) throws(XMLRPCError) -> String {
        let name = try element.trimmedText()
        guard !name.isEmpty else { throw element.invalidScalar() }
        return name
    }

    static func params(in element: XMLTreeElement) throws(XMLRPCError) -> [XMLRPCValue] {
        var values: [XMLRPCValue] = []
        for param in try element.childElements() {
            try param.expect("param", expected: "<param> in <params>")
            values.append(try XMLRPCValue(param.onlyChild("value")))
        }
        return values
    }

    static func fault(in element: XMLTreeElement) throws(XMLRPCError) -> XMLRPCFault {
        let value = try element.onlyChild("value")
        let members = try XMLRPCValue(value).structValue
        guard let members else {
            throw XMLRPCError(.missingElement("struct", parent: "value"), line: value.line)
        }
        guard let code = members["faultCode"]?.intValue else {
            throw XMLRPCError(.missingElement("member faultCode with an <int>", parent: "struct"), line: value.line)
        }
        guard let message = members["faultString"]?.stringValue else {
            throw XMLRPCError(.missingElement("member faultString with a <string>", parent: "struct"), line: value.line)
        }
        return XMLRPCFault(code: code, message: message)
    }
}
