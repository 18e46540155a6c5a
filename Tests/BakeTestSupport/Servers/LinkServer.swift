import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `Tests/Scripts/link_server.py`: a real web server on 127.0.0.1 (Python's `http.server`) with
/// a path for each answer a link checker meets: `/ok`, `/missing`, `/moved`, `/no-head`,
/// `/hang` and more (see the script). It stops when `stop()` closes its standard input.
///
/// ```swift
/// let server = try await LinkServer.start()
/// defer { server.stop() }
/// server.url("/ok")   // "http://127.0.0.1:41234/ok"
/// ```
public final class LinkServer: @unchecked Sendable {
    /// What the server saw.
    public struct Stats: Sendable {
        /// `METHOD /path` for each request, in order.
        public let requests: [String]
        /// The most requests to `/held/…` that were open at once.
        public let mostHeld: Int
    }

    public let port: Int
    private let program: BackgroundProgram

    private init(port: Int, program: BackgroundProgram) {
        self.port = port
        self.program = program
    }

    /// Starts the server and waits for the port it bound. `script` is another server of
    /// `Tests/Scripts/` that prints its port and stops when its input closes, such as
    /// `webmention_sites.py`, or `site_server.py` with the folder it serves in `arguments`.
    public static func start(script: String = "link_server.py", arguments: [String] = []) async throws -> LinkServer {
        let program = try await BackgroundProgram.start("/usr/bin/env", ["python3", "-u", repositoryRoot + "/Tests/Scripts/" + script] + arguments)
        let line = await program.nextLine()
        guard let line, let port = Int(line) else {
            program.signal(SIGTERM)
            throw TestFailure(description: "\(script) printed \(line.debugDescription) instead of its port")
        }
        return LinkServer(port: port, program: program)
    }

    /// The absolute URL of `path` on this server.
    public func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// The requests the server has seen so far.
    public func stats() async throws -> Stats {
        let reply = try await TestHTTP.request("GET", "/stats", port: port)
        guard let object = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any] else {
            throw TestFailure(description: "/stats answered \(reply.text)")
        }
        return Stats(requests: object["requests"] as? [String] ?? [], mostHeld: object["most_held"] as? Int ?? 0)
    }

    /// Closes the server's standard input, which stops it; it ends on its own.
    public func stop() {
        program.closeInput()
    }
}
