import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1.1 child channel with `ConnectionPersistence` added right after NIO's
/// request decoder.
///
/// Hummingbird's own channel decides whether to read another request by comparing the whole
/// `Connection` value with `"close"` once the request has become a version-less `HTTPRequest`
/// (`HTTPChannelHandler.handleHTTP`), so `keep-alive, close`, two `Connection` lines, `Close`
/// or HTTP/1.0 keep the connection open after the answer, while the decoder below has already
/// stopped taking requests on it: the client's next request there gets a bare `400`. The
/// handlers that `HTTP1Channel.Configuration.additionalChannelHandlers` adds come after that
/// conversion, where the version is gone, so this handler is put in place here instead.
struct HTTP1PersistenceChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    private let http1: HTTP1Channel

    init(responder: @escaping HTTPChannelHandler.Responder, configuration: HTTP1Channel.Configuration) {
        http1 = HTTP1Channel(responder: responder, configuration: configuration)
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(ConnectionPersistence(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// Hummingbird's HTTP/1.1 server, closing connections as RFC 9112 says (see
    /// `ConnectionPersistence`): what both bake servers use.
    ///
    /// ```swift
    /// let application = Application(router: router, server: .http1WithPersistence())
    /// ```
    public static func http1WithPersistence(configuration: HTTP1Channel.Configuration = HTTP1Channel.Configuration()) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in HTTP1PersistenceChannel(responder: responder, configuration: configuration) }
    }
}
