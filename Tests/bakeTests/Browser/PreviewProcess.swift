import BakeTestSupport
import Foundation

/// `bake preview --port 0` run as a user runs it: the real executable, in the blog's folder,
/// on an ephemeral loopback port read from the line it prints.
final class PreviewProcess: Sendable {
    /// The address preview serves, e.g. `http://127.0.0.1:41234`.
    let base: String
    private let process: Process
    private let output: OutputBuffer

    /// Starts preview on `blog` and waits (30 s at most) until it prints where it serves.
    init(blog: String) async throws {
        let process = Process()
        let output = OutputBuffer()
        process.executableURL = try builtExecutable("bake")
        process.arguments = ["preview", "--port", "0", blog]
        process.currentDirectoryURL = URL(fileURLWithPath: blog)
        process.standardInput = FileHandle.nullDevice
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        for pipe in [stdout, stderr] {
            pipe.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        }
        try process.run()
        self.process = process
        self.output = output
        var served: String?
        do {
            try await eventually("bake preview to print its address", timeout: .seconds(30)) {
                served = output.text.firstMatch(of: /at (http:\/\/127\.0\.0\.1:\d+)\//).map { String($0.1) }
                return served != nil || !process.isRunning
            }
        } catch {
            process.terminate()
            throw TestFailure(description: "\(error); it printed: \(output.text)")
        }
        guard let served else {
            throw TestFailure(description: "bake preview stopped before serving: \(output.text)")
        }
        base = served
    }

    /// Everything preview printed so far, both streams.
    var printed: String { output.text }

    /// Stops preview as Ctrl-C would, and waits for it.
    func stop() async {
        guard process.isRunning else { return }
        process.interrupt()
        let process = self.process
        if (try? await eventually("bake preview to stop", timeout: .seconds(10)) { !process.isRunning }) == nil {
            process.terminate()
        }
    }
}

/// What a child process printed, gathered from its pipes' handlers.
private final class OutputBuffer: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var bytes = Data()

    func append(_ data: Data) {
        lock.withLock { bytes.append(data) }
    }

    var text: String {
        lock.withLock { String(decoding: bytes, as: UTF8.self) }
    }
}
