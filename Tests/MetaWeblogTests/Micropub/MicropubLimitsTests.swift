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
}
