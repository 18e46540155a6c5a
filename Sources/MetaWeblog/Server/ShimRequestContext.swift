import Hummingbird

/// What the endpoint knows of one request beyond the request: which client sent it.
struct ShimRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's address, e.g. `127.0.0.1`; bad logins back off per client.
    let client: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
