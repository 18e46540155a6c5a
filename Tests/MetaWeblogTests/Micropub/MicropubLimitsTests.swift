import BakeTestSupport
import Foundation
import Testing

/// The request limits of XML-RPC hold for Micropub: a body over the limit gets 413 and the
/// connection closes; nothing is written.
@Suite(.timeLimit(.minutes(10)))
struct MicropubLimitsTests {
    @Test func refusesABodyOverTheLimitWith413() async throws {
        try await ShimHarness.run(maxBodySize: 1000) { shim in
            let before = shim.blog.files("posts")
            let body = Array(("{\"type\":[\"h-entry\"],\"properties\":{\"content\":[\"" + String(repeating: "x", count: 2000) + "\"]}}").utf8)
            for path in ["/micropub", "/micropub/media"] {
                let reply = try await TestHTTP.request("POST", path, port: shim.port, headers: ["Content-Type": "application/json", "Authorization": "Bearer bake_x"], body: body)
                #expect(reply.status == 413)
            }
            #expect(shim.blog.files("posts") == before)
        }
    }

    /// Every error on a Micropub or IndieAuth path is the spec's JSON, `{"error": …,
    /// "error_description": …}`: a body over the limit (by its length, or as it arrives), a
    /// method the path does not take, and a path under /micropub that is nothing. XML-RPC's
    /// stay as they were.
    @Test func errorsOnMicropubPathsAreJSON() async throws {
        try await ShimHarness.run(maxBodySize: 1000) { shim in
            let json = ["Content-Type": "application/json", "Authorization": "Bearer bake_x"]
            let big = Array(repeating: UInt8(ascii: "x"), count: 2000)
            var replies: [(String, HTTPReply)] = []
            for path in ["/micropub", "/micropub/media", "/token"] {
                replies.append(("413 \(path)", try await TestHTTP.request("POST", path, port: shim.port, headers: json, body: big)))
            }
            var chunked = Array("800\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 0x800) + Array("\r\n0\r\n\r\n".utf8)
            // Without a token in the header (it may be in the body), the body is read, up to the limit.
            replies.append(("413 chunked", try await TestHTTP.request("POST", "/micropub", port: shim.port, headers: ["Content-Type": "application/json", "Transfer-Encoding": "chunked"], body: chunked)))
            chunked = []
            replies.append(("405", try await TestHTTP.request("PUT", "/micropub", port: shim.port)))
            replies.append(("405 media", try await TestHTTP.request("GET", "/micropub/media", port: shim.port)))
            replies.append(("405 auth", try await TestHTTP.request("DELETE", "/auth", port: shim.port)))
            replies.append(("404", try await TestHTTP.request("GET", "/micropub/nothing-here", port: shim.port)))
            for (what, reply) in replies {
                #expect(reply.headers["content-type"] == "application/json", "\(what): \(reply.headers)")
                let object = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
                #expect(object?["error"] is String && object?["error_description"] is String, "\(what): \(reply.text)")
            }
            #expect(replies.map(\.1.status) == [413, 413, 413, 413, 405, 405, 405, 404])
            #expect(replies[4].1.headers["allow"] == "GET, POST" && replies[5].1.headers["allow"] == "POST")
            let xmlrpc = try await TestHTTP.request("POST", "/xmlrpc", port: shim.port, headers: ["Content-Type": "text/xml"], body: big)
            #expect(xmlrpc.status == 413 && xmlrpc.headers["content-type"]?.hasPrefix("text/plain") == true)
        }
    }

    /// A bad token in the `Authorization` header is refused before the body is read: a body
    /// that would not even parse gets the bad token's 403, not 400, and costs no parsing.
    @Test func aBadHeaderTokenIsRefusedBeforeTheBodyIsRead() async throws {
        try await ShimHarness.run { shim in
            let garbage = Array(repeating: UInt8(ascii: "{"), count: 60_000)
            for (path, type) in [("/micropub", "application/json"), ("/micropub", "application/x-www-form-urlencoded"), ("/micropub/media", "multipart/form-data; boundary=x")] {
                let reply = try await TestHTTP.request("POST", path, port: shim.port, headers: ["Content-Type": type, "Authorization": "Bearer bake_not-a-token"], body: garbage)
                #expect(reply.status == 403 && reply.text.contains("\"forbidden\""), "\(path) \(type): \(reply.status) \(reply.text)")
            }
        }
    }
}
