/// Whether `host` is a loopback address, one that only this machine can reach: `localhost`,
/// `127.0.0.0/8` or `::1`, in any case, IPv6 with or without brackets. Shared by preview,
/// which warns about anything else, and the metaWeblog shim, which refuses it.
///
/// ```swift
/// isLoopback("127.0.0.1")         // true
/// isLoopback("[::1]")             // true
/// isLoopback("127.example.com")   // false: a name that merely starts with 127.
/// ```
public func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased()
    if host == "localhost" || host == "::1" || host == "[::1]" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
}
