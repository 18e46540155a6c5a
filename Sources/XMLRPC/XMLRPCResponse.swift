/// An XML-RPC `<methodResponse>`: one value, or a fault.
public enum XMLRPCResponse: Sendable, Hashable {
    /// A `<params>` response holding one value.
    case success(XMLRPCValue)
    /// A `<fault>` response.
    case fault(XMLRPCFault)
}
