import BakeTestSupport
import Testing

/// The shim's HTTP/1.1 connections, on a raw socket (RFC 9112 §9): a request that asks for
/// `close`, on any of its `Connection` lines and in any case, gets its whole answer, marked
/// `Connection: close`, and then the end of the connection; others keep it, pipelined or not.
@Suite(.timeLimit(.minutes(10)))
struct MetaWeblogServerConnectionTests {
    static let listMethods = "<?xml version=\"1.0\"?><methodCall><methodName>system.listMethods</methodName><params/></methodCall>"
    static let unknownMethod = "<?xml version=\"1.0\"?><methodCall><methodName>no.such</methodName><params/></methodCall>"

    static func call(_ body: String = listMethods, version: String = "HTTP/1.1", connection: [String] = []) -> String {
        TestConnection.request("POST", "/xmlrpc", version: version, connection: connection, headers: ["Content-Type": "text/xml"], body: body)
    }

    /// Emacs's xml-rpc.el sends `keep-alive` and `close` on two lines; then as one list, and
    /// in other cases.
    @Test(arguments: [["keep-alive", "close"], ["keep-alive, close"], ["Keep-Alive,CLOSE"], ["close"]])
    func closeAnywhereEndsTheConnectionAfterTheAnswer(connection: [String]) async throws {
        try await ShimHarness.run { shim in
            let socket = try TestConnection(port: shim.port)
            defer { socket.close() }
            try await socket.send(Self.call(connection: connection))
            let reply = try await socket.nextReply()
            #expect(reply.status == 200)
            #expect(reply.text.contains("system.listMethods"))
            #expect(reply.headers["connection"] == "close")
            #expect(try await socket.endsUnanswered(Self.call()), "the connection stayed open after a request with Connection: \(connection)")
        }
    }

    @Test func http10WithoutKeepAliveEndsTheConnectionAfterTheAnswer() async throws {
        try await ShimHarness.run { shim in
            let socket = try TestConnection(port: shim.port)
            defer { socket.close() }
            try await socket.send(Self.call(version: "HTTP/1.0"))
            let reply = try await socket.nextReply()
            #expect(reply.status == 200)
            #expect(reply.headers["connection"] == "close")
            #expect(try await socket.endsUnanswered(Self.call(version: "HTTP/1.0")))
        }
    }

    @Test func aKeptConnectionAnswersTheNextRequest() async throws {
        try await ShimHarness.run { shim in
            let socket = try TestConnection(port: shim.port)
            defer { socket.close() }
            try await socket.send(Self.call(connection: ["keep-alive"]))
            let first = try await socket.nextReply()
            #expect(first.status == 200)
            #expect(first.headers["connection"] == nil)
            try await socket.send(Self.call(Self.unknownMethod))
            let second = try await socket.nextReply()
            #expect(second.status == 200)
            #expect(second.text.contains("no.such"))
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await ShimHarness.run { shim in
            let socket = try TestConnection(port: shim.port)
            defer { socket.close() }
            try await socket.send(Self.call(connection: ["keep-alive"]) + Self.call(Self.unknownMethod, connection: ["keep-alive"]))
            let first = try await socket.nextReply()
            let second = try await socket.nextReply()
            #expect(first.text.contains("system.listMethods"))
            #expect(second.text.contains("no.such"))
            #expect(first.headers["connection"] == nil && second.headers["connection"] == nil)
        }
    }

    /// After the request that asks for `close`, nothing more is answered (RFC 9112 §9.6).
    @Test func pipelinedRequestsAfterCloseAreNotAnswered() async throws {
        try await ShimHarness.run { shim in
            let socket = try TestConnection(port: shim.port)
            defer { socket.close() }
            try await socket.send(Self.call(connection: ["keep-alive"]) + Self.call(Self.unknownMethod, connection: ["keep-alive", "close"]) + Self.call())
            let first = try await socket.nextReply()
            let second = try await socket.nextReply()
            #expect(first.text.contains("system.listMethods"))
            #expect(first.headers["connection"] == nil)
            #expect(second.text.contains("no.such"))
            #expect(second.headers["connection"] == "close")
            #expect(try await socket.endsUnanswered(Self.call()))
        }
    }
}
