import BakeTestSupport
import Foundation
import Testing

/// What a run of `bake` did.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs `bake` (or another copy of it) with `arguments` in `folder` and waits for it;
/// `environment` adds to the test's own.
func runBake(_ arguments: [String], in folder: String, executable: URL? = nil, environment: [String: String] = [:]) throws -> CommandResult {
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("bake-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let stdoutURL = outputs.appendingPathComponent("stdout")
    let stderrURL = outputs.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)

    let process = Process()
    process.executableURL = try executable ?? builtExecutable("bake")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    try process.run()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus,
        stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self)
    )
}

/// Signs that a run crashed rather than reporting a problem.
let crashMarkers = ["Fatal error", "Stack dump", "stack trace", "Backtrace", "💣", "Segmentation fault", "*** Signal"]

/// `Baked N posts and M pages: X written, Y unchanged, Z removed in T s → OUT`.
nonisolated(unsafe) let summaryLine = /^Baked (\d+) posts? and (\d+) pages?: (\d+) written, (\d+) unchanged, (\d+) removed in \d+\.\d\d s → (.+)\n$/
