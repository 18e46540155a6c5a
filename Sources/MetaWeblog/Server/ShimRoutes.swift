/// Every path the shim answers, in one place: the endpoints register their routes at these
/// (see `MetaWeblogServer.makeRouter`), and what names a path (the sign-in form, the
/// metadata, which errors are JSON) reads it here.
///
/// - XML-RPC: `POST /xmlrpc`, and `/xmlrpc.php` for clients that assume WordPress.
/// - Micropub: `/micropub` and its media endpoint `/micropub/media`.
/// - IndieAuth: `/auth`, `/token` and the server's metadata.
///
/// A path is matched exactly: `/micropub/` or `/Micropub` is not `/micropub`.
///
/// ```swift
/// ShimRoutes.micropubMedia               // "/micropub/media"
/// ShimRoutes.all.contains("/xmlrpc.php") // true
/// ```
enum ShimRoutes {
    /// The XML-RPC endpoint.
    static let xmlrpc = "/xmlrpc"
    /// The XML-RPC endpoint again, where WordPress has it.
    static let xmlrpcPHP = "/xmlrpc.php"
    /// The Micropub endpoint.
    static let micropub = "/micropub"
    /// The Micropub media endpoint.
    static let micropubMedia = "/micropub/media"
    /// The IndieAuth authorization endpoint: the sign-in page and its form.
    static let authorization = "/auth"
    /// The IndieAuth token endpoint.
    static let token = "/token"
    /// The IndieAuth server metadata (RFC 8414).
    static let metadata = "/.well-known/oauth-authorization-server"

    /// XML-RPC's paths.
    static let xmlrpcPaths: Set<String> = [xmlrpc, xmlrpcPHP]
    /// Micropub's paths.
    static let micropubPaths: Set<String> = [micropub, micropubMedia]
    /// IndieAuth's paths.
    static let indieAuthPaths: Set<String> = [authorization, token, metadata]
    /// Every path the shim answers.
    static let all = xmlrpcPaths.union(micropubPaths).union(indieAuthPaths)
}
