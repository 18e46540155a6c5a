import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Guards each connection against bodies that are too large or too slow, below the endpoint.
///
/// - A request whose `Content-Length` is over the limit never reaches the endpoint: it gets
///   `413` with `Connection: close` at once. A body sent without a length that passes the
///   limit is cut off there (the endpoint answers it `413`), and the reply closes the connection.
/// - A refused body is no longer passed on or kept: its bytes are dropped as they arrive,
///   for `linger` at most, so that a client that writes its whole body before it reads
///   (Python's urllib does) still reads the answer instead of a reset. Then the connection closes.
/// - A body still unfinished `bodyTimeout` after its request line gets `408` (when nothing
///   was answered yet), and the connection closes.
final class RequestBodyLimit: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The error the endpoint's body reader sees when a body runs out of time.
    struct BodyTimedOut: Error {}

    private let maxBodySize: Int
    private let bodyTimeout: TimeAmount
    private let linger: TimeAmount
    /// Bytes of the current request's body so far.
    private var received = 0
    /// The current request's body is still arriving.
    private var isReadingBody = false
    /// The current request was refused: its input is dropped, and the connection closes once
    /// the reply is written and the client has stopped sending (or `linger` ran out).
    private var isRefused = false
    /// The reply to the refused request was written.
    private var isAnswered = false
    /// A reply to the current request has begun.
    private var isResponding = false
    /// The current request is for a Micropub or IndieAuth path, whose errors are JSON.
    private var answersInJSON = false
    private var deadline: Scheduled<Void>?

    init(maxBodySize: Int, bodyTimeout: TimeAmount, linger: TimeAmount = .seconds(2)) {
        self.maxBodySize = maxBodySize
        self.bodyTimeout = bodyTimeout
        self.linger = linger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        guard !isRefused else {
            if case .end = part, isAnswered { context.close(promise: nil) }
            return
        }
        switch part {
        case .head(let head):
            received = 0
            isReadingBody = true
            isResponding = false
            answersInJSON = ShimResponse.answersInJSON(path: head.path ?? "")
            schedule(context, in: bodyTimeout) { handler, context in handler.timedOut(context) }
            if let length = head.headerFields[.contentLength].flatMap(Int.init), length > maxBodySize {
                refuse(context)
                return
            }
        case .body(let buffer):
            received += buffer.readableBytes
            if received > maxBodySize {
                // Passed on, so the endpoint's reader fails and the endpoint answers 413; the
                // rest is dropped, and the reply closes the connection.
                isRefused = true
                context.fireChannelRead(data)
                return
            }
        case .end:
            isReadingBody = false
            cancelDeadline()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        var part = unwrapOutboundIn(data)
        switch part {
        case .head(var head):
            isResponding = true
            if isRefused {
                head.headerFields[.connection] = "close"
                part = .head(head)
            }
        case .end where isRefused:
            context.write(wrapOutboundOut(part), promise: promise)
            context.flush()
            answered(context)
            return
        default:
            break
        }
        context.write(wrapOutboundOut(part), promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadline()
        context.fireChannelInactive()
    }
}

private extension RequestBodyLimit {
    /// Answers 413 here, without passing the request on.
    func refuse(_ context: ChannelHandlerContext) {
        isRefused = true
        send(context, status: .contentTooLarge, "The request body is larger than \(maxBodySize) bytes, the limit of this server.\n")
        answered(context)
    }

    /// The body did not arrive in time: the endpoint's reader fails, and the connection closes.
    func timedOut(_ context: ChannelHandlerContext) {
        deadline = nil
        guard isReadingBody else { return }
        isRefused = true
        if !isResponding {
            send(context, status: .requestTimeout, "The request body did not arrive within \(bodyTimeout.nanoseconds / 1_000_000_000) seconds.\n")
        }
        context.fireErrorCaught(BodyTimedOut())
        context.close(promise: nil)
    }

    /// The refusal is written: stop sending, and close once the client has sent its body,
    /// or after `linger`.
    func answered(_ context: ChannelHandlerContext) {
        isAnswered = true
        guard isReadingBody else {
            context.close(promise: nil)
            return
        }
        context.close(mode: .output, promise: nil)
        schedule(context, in: linger) { _, context in context.close(promise: nil) }
    }

    func send(_ context: ChannelHandlerContext, status: HTTPResponse.Status, _ message: String) {
        let text = answersInJSON ? ShimResponse.errorJSON(status, message).text : message
        let body = context.channel.allocator.buffer(string: text)
        let head = HTTPResponse(status: status, headerFields: [
            .contentType: answersInJSON ? "application/json" : "text/plain; charset=utf-8",
            .contentLength: String(body.readableBytes), .connection: "close",
        ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func schedule(_ context: ChannelHandlerContext, in delay: TimeAmount, _ task: @escaping (RequestBodyLimit, ChannelHandlerContext) -> Void) {
        cancelDeadline()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { task(self, context) }
    }

    func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }
}
