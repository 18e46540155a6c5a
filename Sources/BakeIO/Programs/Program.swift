import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Subprocess
import SystemPackage

/// A program bake runs as a child process (git, rsync, curl, Pagefind, Python, an editor),
/// with its arguments as an array and no shell between: the one way bake runs a program.
///
/// Runs are awaited, never waited for: the child is watched by swift-subprocess's monitor
/// thread and its output drained as it comes, so a run holds none of the concurrency pool's
/// threads (two on a two-core machine) however long the program takes.
///
/// ```swift
/// let git = try Program.named("git")
/// let run = try await git.run(["status", "--short"], in: "/blog", timeout: .seconds(30))
/// if run.succeeded { print(run.output) } else { print(run.firstErrorLine) }
/// ```
public struct Program: Sendable, Hashable {
    /// The executable's path.
    public let executable: String

    public init(executable: String) {
        self.executable = executable
    }

    /// The program called `name` on `environment`'s `PATH` (this process's when nil), or nil.
    public static func find(_ name: String, environment: [String: String]? = nil) -> Program? {
        ExecutableSearch.find(name, environment: environment).map(Program.init(executable:))
    }

    /// The program called `name` on this process's `PATH`; throws `ProgramError` when there is none.
    public static func named(_ name: String, environment: [String: String]? = nil) throws(ProgramError) -> Program {
        guard let program = find(name, environment: environment) else {
            throw ProgramError(program: name, .notFound)
        }
        return program
    }

    /// A program installed with bake (`bake-images`, `bake-preview`): the one beside the
    /// running executable, else the one on the `PATH`, else nil.
    public static func companion(named name: String) -> Program? {
        find(FileIO.parent(of: runningExecutable) + "/" + name) ?? find(name)
    }

    /// The path of this process's executable, wherever it was started from (PATH, a relative path).
    public static var runningExecutable: String {
        #if os(Linux)
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        #else
        Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }

    /// How much of standard output a run keeps unless told otherwise; past it the run fails rather
    /// than grow without bound.
    public static let outputLimit = 256 << 20
    /// How much of standard error a run keeps.
    public static let errorLimit = 16 << 20

    /// Runs the program to its end and returns its status and what it wrote.
    ///
    /// - Parameters:
    ///   - folder: The working folder; this process's when nil.
    ///   - environment: The whole environment of the child; this process's when nil.
    ///   - input: What the child reads on standard input; it reads end-of-file after it.
    ///   - timeout: How long the program may run; past it the program is killed and the run
    ///     comes back with `timedOut` set. Nil: as long as it takes.
    ///   - outputLimit: How much standard output the run keeps; past it the child is killed and
    ///     the run fails with `.tooMuchOutput`.
    ///   - onOutputLine: Hears each line of standard output (without its newline) as it comes,
    ///     for a program that reports progress; the lines are still in `output`.
    public func run(
        _ arguments: [String],
        in folder: String? = nil,
        environment: [String: String]? = nil,
        input: [UInt8] = [],
        timeout: Duration? = nil,
        outputLimit: Int = Program.outputLimit,
        onOutputLine: (@Sendable (Substring) -> Void)? = nil
    ) async throws(ProgramError) -> ProgramRun {
        Self.ignoreBrokenPipes()
        let configuration = configuration(arguments, in: folder, environment: environment)
        let outcome: Outcome
        do {
            outcome = try await withThrowingTaskGroup(of: Outcome.self) { group in
                group.addTask { .ended(try await Self.collect(configuration, input: input, outputLimit: outputLimit, onOutputLine: onOutputLine)) }
                if let timeout {
                    group.addTask {
                        try await Task.sleep(for: timeout)
                        return .timedOut
                    }
                }
                // The first to finish decides; cancelling the run kills the child (and reaps it).
                let first = try await group.next()!
                group.cancelAll()
                return first
            }
        } catch let error as SubprocessError {
            throw ProgramError(program: executable, Self.reason(error))
        } catch is TooMuchOutput {
            throw ProgramError(program: executable, .tooMuchOutput)
        } catch {
            throw ProgramError(program: executable, .failed(String(describing: error)))
        }
        switch outcome {
        case .ended(let run): return run
        case .timedOut: return ProgramRun(status: 128 + SIGKILL, output: "", errors: "", timedOut: true)
        }
    }

    /// Runs the program on this process's terminal (its standard input, output and error), as
    /// a shell runs an editor, and returns its status once it ends.
    public func runOnTerminal(_ arguments: [String], environment: [String: String]? = nil) async throws(ProgramError) -> Int32 {
        Self.ignoreBrokenPipes()
        do {
            let result = try await Subprocess.run(
                configuration(arguments, in: nil, environment: environment),
                input: .currentStandardInput, output: .currentStandardOutput, error: .currentStandardError
            )
            return result.terminationStatus.shellStatus
        } catch let error as SubprocessError {
            throw ProgramError(program: executable, Self.reason(error))
        } catch {
            throw ProgramError(program: executable, .failed(String(describing: error)))
        }
    }
}

extension Program {
    /// Runs the program in this process's place, as a shell's `exec` does: it keeps the
    /// process's id, terminal and signals, and this process's code ends here. Returns only
    /// when the program could not be started, with why.
    public func replaceProcess(_ arguments: [String]) -> ProgramError {
        fflush(nil)
        let words = ([executable] + arguments).map { strdup($0) }
        defer { words.forEach { free($0) } }
        execv(executable, words + [nil])
        return ProgramError(program: executable, .cannotStart(String(cString: strerror(errno))))
    }
}

extension Program {
    /// Makes a write to a pipe whose reader has gone fail with `EPIPE` instead of ending this
    /// process with `SIGPIPE`: a child may end before it has read all its input, and a
    /// program that runs children must outlive that. Done once per process, before the first child.
    public static func ignoreBrokenPipes() {
        _ = brokenPipesIgnored
    }

    private static let brokenPipesIgnored: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}

private extension Program {
    enum Outcome: Sendable {
        case ended(ProgramRun)
        case timedOut
    }

    func configuration(_ arguments: [String], in folder: String?, environment: [String: String]?) -> Configuration {
        var options = PlatformOptions()
        // On a timeout or a cancelled build: ask once, then kill.
        options.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: .seconds(2))]
        return Configuration(
            executable: .path(FilePath(executable)),
            arguments: Arguments(arguments),
            environment: environment.map { .custom(Dictionary(uniqueKeysWithValues: $0.map { (Environment.Key(stringLiteral: $0.key), $0.value) })) } ?? .inherit,
            workingDirectory: folder.map { FilePath($0) },
            platformOptions: options
        )
    }

    /// Runs to the end, draining both streams as they come.
    static func collect(_ configuration: Configuration, input: [UInt8], outputLimit: Int, onOutputLine: (@Sendable (Substring) -> Void)?) async throws -> ProgramRun {
        // The input is written beside the reading, and a child that ends without reading it
        // all only ends the writing: its pipe is closed whatever happened to the writes.
        let result = try await Subprocess.run(
            configuration,
            input: .inputWriter,
            output: .sequence,
            error: .bytes(limit: errorLimit)
        ) { execution in
            let writer = execution.standardInputWriter
            async let written: Void = {
                if !input.isEmpty { _ = try? await writer.write(input) }
                try? await writer.finish()
            }()
            var output: [UInt8] = []
            var lineStart = 0
            for try await buffer in execution.standardOutput {
                buffer.withUnsafeBytes { output.append(contentsOf: $0) }
                guard output.count <= outputLimit else { throw TooMuchOutput() }
                guard let onOutputLine else { continue }
                while let newline = output[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                    onOutputLine(Substring(String(decoding: output[lineStart..<newline], as: UTF8.self)))
                    lineStart = newline + 1
                }
            }
            if let onOutputLine, lineStart < output.count {
                onOutputLine(Substring(String(decoding: output[lineStart...], as: UTF8.self)))
            }
            await written
            return output
        }
        return ProgramRun(
            status: result.terminationStatus.shellStatus,
            output: String(decoding: result.closureResult, as: UTF8.self),
            errors: String(decoding: result.standardError, as: UTF8.self),
            timedOut: false
        )
    }

    static func reason(_ error: SubprocessError) -> ProgramError.Reason {
        switch error.code {
        case .executableNotFound: .notFound
        case .spawnFailed, .failedToChangeWorkingDirectory: .cannotStart(error.underlyingError.map { String(describing: $0) } ?? "\(error)")
        case .outputLimitExceeded: .tooMuchOutput
        default: .failed(error.description)
        }
    }
}

/// More standard output than the run's `outputLimit`.
private struct TooMuchOutput: Error {}

extension TerminationStatus {
    /// The exit code, or 128 plus the number of the signal that ended the program, as a shell says it.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let code): Int32(code)
        case .signaled(let signal): 128 + Int32(signal)
        }
    }
}
