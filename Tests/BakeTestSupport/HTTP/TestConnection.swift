import Foundation
import Synchronization

/// One HTTP/1.1 connection on a raw socket, kept across requests: requests go out exactly as
/// written (several at once, for pipelining), and replies are read one at a time, each framed
/// by its `Content-Length` or its chunks, so that a test sees whether the server keeps the
/// connection or ends it.
///
/// ```swift
/// let connection = try TestConnection(port: port)
/// defer { connection.close() }
/// try await connection.send(TestConnection.request("GET", "/", connection: ["keep-alive", "close"]))
/// let reply = try await connection.nextReply()
/// #expect(try await connection.endsUnanswered(TestConnection.request("GET", "/")))
/// ```
public final class TestConnection: Sendable {
    private let socket: TestSocket
    /// Bytes read past the last reply.
    private let pending = Mutex<[UInt8]>([])

    /// Connects; each read or write waits `timeoutSeconds` at most, a limit for a server
    /// that never answers, not for a slow one.
    public init(port: Int, timeoutSeconds: Int = 300) throws {
        socket = try TestSocket(port: port, timeoutSeconds: timeoutSeconds)
    }

    deinit {
        socket.close()
    }

    /// A request as a client writes it: the request line, `Host`, one `Connection` line for
    /// each of `connection`, then `headers` and a `Content-Length` when there is a body.
    public static func request(
        _ method: String, _ target: String, version: String = "HTTP/1.1", connection: [String] = [],
        headers: [String: String] = [:], body: String = ""
    ) -> String {
        var head = "\(method) \(target) \(version)\r\nHost: 127.0.0.1\r\n"
        for value in connection { head += "Connection: \(value)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.utf8.count)\r\n" }
        return head + "\r\n" + body
    }

    /// Sends `text` as UTF-8.
    public func send(_ text: String) async throws {
        let socket = socket
        try await onThread { try socket.send(text) }
    }

    /// The next whole reply, read as it arrives; throws when the connection ends first.
    public func nextReply() async throws -> HTTPReply {
        try await onThread { [self] in try readReply() }
    }

    /// Whether the server has ended the connection: sends `request` (what a client that
    /// missed the `close` would send next, which also wakes a server that kept it) and
    /// reads. True at end of stream or a reset, false when any byte of an answer comes.
    public func endsUnanswered(_ request: String) async throws -> Bool {
        try await onThread { [self] in
            // A server that closed both ways may refuse the write; the read then says so.
            try? socket.send(request)
            let leftOver = pending.withLock { $0 }
            guard leftOver.isEmpty else { return false }
            do {
                return try socket.receive() == nil
            } catch let timeout as TestTimeout {
                throw TestTimeout(description: "\(timeout.description): the connection was neither answered nor closed")
            }
        }
    }

    /// Closes the socket.
    public func close() {
        socket.shutdown()
    }
}

private extension TestConnection {
    func readReply() throws -> HTTPReply {
        var bytes = pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
        while true {
            if let length = Self.replyLength(bytes) {
                let reply = try TestHTTP.parse(Array(bytes[..<length]))
                let rest = Array(bytes[length...])
                pending.withLock { $0 = rest }
                return reply
            }
            guard let more = try socket.receive() else {
                throw TestFailure(description: "the connection ended after \(bytes.count) bytes, before a whole reply: \(String(decoding: bytes, as: UTF8.self))")
            }
            bytes += more
        }
    }

    /// The length of the first whole reply in `bytes`, head and body, or nil when more must come.
    static func replyLength(_ bytes: [UInt8]) -> Int? {
        guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: bytes[..<split.lowerBound], as: UTF8.self).lowercased().components(separatedBy: "\r\n")
        func header(_ name: String) -> String? {
            lines.dropFirst().first { $0.hasPrefix(name + ":") }.map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
        }
        let bodyStart = split.upperBound
        if header("transfer-encoding") == "chunked" {
            var index = bodyStart
            while let lineEnd = bytes[index...].firstRange(of: Array("\r\n".utf8)) {
                let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
                // A chunk and its CRLF; the last, empty one ends with the CRLF after the (absent) trailers.
                let end = lineEnd.upperBound + size + 2
                guard bytes.count >= end else { return nil }
                if size == 0 { return end }
                index = end
            }
            return nil
        }
        let length = header("content-length").flatMap { Int($0) } ?? 0
        return bytes.count >= bodyStart + length ? bodyStart + length : nil
    }
}
