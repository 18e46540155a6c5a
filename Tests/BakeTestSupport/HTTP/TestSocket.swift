import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP connection to 127.0.0.1 with send and receive timeouts.
public final class TestSocket: Sendable {
    private let descriptor: Int32

    /// Connects; each later send or receive waits `timeoutSeconds` at most.
    public init(port: Int, timeoutSeconds: Int) throws {
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

    /// Sends every byte of `bytes`.
    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            sent += count
        }
    }

    /// Sends `text` as UTF-8.
    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// The next bytes; nil at the end of the stream, or when the server reset the connection.
    /// Throws `TestTimeout` when nothing came in time.
    public func receive() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw TestTimeout(description: "no reply from the server") }
            if errno == ECONNRESET { return nil }
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        return count == 0 ? nil : Array(buffer[..<count])
    }

    /// Ends the connection both ways, which also wakes a thread blocked in `receive`.
    public func shutdown() {
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Closes the socket.
    public func close() {
        Glibc.close(descriptor)
    }
}
