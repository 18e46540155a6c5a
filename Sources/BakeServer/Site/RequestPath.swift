import Foundation

/// The path of a request, percent-decoded and split into names, refused when it could
/// name something outside the site: a `..` or `.` segment (however it was encoded), a NUL
/// or another control character, or a broken escape.
///
/// ```swift
/// RequestPath("/2014/03/")?.segments        // ["2014", "03"]
/// RequestPath("/%2e%2e/site.settings")      // nil
/// ```
struct RequestPath: Sendable, Hashable {
    /// The decoded names between slashes, empty ones dropped.
    let segments: [String]
    /// Whether the path ends with a slash, as folder URLs do.
    let hasTrailingSlash: Bool

    init(segments: [String], hasTrailingSlash: Bool) {
        self.segments = segments
        self.hasTrailingSlash = hasTrailingSlash
    }

    /// Decodes `raw`, the path part of a request target (without its query).
    init?(_ raw: String) {
        guard let decoded = Self.percentDecoded(raw) else { return nil }
        // Decoding first means that an encoded slash or dot is judged like a plain one.
        var segments: [String] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." || part == ".." { return nil }
            segments.append(String(part))
        }
        self.segments = segments
        hasTrailingSlash = decoded.hasSuffix("/")
    }

    /// The path without the site's base path (e.g. `/blog`) in front; nil when it does not
    /// start with it, because the published site answers only under its base path.
    func removingBase(_ basePath: String) -> RequestPath? {
        let base = basePath.split(separator: "/").map(String.init)
        guard !base.isEmpty else { return self }
        guard segments.starts(with: base) else { return nil }
        return RequestPath(segments: Array(segments.dropFirst(base.count)), hasTrailingSlash: hasTrailingSlash || segments.count == base.count)
    }

    /// Whether a name in the path starts with a dot, like the manifest or an editor's temp file.
    var isHidden: Bool {
        segments.contains { $0.hasPrefix(".") }
    }

    /// The same path with a trailing slash, encoded for a `Location` header.
    var folderLocation: String {
        "/" + segments.map { $0.addingPercentEncoding(withAllowedCharacters: Self.segmentAllowed) ?? $0 }.joined(separator: "/") + "/"
    }
}

private extension RequestPath {
    static let segmentAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return allowed
    }()

    static func percentDecoded(_ raw: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            var decoded = byte
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                decoded = high << 4 | low
            }
            if decoded < 0x20 || decoded == 0x7F { return nil }
            bytes.append(decoded)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
