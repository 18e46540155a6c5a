import BakeIO
import BakeTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `bake-metaweblog` binary, serving a blog on 127.0.0.1 with port 0, with its
/// standard output read line by line as it comes.
final class ShimProcess: Sendable {
    let port: Int
    private let program: BackgroundProgram
    private let endStatus = LockedStatus()

    /// Starts the binary on `blog` and waits for its "Listening at" line.
    /// - Parameters:
    ///   - path: Folders to look in for programs (git, rsync) before the test's own `PATH`.
    ///   - oneCPU: Runs it on one CPU (with `taskset`, where there is one), so that its
    ///     concurrency pool has one thread: a thread held by a wait would stall it.
    init(blog: String, path: [String] = [], oneCPU: Bool = false) async throws {
        let shim = try builtExecutable("bake-metaweblog").path
        var command = [shim, blog, "--port", "0"]
        if oneCPU, let taskset = Program.find("taskset") { command = [taskset.executable, "--cpu-list", "0"] + command }
        program = try await BackgroundProgram.start(
            command[0], Array(command.dropFirst()),
            environment: ["PATH": (path + [ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]).joined(separator: ":")],
            errors: .discarded
        )
        guard let line = await program.firstLine(where: { $0.hasPrefix("Listening at ") }),
              let port = Int(line.split(separator: ":")[2].prefix { $0.isNumber })
        else { throw TestFailure(description: "bake-metaweblog did not start: \(program.output)") }
        self.port = port
    }

    var endpoint: String { "http://127.0.0.1:\(port)/xmlrpc" }

    /// Every line written so far.
    var output: [String] { program.output }

    /// How many lines start with `prefix`.
    func count(_ prefix: String) -> Int {
        program.output.filter { $0.hasPrefix(prefix) }.count
    }

    /// Sends `signal` and waits for the process to end.
    func stop(_ signal: Int32) async throws {
        program.signal(signal)
        endStatus.set(try await program.exit())
    }

    /// The exit status, once `stop` returned.
    var terminationStatus: Int32? { endStatus.value }

    deinit {
        program.signal(SIGKILL)
    }
}

/// A status set once by one task and read by another.
private final class LockedStatus: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var status: Int32?

    func set(_ status: Int32) { lock.withLock { self.status = status } }
    var value: Int32? { lock.withLock { status } }
}

/// Runs a Python script with arguments and returns its standard output; throws when it fails.
func runPython(_ script: String, _ arguments: [String]) async throws -> String {
    let run = try await Program(executable: "/usr/bin/env").run(["python3", "-c", script] + arguments)
    guard run.succeeded else {
        throw TestFailure(description: "python3 ended with \(run.status): \(run.output)\(run.errors)")
    }
    return run.output
}
