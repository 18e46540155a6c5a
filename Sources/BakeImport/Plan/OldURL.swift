import BakeKit
import Foundation

/// An old blog's URLs as paths a bake blog keeps for them in `@aliases`.
enum OldURL {
    /// The root-relative path (and query) of an old URL, without the blog's base path, as a
    /// server finds it: runs of `/` are one (`//greek/` is `/greek/`), `.` and `..` segments are
    /// resolved, and what a URL cannot hold as it is gets percent-encoded.
    static func path(_ link: String, base: String) -> String? {
        let components = URLReference(link.trimmingCharacters(in: .whitespacesAndNewlines))
        var path = encodingRawBytes(components.path, allowed: .urlPathAllowed)
        while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        path = URLReference.removingDotSegments(path.hasPrefix("/") ? path : "/" + path)
        let prefix = base.hasSuffix("/") ? String(base.dropLast()) : base
        if !prefix.isEmpty, path.hasPrefix(prefix + "/") { path = String(path.dropFirst(prefix.count)) }
        if let query = components.query { path += "?" + encodingRawBytes(query, allowed: .urlQueryAllowed) }
        return path == "/" ? nil : path
    }

    /// `text` with what a URL cannot hold as it is (spaces, non-ASCII letters…) percent-encoded,
    /// as a browser sends it: an export may have `/2014/straße/` raw. Escapes already there
    /// stay; a `%` that starts none is `%25`.
    static func encodingRawBytes(_ text: Substring, allowed: CharacterSet) -> String {
        var allowed = allowed
        allowed.insert(charactersIn: "%;")
        let bytes = Array((text.addingPercentEncoding(withAllowedCharacters: allowed) ?? String(text)).utf8)
        var encoded: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            encoded.append(byte)
            let isEscape = index + 2 < bytes.count && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
            if byte == UInt8(ascii: "%"), !isEscape { encoded += Array("25".utf8) }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
    }
}
