import BakeTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `bake-metaweblog` binary, serving a blog on 127.0.0.1 with port 0, with its
/// standard output read line by line as it comes.
final class ShimProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let lines: LineLog

    /// Starts the binary on `blog` and waits for its "Listening at" line.
    init(blog: String) async throws {
        process.executableURL = try builtExecutable("bake-metaweblog")
        process.arguments = [blog, "--port", "0"]
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let lines = LineLog()
        self.lines = lines
        try process.run()
        let reader = output.fileHandleForReading
        Thread {
            var buffer: [UInt8] = []
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer += chunk
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
                    buffer.removeSubrange(...newline)
                }
            }
            lines.close()
        }.start()
        try await eventually("bake-metaweblog to listen", timeout: .seconds(30)) {
            lines.all.contains { $0.hasPrefix("Listening at ") } || lines.isClosed
        }
        guard let line = lines.all.first(where: { $0.hasPrefix("Listening at ") }),
              let port = Int(line.split(separator: ":")[2].prefix { $0.isNumber })
        else { throw TestFailure(description: "bake-metaweblog did not start: \(lines.all)") }
        self.port = port
    }

    var endpoint: String { "http://127.0.0.1:\(port)/xmlrpc" }

    /// Every line written so far.
    var output: [String] { lines.all }

    /// How many lines start with `prefix`.
    func count(_ prefix: String) -> Int {
        lines.all.filter { $0.hasPrefix(prefix) }.count
    }

    /// Sends `signal` and waits for the process to end.
    func stop(_ signal: Int32) async throws {
        kill(process.processIdentifier, signal)
        try await eventually("bake-metaweblog to end on signal \(signal)", timeout: .seconds(30)) { !process.isRunning }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Lines of output, shared between the reading thread and the test.
private final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var closed = false

    var all: [String] { lock.withLock { lines } }
    var isClosed: Bool { lock.withLock { closed } }

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    func close() { lock.withLock { closed = true } }
}

/// Runs a Python script with arguments and returns its standard output; throws when it fails.
func runPython(_ script: String, _ arguments: [String]) async throws -> String {
    try await onThread {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestFailure(description: "python3 ended with \(process.terminationStatus): \(String(decoding: data, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
