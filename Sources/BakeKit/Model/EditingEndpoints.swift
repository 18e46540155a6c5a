/// Where editors find `bake-metaweblog`'s Micropub and IndieAuth endpoints, for the `<link>`s
/// in every page's head and for the shim's own answers.
///
/// `@micropub_url` names the Micropub endpoint; without it, the one beside `@xmlrpc_url`.
/// The other endpoints sit beside the Micropub endpoint: its URL without its last segment,
/// then `/auth`, `/token` and so on.
///
/// ```swift
/// // @xmlrpc_url http://127.0.0.1:9344/xmlrpc
/// EditingEndpoints(settings: settings)?.micropub        // "http://127.0.0.1:9344/micropub"
/// EditingEndpoints(settings: settings)?.authorization   // "http://127.0.0.1:9344/auth"
/// ```
public struct EditingEndpoints: Sendable, Hashable {
    /// The Micropub endpoint.
    public let micropub: String
    /// The Micropub media endpoint.
    public let media: String
    /// The IndieAuth authorization endpoint: the page that asks for the shim's password.
    public let authorization: String
    /// The IndieAuth token endpoint.
    public let token: String
    /// The IndieAuth server metadata (RFC 8414), for `rel="indieauth-metadata"`.
    public let metadata: String

    /// The endpoints of a blog that sets `@micropub_url` or `@xmlrpc_url`; nil otherwise.
    public init?(settings: SiteSettings) {
        if let micropub = settings.micropubURL {
            self.init(micropub: micropub)
        } else if let xmlrpc = settings.xmlrpcURL {
            self.init(micropub: Self.folder(of: xmlrpc) + "/micropub")
        } else {
            return nil
        }
    }

    /// The endpoints of a shim whose Micropub endpoint is `micropub`, e.g.
    /// `http://127.0.0.1:9344/micropub`.
    public init(micropub: String) {
        let base = Self.folder(of: micropub)
        self.micropub = micropub
        media = micropub + "/media"
        authorization = base + "/auth"
        token = base + "/token"
        metadata = base + "/.well-known/oauth-authorization-server"
    }
}

private extension EditingEndpoints {
    /// `url` without its last path segment: `http://h:1/a/xmlrpc` → `http://h:1/a`.
    static func folder(of url: String) -> String {
        var text = Substring(url)
        while text.hasSuffix("/") { text = text.dropLast() }
        let afterScheme = text.range(of: "://").map(\.upperBound) ?? text.startIndex
        guard let slash = text[afterScheme...].lastIndex(of: "/") else { return String(text) }
        return String(text[..<slash])
    }
}
