import BakeIO
import BakeTestSupport
import Foundation
import Testing

/// What a run of `bake` did.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs `bake` (or another copy of it) with `arguments` in `folder` to its end;
/// `environment` adds to the test's own.
func runBake(_ arguments: [String], in folder: String, executable: URL? = nil, environment: [String: String] = [:]) async throws -> CommandResult {
    let bake = Program(executable: try (executable ?? builtExecutable("bake")).path)
    let run = try await bake.run(
        arguments, in: folder,
        environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 }
    )
    return CommandResult(status: run.status, stdout: run.output, stderr: run.errors)
}

/// Runs `python3` with `arguments` (a script and its arguments) to its end and returns what it
/// printed; `input` is its standard input.
func runPython(_ arguments: [String], input: [UInt8] = []) async throws -> Data {
    let run = try await Program(executable: "/usr/bin/env").run(["python3"] + arguments, input: input)
    return Data(run.output.utf8)
}

/// Signs that a run crashed rather than reporting a problem.
let crashMarkers = ["Fatal error", "Stack dump", "stack trace", "Backtrace", "💣", "Segmentation fault", "*** Signal"]

/// `Baked N posts and M pages: X written, Y unchanged, Z removed in T s → OUT`.
nonisolated(unsafe) let summaryLine = /^Baked (\d+) posts? and (\d+) pages?: (\d+) written, (\d+) unchanged, (\d+) removed in \d+\.\d\d s → (.+)\n$/
