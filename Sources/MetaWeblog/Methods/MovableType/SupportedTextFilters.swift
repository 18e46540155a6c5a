import XMLRPC

/// `mt.supportedTextFilters()`: Markdown and HTML, the formats a post file can have.
struct SupportedTextFilters: XMLRPCMethod {
    var name: String { "mt.supportedTextFilters" }

    func call(_ parameters: Parameters, context: MethodContext) async throws(MetaWeblogError) -> XMLRPCValue {
        .array(TextFilter.offered.map { .struct(["key": .string($0.key), "label": .string($0.label)]) })
    }
}
