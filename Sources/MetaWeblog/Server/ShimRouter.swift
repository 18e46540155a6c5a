import Hummingbird

/// The shim's one responder: XML-RPC at `/xmlrpc`, Micropub at `/micropub`, IndieAuth at
/// `/auth`, `/token` and its metadata; anything else gets the XML-RPC endpoint's 404.
struct ShimRouter: HTTPResponder {
    typealias Context = ShimRequestContext

    let xmlrpc: XMLRPCEndpoint
    let micropub: MicropubEndpoint
    let indieAuth: IndieAuthEndpoint

    func respond(to request: Request, context: ShimRequestContext) async throws -> Response {
        let path = request.uri.path
        if ShimRoutes.micropubPaths.contains(path) {
            return await micropub.respond(to: request, context: context)
        }
        if ShimRoutes.indieAuthPaths.contains(path) {
            return await indieAuth.respond(to: request, context: context)
        }
        if ShimResponse.answersInJSON(path: path) {
            return ShimResponse.json(.notFound, ShimResponse.errorJSON(.notFound, "Nothing is at \(LogText.clipped(path)); Micropub is at \(ShimRoutes.micropub) and its media at \(ShimRoutes.micropubMedia)."))
        }
        return try await xmlrpc.respond(to: request, context: context)
    }
}
