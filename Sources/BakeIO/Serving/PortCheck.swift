#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `host:port` cannot be listened on right now, or nil when it can: checked by binding a
/// socket there and closing it at once, so that a server can say so in one line before it
/// spends time on a first build. Port 0 always can.
///
/// ```swift
/// portProblem(host: "127.0.0.1", port: 8080)   // "the port is in use by another program"
/// ```
public func portProblem(host: String, port: Int) -> String? {
    guard port != 0 else { return nil }
    var hints = addrinfo()
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
    hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let status = getaddrinfo(name, String(port), &hints, &list)
    guard status == 0, let first = list else {
        return "cannot find the address \(host) (\(String(cString: gai_strerror(status))))"
    }
    defer { freeaddrinfo(list) }
    let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    // As the server will: a port in TIME_WAIT from an earlier run is free.
    var on: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
        let code = errno
        switch code {
        case EADDRINUSE: return "the port is in use by another program"
        case EACCES: return "ports below 1024 need root"
        case EADDRNOTAVAIL: return "\(host) is not an address of this machine"
        default: return String(cString: strerror(code))
        }
    }
    return nil
}
