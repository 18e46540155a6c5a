import Foundation

/// A tiny HTTP/1.1 client on a raw socket, so that request targets go out exactly as
/// written (`/../x`, `%00`), which URL types would tidy up first.
///
/// ```swift
/// let reply = try await TestHTTP.request("POST", "/xmlrpc", port: port, body: Array(call.utf8))
/// #expect(reply.status == 200)
/// ```
public enum TestHTTP {
    /// Sends one request to 127.0.0.1 and reads the whole reply, waiting `timeoutSeconds` at
    /// most for each read and write: a limit for a server that never answers, not for a slow
    /// one, so far past what a loaded machine takes. The socket is read on a thread of its own. Headers go out sorted by name; a body, or a POST, gets a
    /// `Content-Length` unless `headers` frames the body already.
    public static func request(
        _ method: String = "GET", _ target: String, port: Int, headers: [String: String] = [:], body: [UInt8] = [],
        timeoutSeconds: Int = 300
    ) async throws -> HTTPReply {
        try await onThread {
            let socket = try TestSocket(port: port, timeoutSeconds: timeoutSeconds)
            defer { socket.close() }
            var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            var headers = headers
            if !body.isEmpty || method == "POST", headers["Content-Length"] == nil, headers["Transfer-Encoding"] == nil {
                headers["Content-Length"] = String(body.count)
            }
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            try socket.send(head + "\r\n")
            // A server may answer (413) and close before the whole body is sent.
            try? socket.send(body)
            // Connection: close, so the reply ends when the server closes: for HEAD too, whose
            // body must then be empty.
            var bytes: [UInt8] = []
            do {
                while let chunk = try socket.receive() { bytes += chunk }
            } catch let timeout as TestTimeout {
                throw TestTimeout(description: "\(timeout.description) after \(bytes.count) bytes: the connection was not closed")
            }
            return try parse(bytes)
        }
    }

    /// Splits a reply into status, headers and body, undoing chunked transfer coding. The
    /// body is every byte after the head, whatever the method, so that a server that sends a
    /// body with a HEAD reply is caught.
    public static func parse(_ bytes: [UInt8]) throws -> HTTPReply {
        guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw TestFailure(description: "no complete reply head in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[split.upperBound...])
        if headers["transfer-encoding"] == "chunked" {
            var decoder = ChunkedDecoder()
            body = decoder.decode(body)
        }
        return HTTPReply(status: status, headers: headers, body: body)
    }
}
