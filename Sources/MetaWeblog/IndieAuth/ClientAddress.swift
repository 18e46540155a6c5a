import BakeKit
import Foundation

/// An address an IndieAuth client names, read strictly, as a browser would follow it: its
/// `client_id` (a web page) or its `redirect_uri` (a web page, or an app's own scheme such as
/// `ia-writer://micropub`).
///
/// A browser reads `https:evil.example/cb`, `https:///evil.example/cb` and `HTTPS:\\evil.example`
/// all as `https://evil.example/cb`; Foundation's `URL` sees no host in them. So a web scheme
/// (one a browser treats as special) is a web address only in its plain form, `scheme://host`
/// with a host of letters, digits, dots and hyphens (or an IPv6 literal), and nothing else:
/// anything a browser would read more loosely is refused, never taken for an app's scheme.
///
/// ```swift
/// ClientAddress("https://app.example/cb")?.origin        // "https://app.example:443"
/// ClientAddress("ia-writer://micropub")?.kind            // .app(scheme: "ia-writer")
/// ClientAddress("https:evil.example/cb")                 // nil
/// ```
struct ClientAddress: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A web page: its scheme (`http` or `https`), lowercased host, and port.
        case web(scheme: String, host: String, port: Int)
        /// An app's own scheme, lowercased, which opens the app on this device.
        case app(scheme: String)
    }

    /// The address as the client sent it.
    let text: String
    let kind: Kind

    /// Schemes a browser parses as web addresses, whatever follows the colon.
    private static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]
    /// Schemes that run or read something here rather than open an app.
    private static let refusedSchemes: Set<String> = ["javascript", "data", "vbscript", "blob", "about", "filesystem"]

    /// Reads `text`; nil when it is neither a plain web address nor an app's scheme.
    init?(_ text: String) {
        // Whitespace, controls and backslashes are read differently by browsers and parsers.
        guard !text.isEmpty, text.utf8.count <= 2048,
              !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\" || $0.value > 0x7E })
        else { return nil }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon].lowercased()
        // RFC 3986: a letter, then letters, digits, "+", "-" and ".".
        guard let first = scheme.first, first.isLetter,
              scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return nil }
        self.text = text
        if Self.specialSchemes.contains(scheme) {
            // A web page only in the plain form `WebURL` reads, host and port checked.
            guard let url = WebURL(text) else { return nil }
            kind = .web(scheme: url.scheme, host: url.host, port: url.port)
        } else {
            guard !Self.refusedSchemes.contains(scheme), URLComponents(string: text) != nil else { return nil }
            kind = .app(scheme: scheme)
        }
    }

    /// Whether it is a web page (`http` or `https`).
    var isWeb: Bool {
        if case .web = kind { return true }
        return false
    }

    /// `scheme://host:port` of a web page; nil for an app's scheme.
    var origin: String? {
        guard case .web(let scheme, let host, let port) = kind else { return nil }
        return "\(scheme)://\(host):\(port)"
    }

    /// What a Content-Security-Policy source list names it by: `https://host:port` for a web
    /// page, `scheme:` for an app's.
    var policySource: String {
        switch kind {
        case .web(let scheme, let host, let port): "\(scheme)://\(host):\(port)"
        case .app(let scheme): "\(scheme):"
        }
    }
}
