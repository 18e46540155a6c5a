import XMLRPC

/// `mt.supportedMethods()`: the name of every method.
struct SupportedMethods: XMLRPCMethod {
    var name: String { "mt.supportedMethods" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        .array(context.methodNames.map { .string($0) })
    }
}
