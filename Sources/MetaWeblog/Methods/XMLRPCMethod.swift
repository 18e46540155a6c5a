import XMLRPC

/// One XML-RPC method: reads its parameters, does its one job through the context, and
/// returns the reply.
///
/// ```swift
/// struct GetPost: XMLRPCMethod {
///     var name: String { "metaWeblog.getPost" }
///     func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue { … }
/// }
/// ```
protocol XMLRPCMethod: Sendable {
    /// The method's name, e.g. `metaWeblog.getPost`.
    var name: String { get }

    /// Runs the method.
    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue
}
