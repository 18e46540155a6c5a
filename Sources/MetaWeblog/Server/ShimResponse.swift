import Foundation
import Hummingbird
import NIOCore

/// The plain answers every endpoint of the shim gives: text, JSON, and 413.
enum ShimResponse {
    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message))
        )
    }

    static func json(_ status: HTTPResponse.Status, _ value: JSONValue) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: value.text))
        )
    }

    /// 413, closing the connection; the rest of the body is dropped (see `RequestBodyLimit`).
    /// In JSON on Micropub and IndieAuth paths, as their errors are.
    static func tooLarge(_ limit: Int, json: Bool = false) -> Response {
        let message = "The request body is larger than \(limit) bytes, the limit of this server.\n"
        var response = json ? self.json(.contentTooLarge, errorJSON(.contentTooLarge, message)) : text(.contentTooLarge, message)
        response.headers[.connection] = "close"
        return response
    }

    /// Whether errors on `path` (a request target, its query included) are answered in JSON:
    /// Micropub's and IndieAuth's paths, as their specs answer (`{"error": …}`).
    static func answersInJSON(path: String) -> Bool {
        let path = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        return path == ShimRoutes.micropub || path.hasPrefix(ShimRoutes.micropub + "/") || ShimRoutes.indieAuthPaths.contains(path)
    }

    /// The spec's error object for an HTTP error: `invalid_request` (`not_found` for 404,
    /// `server_error` from 500) and the message.
    static func errorJSON(_ status: HTTPResponse.Status, _ message: String) -> JSONValue {
        let error = switch status.code {
        case 404: "not_found"
        case 500...: "server_error"
        default: "invalid_request"
        }
        return .object(["error": .string(error), "error_description": .string(message.trimmingCharacters(in: .whitespacesAndNewlines))])
    }
}
