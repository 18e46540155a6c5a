import Hummingbird
import Logging
import NIOCore
import XMLRPC

/// The HTTP side: `POST /xmlrpc` (and `/xmlrpc.php`, for clients that assume WordPress)
/// decodes the call, hands it to its method, and encodes the reply or the fault.
///
/// Another method on the endpoint gets 405 (`methodNotAllowed`), and a path the shim does
/// not serve gets this endpoint's 404 (`notFound`), unless it is under Micropub's. A body over
/// the limit gets 413 as soon as the limit is passed, with a plain-text reason, without
/// reading the rest.
///
/// ```swift
/// endpoint.addRoutes(to: router.group())   // POST /xmlrpc and POST /xmlrpc.php
/// ```
struct XMLRPCEndpoint: Sendable {
    let parser: XMLRPCParser
    let methods: MethodTable
    let context: MethodContext

    /// Registers `POST` at each of XML-RPC's paths.
    func addRoutes(to group: RouterGroup<ShimRequestContext>) {
        for path in ShimRoutes.xmlrpcPaths.sorted() {
            group.post(RouterPath(path)) { request, context in
                try await respond(to: request, context: context)
            }
        }
    }

    /// The answer to another method than `POST` at an XML-RPC path.
    static func methodNotAllowed(_ request: Request) -> Response {
        var response = ShimResponse.text(.methodNotAllowed, "\(request.method.rawValue) is not allowed; XML-RPC calls are POST requests to \(ShimRoutes.xmlrpc).\n")
        response.headers[.allow] = "POST"
        return response
    }

    /// The answer to a path the shim does not serve.
    static var notFound: Response {
        ShimResponse.text(.notFound, "Not found; the XML-RPC endpoint is POST \(ShimRoutes.xmlrpc).\n")
    }
}

private extension XMLRPCEndpoint {
    /// One call: the body read whole, then the reply, or 413.
    func respond(to request: Request, context requestContext: ShimRequestContext) async throws -> Response {
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: parser.maxBodySize)
        } catch let error as BodyTooLarge {
            return ShimResponse.tooLarge(error.limit)
        }
        let reply = await answer(body.readableBytesView, client: requestContext.client, logger: requestContext.logger)
        return Response(
            status: .ok,
            headers: [.contentType: "text/xml; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply))
        )
    }

    /// The encoded reply to one request body: the method's result, or a fault.
    func answer(_ body: ByteBufferView, client: String, logger: Logger) async -> [UInt8] {
        let response: XMLRPCResponse
        do {
            let request = try parser.parseRequest(body)
            response = await call(request, client: client, logger: logger)
        } catch {
            logger.info("Refused a request: \(LogText.clipped(error.message))")
            response = .fault(error.fault)
        }
        do {
            return try XMLRPCWriter().encode(response)
        } catch {
            // The one fault every writer can write: a code and a plain message.
            logger.error("Cannot write a reply: \(error.message)")
            return (try? XMLRPCWriter().encode(.fault(error.fault))) ?? []
        }
    }

    func call(_ request: XMLRPCRequest, client: String, logger: Logger) async -> XMLRPCResponse {
        guard let method = methods[request.methodName] else {
            return .fault(MetaWeblogError(.unknownMethod(request.methodName)).fault)
        }
        do {
            let parameters = Parameters(method: request.methodName, values: request.params)
            return .success(try await method.call(parameters, context: context.from(client)))
        } catch {
            logger.info("\(LogText.clipped(request.methodName)) failed: \(LogText.clipped(error.message))")
            return .fault(error.fault)
        }
    }
}
