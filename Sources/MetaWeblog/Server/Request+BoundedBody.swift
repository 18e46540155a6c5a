import Hummingbird
import NIOCore

/// A request body over the limit of the endpoint that reads it.
struct BodyTooLarge: Error {
    /// The limit, in bytes.
    let limit: Int
}

extension Request {
    /// The whole body, read up to `limit` bytes: how every endpoint of the shim reads one.
    ///
    /// - A `Content-Length` over the limit is refused before a byte is read.
    /// - A body sent without one is cut off as soon as it passes the limit; the rest is
    ///   dropped, and the 413 closes the connection (see `RequestBodyLimit`).
    ///
    /// ```swift
    /// let body = try await request.collectBody(upTo: 64 * 1024)   // or throws BodyTooLarge(limit: 65536)
    /// ```
    func collectBody(upTo limit: Int) async throws -> ByteBuffer {
        if let length = headers[.contentLength].flatMap(Int.init), length > limit {
            throw BodyTooLarge(limit: limit)
        }
        do {
            return try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw BodyTooLarge(limit: limit)
        }
    }
}
