import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A reply read off the wire.
struct HTTPReply: Sendable {
    let status: Int
    /// Header names lowercased.
    let headers: [String: String]
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A tiny HTTP/1.1 client on a raw socket, so that request targets go out exactly as
/// written (`/../x`, `%00`), which URL types would tidy up first.
enum TestHTTP {
    /// Sends one request to 127.0.0.1 and reads the whole reply (10 s at most).
    static func request(_ method: String = "GET", _ target: String, port: Int, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await onThread {
            let socket = try TestSocket(port: port, timeoutSeconds: 10)
            defer { socket.close() }
            var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            try socket.send(head + "\r\n")
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

    static func get(_ target: String, port: Int, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await request("GET", target, port: port, headers: headers)
    }

    /// Splits a reply into status, headers and body, undoing chunked transfer coding. The
    /// body is every byte after the head, whatever the method, so that a server that sends a
    /// body with a HEAD reply is caught.
    static func parse(_ bytes: [UInt8]) throws -> HTTPReply {
        guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { throw TestTimeout(description: "no complete reply head in \(bytes.count) bytes") }
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

/// Undoes `Transfer-Encoding: chunked`, also piece by piece as bytes arrive.
struct ChunkedDecoder {
    private var pending: [UInt8] = []

    /// The body bytes that `more` completes.
    mutating func decode(_ more: [UInt8]) -> [UInt8] {
        pending += more
        var output: [UInt8] = []
        while let lineEnd = pending.firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: pending[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { break }
            let start = lineEnd.upperBound
            guard pending.count >= start + size + 2 else { break }
            output += pending[start..<(start + size)]
            pending.removeSubrange(..<(start + size + 2))
            if size == 0 { break }
        }
        return output
    }
}

/// A blocking TCP connection to 127.0.0.1 with send and receive timeouts.
final class TestSocket: Sendable {
    private let descriptor: Int32

    init(port: Int, timeoutSeconds: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let error = errno
            Glibc.close(descriptor)
            throw POSIXError(.init(rawValue: error) ?? .EIO)
        }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            sent += count
        }
    }

    /// The next bytes; nil at the end of the stream. Throws on timeout.
    func receive() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw TestTimeout(description: "no reply from the server") }
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        return count == 0 ? nil : Array(buffer[..<count])
    }

    /// Ends the connection both ways, which also wakes a thread blocked in `receive`.
    func shutdown() {
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    func close() {
        Glibc.close(descriptor)
    }
}
