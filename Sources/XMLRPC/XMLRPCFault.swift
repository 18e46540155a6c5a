/// An XML-RPC fault: the `faultCode` and `faultString` members of a `<fault>` struct.
///
/// Codes from -32768 to -32000 are the protocol's own (see ``XMLRPCError/faultCode``);
/// an application picks its own codes outside that range.
public struct XMLRPCFault: Sendable, Hashable {
    /// The `faultCode`.
    public let code: Int
    /// The `faultString`, shown to the user by most clients.
    public let message: String

    /// Creates a fault.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }
}
