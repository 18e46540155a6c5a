import BakeTestSupport
import Testing

/// Preview's HTTP/1.1 connections, on a raw socket (RFC 9112 §9): a request that asks for
/// `close`, on any of its `Connection` lines and in any case, gets its whole answer, marked
/// `Connection: close`, and then the end of the connection; others keep it, pipelined or not.
@Suite(.timeLimit(.minutes(10)))
struct PreviewConnectionTests {
    static let page = "/2019/03/22/plain-text-lasts.html"

    static func get(_ target: String = page, version: String = "HTTP/1.1", connection: [String] = []) -> String {
        TestConnection.request("GET", target, version: version, connection: connection)
    }

    @Test(arguments: [["keep-alive", "close"], ["keep-alive, close"], ["Keep-Alive,CLOSE"], ["close"]])
    func closeAnywhereEndsTheConnectionAfterTheAnswer(connection: [String]) async throws {
        try await withPreview { port in
            let socket = try TestConnection(port: port)
            defer { socket.close() }
            try await socket.send(Self.get(connection: connection))
            let reply = try await socket.nextReply()
            #expect(reply.status == 200)
            #expect(reply.text.contains("Plain text lasts"))
            #expect(reply.headers["connection"] == "close")
            #expect(try await socket.endsUnanswered(Self.get()), "the connection stayed open after a request with Connection: \(connection)")
        }
    }

    @Test func http10WithoutKeepAliveEndsTheConnectionAfterTheAnswer() async throws {
        try await withPreview { port in
            let socket = try TestConnection(port: port)
            defer { socket.close() }
            try await socket.send(Self.get(version: "HTTP/1.0"))
            let reply = try await socket.nextReply()
            #expect(reply.status == 200)
            #expect(reply.headers["connection"] == "close")
            #expect(try await socket.endsUnanswered(Self.get(version: "HTTP/1.0")))
        }
    }

    @Test func aKeptConnectionAnswersTheNextRequest() async throws {
        try await withPreview { port in
            let socket = try TestConnection(port: port)
            defer { socket.close() }
            try await socket.send(Self.get(connection: ["keep-alive"]))
            let first = try await socket.nextReply()
            #expect(first.status == 200)
            #expect(first.headers["connection"] == nil)
            try await socket.send(Self.get("/no-such-page"))
            #expect(try await socket.nextReply().status == 404)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withPreview { port in
            let socket = try TestConnection(port: port)
            defer { socket.close() }
            try await socket.send(Self.get(connection: ["keep-alive"]) + Self.get("/no-such-page", connection: ["keep-alive"]) + Self.get())
            let replies = [try await socket.nextReply(), try await socket.nextReply(), try await socket.nextReply()]
            #expect(replies.map(\.status) == [200, 404, 200])
            #expect(replies.allSatisfy { $0.headers["connection"] == nil })
        }
    }

    /// After the request that asks for `close`, nothing more is answered (RFC 9112 §9.6).
    @Test func pipelinedRequestsAfterCloseAreNotAnswered() async throws {
        try await withPreview { port in
            let socket = try TestConnection(port: port)
            defer { socket.close() }
            try await socket.send(Self.get(connection: ["keep-alive"]) + Self.get("/no-such-page", connection: ["keep-alive", "close"]) + Self.get())
            let first = try await socket.nextReply()
            let second = try await socket.nextReply()
            #expect(first.status == 200)
            #expect(first.headers["connection"] == nil)
            #expect(second.status == 404)
            #expect(second.headers["connection"] == "close")
            #expect(try await socket.endsUnanswered(Self.get()))
        }
    }

    func withPreview(_ body: (Int) async throws -> Void) async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let preview = try await PreviewHarness(blog: blog)
        try await preview.whileRunning { try await body(preview.port) }
    }
}
