import XMLRPC

/// `system.listMethods()`: the name of every method.
struct ListMethods: XMLRPCMethod {
    var name: String { "system.listMethods" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        .array(context.methodNames.map { .string($0) })
    }
}
