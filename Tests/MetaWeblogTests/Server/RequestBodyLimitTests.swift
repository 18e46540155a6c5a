import BakeTestSupport
import Foundation
import Testing
import XMLRPC

/// Bodies over the limit, and bodies that stall, end their connection with an answer.
@Suite(.timeLimit(.minutes(10)))
struct RequestBodyLimitTests {
    /// urllib writes the whole body before it reads the reply; it must still read the 413.
    @Test(.enabled(if: PythonClient.isAvailable))
    func urllibGetsThe413ForABodyOverTheLimit() async throws {
        try await ShimHarness.run(maxBodySize: 100_000) { shim in
            let script = """
            import sys, time, urllib.request, urllib.error
            body = b"<" * (20 * 1024 * 1024)
            request = urllib.request.Request(sys.argv[1], data=body, headers={"Content-Type": "text/xml"})
            start = time.monotonic()
            try:
                urllib.request.urlopen(request, timeout=300)
                print("200")
            except urllib.error.HTTPError as error:
                print(error.code, error.headers.get("Connection"), round(time.monotonic() - start, 3))
            """
            let answer = try await runPython(script, [shim.endpoint]).split(separator: " ")
            #expect(answer.first == "413")
            #expect(answer.dropFirst().first == "close")
            print("RequestBodyLimitTests: urllib read the 413 for a 20 MB body after \(answer.last ?? "?") s")
            // The server is still up.
            _ = try await shim.success("system.listMethods", [])
        }
    }

    @Test func aChunkedBodyOverTheLimitGets413AndTheConnectionCloses() async throws {
        try await ShimHarness.run(maxBodySize: 1000) { shim in
            var body = Array("800\r\n".utf8) + Array(repeating: UInt8(ascii: "<"), count: 0x800) + Array("\r\n".utf8)
            body += Array("0\r\n\r\n".utf8)
            let reply = try await TestHTTP.request("POST", "/xmlrpc", port: shim.port, headers: ["Transfer-Encoding": "chunked"], body: body)
            #expect(reply.status == 413)
            #expect(reply.headers["connection"] == "close")
        }
    }

    /// Below the sign-in forms' own 64 KB, the server's limit holds for them too: a chunked
    /// form over it gets its 413 at once, in JSON, not a 408 once the body's time runs out.
    @Test func aChunkedSignInFormOverASmallLimitGets413() async throws {
        try await ShimHarness.run(maxBodySize: 1000, bodyTimeout: .seconds(600)) { shim in
            for path in ["/auth", "/token"] {
                var body = Array("800\r\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 0x800) + Array("\r\n".utf8)
                body += Array("0\r\n\r\n".utf8)
                let reply = try await TestHTTP.request("POST", path, port: shim.port, headers: [
                    "Transfer-Encoding": "chunked", "Content-Type": "application/x-www-form-urlencoded",
                ], body: body)
                #expect(reply.status == 413, "\(path)")
                #expect(reply.headers["content-type"] == "application/json")
            }
        }
    }

    @Test func aStalledBodyGets408AndTheConnectionCloses() async throws {
        try await ShimHarness.run(bodyTimeout: .milliseconds(300)) { shim in
            let reply = try await onThread { () throws -> String in
                let socket = try TestSocket(port: shim.port, timeoutSeconds: 300)
                defer { socket.close() }
                try socket.send("POST /xmlrpc HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n<methodCall>")
                var bytes: [UInt8] = []
                while let chunk = try socket.receive() { bytes += chunk }
                return String(decoding: bytes, as: UTF8.self)
            }
            #expect(reply.hasPrefix("HTTP/1.1 408"))
            #expect(reply.lowercased().contains("connection: close"))
            _ = try await shim.success("system.listMethods", [])
        }
    }
}
