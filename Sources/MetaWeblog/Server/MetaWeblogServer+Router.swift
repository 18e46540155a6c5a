import Hummingbird

extension MetaWeblogServer {
    /// The routes: a group each for XML-RPC, Micropub and IndieAuth, at the paths of
    /// `ShimRoutes`, behind `UnroutedRequests`, which answers what no route takes.
    static func makeRouter(xmlrpc: XMLRPCEndpoint, micropub: MicropubEndpoint, indieAuth: IndieAuthEndpoint) -> Router<ShimRequestContext> {
        let router = Router(context: ShimRequestContext.self)
        router.add(middleware: UnroutedRequests())
        xmlrpc.addRoutes(to: router.group())
        micropub.addRoutes(to: router.group())
        indieAuth.addRoutes(to: router.group())
        return router
    }
}

/// Answers the requests no route takes, as each protocol answers them:
///
/// - A path the shim does not serve gets 404: in JSON under `/micropub/`, as Micropub's
///   errors are, else XML-RPC's plain text. Paths are matched exactly, where the router alone
///   would also take `/micropub/` or `//micropub` for `/micropub`.
/// - A method a path does not take gets 405, with `Allow`, from that path's protocol.
struct UnroutedRequests: RouterMiddleware {
    typealias Context = ShimRequestContext

    func handle(_ request: Request, context: ShimRequestContext, next: (Request, ShimRequestContext) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard ShimRoutes.all.contains(path) else {
            return ShimResponse.answersInJSON(path: path) ? MicropubEndpoint.notFound(path: path) : XMLRPCEndpoint.notFound
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            // The router's own answer for a path it has, but not with this method.
            if ShimRoutes.micropubPaths.contains(path) { return MicropubEndpoint.methodNotAllowed(request) }
            if ShimRoutes.indieAuthPaths.contains(path) { return IndieAuthEndpoint.methodNotAllowed(request) }
            return XMLRPCEndpoint.methodNotAllowed(request)
        }
    }
}
