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
    static func tooLarge(_ limit: Int) -> Response {
        var response = text(.contentTooLarge, "The request body is larger than \(limit) bytes, the limit of this server.\n")
        response.headers[.connection] = "close"
        return response
    }
}
