import Hummingbird
import Logging
import NIOCore
import XMLRPC

/// The HTTP side: `POST /xmlrpc` (and `/xmlrpc.php`, for clients that assume WordPress)
/// decodes the call, hands it to its method, and encodes the reply or the fault.
///
/// Another path gets 404; another method on the endpoint gets 405. A body over the limit
/// gets 413 as soon as the limit is passed, with a plain-text reason, without reading the rest.
struct XMLRPCEndpoint: HTTPResponder {
    typealias Context = ShimRequestContext

    let parser: XMLRPCParser
    let methods: MethodTable
    let context: MethodContext

    func respond(to request: Request, context requestContext: ShimRequestContext) async throws -> Response {
        guard ShimRoutes.xmlrpcPaths.contains(request.uri.path) else {
            return Self.text(.notFound, "Not found; the XML-RPC endpoint is POST \(ShimRoutes.xmlrpc).\n")
        }
        guard request.method == .post else {
            var response = Self.text(.methodNotAllowed, "\(request.method.rawValue) is not allowed; XML-RPC calls are POST requests to \(ShimRoutes.xmlrpc).\n")
            response.headers[.allow] = "POST"
            return response
        }
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
}

private extension XMLRPCEndpoint {
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

    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message))
        )
    }
}
