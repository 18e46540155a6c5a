/// An XML-RPC `<methodCall>`: the method's name and its parameters, in order.
public struct XMLRPCRequest: Sendable, Hashable {
    /// The `<methodName>`, such as `metaWeblog.newPost`, without surrounding whitespace.
    public let methodName: String
    /// The `<param>` values, in order.
    public let params: [XMLRPCValue]

    /// Creates a request.
    public init(methodName: String, params: [XMLRPCValue] = []) {
        self.methodName = methodName
        self.params = params
    }
}
