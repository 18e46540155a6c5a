import Foundation

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
    private let process: Process
    private let input: Pipe

    private init(port: Int, process: Process, input: Pipe) {
        self.port = port
        self.process = process
        self.input = input
    }

    /// Starts the server and waits for the port it bound.
    public static func start() async throws -> LinkServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", repositoryRoot + "/Tests/Scripts/link_server.py"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let reader = output.fileHandleForReading
        let line = try await onThread { () -> String in
            var bytes: [UInt8] = []
            while true {
                let chunk = reader.readData(ofLength: 1)
                guard let byte = chunk.first else { break }
                if byte == 0x0A { break }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let port = Int(line) else {
            process.terminate()
            throw TestFailure(description: "link_server.py printed \(line.debugDescription) instead of its port")
        }
        return LinkServer(port: port, process: process, input: input)
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

    /// Closes the server's standard input, which stops it, and waits for it to end.
    public func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
