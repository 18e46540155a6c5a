import NIOCore
import NIOHTTP1

/// Ends an HTTP/1 connection after the answer to a request that does not keep it, and keeps
/// it otherwise (RFC 9112 §9.3 and §9.6). It sits right after NIO's request decoder, where
/// the HTTP version and the decoder's own decision are still known.
///
/// - A request does not keep the connection when any of its `Connection` lines lists `close`
///   (a list of tokens, in any case: `Connection: keep-alive` and `Connection: close` on two
///   lines, as Emacs's xml-rpc.el sends them, or `keep-alive, close` on one), or when it is
///   HTTP/1.0 without `keep-alive`. NIO's decoder (llhttp) takes no request after such a one.
/// - The answer to it carries `Connection: close`, and once it is written the server closes
///   its side of the connection; whatever the client sends after the request is dropped
///   unread and unanswered, rather than answered with a bare `400`.
/// - Pipelined requests are answered in order, as before: the answers come in the order of
///   the requests, and each is matched to its request in turn.
final class ConnectionPersistence: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// For each request read and not answered yet, in order: whether the connection ends after its answer.
    private var closes = CircularBuffer<Bool>()
    /// A request that ends the connection has been read whole: nothing after it is read.
    private var isInputDone = false

    init() {}

    /// Whether the connection ends after the answer to `head`: a `close` in any `Connection`
    /// line, or no keep-alive by the decoder's reading (which also covers HTTP/1.0).
    static func closes(after head: HTTPRequestHead) -> Bool {
        !head.isKeepAlive || head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isInputDone else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            closes.append(Self.closes(after: head))
        case .body:
            break
        case .end:
            isInputDone = closes.last == true
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The decoder refuses bytes after the last request (HPE_CLOSED_CONNECTION), and then
        // every read after that; they are not requests to answer.
        if isInputDone, error is HTTPParserError || error is ByteToMessageDecoderError { return }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        // A 1xx answer comes before the final one and ends nothing.
        case .head(var head) where head.status.code >= 200 && closes.first == true:
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            guard closes.popFirst() == true else {
                context.write(data, promise: promise)
                return
            }
            context.writeAndFlush(data, promise: promise)
            // Our side only, once the answer is written (RFC 9112 §9.6): the client reads it
            // whole and then the end, where a full close could reset the connection under
            // a client still sending; its own close ends the rest, as do the server's idle
            // timeout and its shutdown.
            context.close(mode: .output, promise: nil)
        default:
            context.write(data, promise: promise)
        }
    }
}
