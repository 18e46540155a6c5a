import BakeIO
import Foundation
import Subprocess
import Synchronization
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A program a test runs beside it for a while (a server, an interactive client), on
/// swift-subprocess like every program bake runs: its standard output is read line by line as
/// it comes, its standard input written when the test says, and its end awaited. Nothing here
/// holds a thread of the concurrency pool.
///
/// ```swift
/// let python = try await BackgroundProgram.start("/usr/bin/env", ["python3", "-u", "-c", script])
/// python.write("1 + 1\n")
/// let answer = await python.nextLine()   // "2"
/// python.closeInput()
/// let status = try await python.exit()
/// ```
public final class BackgroundProgram: Sendable {
    /// Where the program's standard error goes.
    public enum Errors: Sendable {
        /// To the test's own standard error, where a failing test's log shows it.
        case shown
        case discarded
        /// Into standard output, as a terminal shows both.
        case merged
    }

    /// The process id.
    public let pid: pid_t
    private let lines: LineQueue
    private let input: AsyncStream<[UInt8]>.Continuation
    private let run: Task<Int32, any Error>

    private init(pid: pid_t, lines: LineQueue, input: AsyncStream<[UInt8]>.Continuation, run: Task<Int32, any Error>) {
        self.pid = pid
        self.lines = lines
        self.input = input
        self.run = run
    }

    deinit {
        input.finish()
        if !lines.isClosed { kill(pid, SIGKILL) }
    }

    /// Starts `executable` with `arguments` and returns once it runs.
    /// - Parameter environment: The child's whole environment; the test's own when nil.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        in folder: String? = nil, errors: Errors = .shown
    ) async throws -> BackgroundProgram {
        let configuration = Configuration(
            executable: .path(FilePath(executable)),
            arguments: Arguments(arguments),
            environment: environment.map { .custom(Dictionary(uniqueKeysWithValues: $0.map { (Environment.Key(stringLiteral: $0.key), $0.value) })) } ?? .inherit,
            workingDirectory: folder.map { FilePath($0) }
        )
        Program.ignoreBrokenPipes()
        let lines = LineQueue()
        let (inputs, input) = AsyncStream.makeStream(of: [UInt8].self)
        let started = AsyncStream.makeStream(of: Result<pid_t, any Error>.self)
        let run: Task<Int32, any Error>
        switch errors {
        case .shown:
            run = launch(configuration, errors: FileDescriptorOutput.currentStandardError, lines: lines, inputs: inputs, input: input, started: started.continuation)
        case .discarded:
            let null = try FileDescriptor.open("/dev/null", .writeOnly)
            run = launch(configuration, errors: FileDescriptorOutput.fileDescriptor(null, closeAfterSpawningProcess: true), lines: lines, inputs: inputs, input: input, started: started.continuation)
        case .merged:
            run = launch(configuration, errors: CombinedErrorOutput.combinedWithOutput, lines: lines, inputs: inputs, input: input, started: started.continuation)
        }
        var events = started.stream.makeAsyncIterator()
        guard let first = await events.next() else { throw TestFailure(description: "\(executable) did not start") }
        return BackgroundProgram(pid: try first.get(), lines: lines, input: input, run: run)
    }

    /// Writes `bytes` to the program's standard input, after what was written before.
    public func write(_ bytes: [UInt8]) {
        input.yield(bytes)
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Closes the program's standard input, once what was written has been sent.
    public func closeInput() {
        input.finish()
    }

    /// The next line of standard output that no call has returned yet (without its newline),
    /// as soon as the program writes it; nil once the output ended without one.
    public func nextLine() async -> String? {
        await lines.next()
    }

    /// The first line of output, from the start, that `matches`, as soon as it is written;
    /// nil when the output ended without one.
    public func firstLine(where matches: @escaping @Sendable (String) -> Bool) async -> String? {
        await lines.first(where: matches)
    }

    /// Every line written so far.
    public var output: [String] { lines.all }

    /// Whether its standard output has ended (it has ended, or is ending).
    public var hasEnded: Bool { lines.isClosed }

    /// Sends `signal` to the program, unless it has ended.
    public func signal(_ signal: Int32) {
        if !lines.isClosed { kill(pid, signal) }
    }

    /// Waits for the program to end, and returns its status (128 plus the signal that ended it).
    @discardableResult
    public func exit() async throws -> Int32 {
        try await run.value
    }
}

private extension BackgroundProgram {
    /// Runs the program in a task of its own: reads its output into `lines`, writes what
    /// comes on `inputs`, and says its pid on `started` once it runs.
    static func launch<ErrorOutput: ErrorOutputProtocol>(
        _ configuration: Configuration, errors: ErrorOutput, lines: LineQueue,
        inputs: AsyncStream<[UInt8]>, input: AsyncStream<[UInt8]>.Continuation,
        started: AsyncStream<Result<pid_t, any Error>>.Continuation
    ) -> Task<Int32, any Error> {
        Task { () async throws -> Int32 in
            do {
                let result = try await Subprocess.run(configuration, input: .inputWriter, output: .sequence, error: errors) { execution in
                    started.yield(.success(execution.processIdentifier.value))
                    let writer = execution.standardInputWriter
                    async let written: Void = {
                        for await bytes in inputs { _ = try? await writer.write(bytes) }
                        try? await writer.finish()
                    }()
                    var pending: [UInt8] = []
                    do {
                        for try await buffer in execution.standardOutput {
                            buffer.withUnsafeBytes { pending.append(contentsOf: $0) }
                            var start = 0
                            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                                lines.append(String(decoding: pending[start..<newline], as: UTF8.self))
                                start = newline + 1
                            }
                            pending.removeFirst(start)
                        }
                    } catch {}
                    if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
                    // Its output ended: it has ended or closed it; nothing more will be read.
                    input.finish()
                    await written
                }
                lines.close()
                return result.terminationStatus.shellStatus
            } catch {
                lines.close()
                started.yield(.failure(error))
                throw error
            }
        }
    }
}

/// Lines of a program's output: appended by the task that reads them, awaited by the test.
private final class LineQueue: Sendable {
    private struct State {
        var lines: [String] = []
        /// How many lines `next()` has returned.
        var read = 0
        var closed = false
        var readers: [CheckedContinuation<String?, Never>] = []
        var searches: [(matches: @Sendable (String) -> Bool, continuation: CheckedContinuation<String?, Never>)] = []
    }

    private let state = Mutex(State())

    var all: [String] { state.withLock { $0.lines } }
    var isClosed: Bool { state.withLock { $0.closed } }

    func append(_ line: String) {
        let (reader, found) = state.withLock { state in
            state.lines.append(line)
            var reader: CheckedContinuation<String?, Never>?
            // A reader waits only when every earlier line was read, so this line is its.
            if !state.readers.isEmpty {
                state.read += 1
                reader = state.readers.removeFirst()
            }
            let found = state.searches.filter { $0.matches(line) }.map(\.continuation)
            state.searches.removeAll { $0.matches(line) }
            return (reader, found)
        }
        reader?.resume(returning: line)
        for continuation in found { continuation.resume(returning: line) }
    }

    func close() {
        let (readers, searches) = state.withLock { state in
            state.closed = true
            defer {
                state.readers = []
                state.searches = []
            }
            return (state.readers, state.searches.map(\.continuation))
        }
        for reader in readers { reader.resume(returning: nil) }
        for search in searches { search.resume(returning: nil) }
    }

    func next() async -> String? {
        await withCheckedContinuation { continuation in
            let answer: String?? = state.withLock { state in
                if state.read < state.lines.count {
                    state.read += 1
                    return .some(state.lines[state.read - 1])
                }
                if state.closed { return .some(nil) }
                state.readers.append(continuation)
                return .none
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    func first(where matches: @escaping @Sendable (String) -> Bool) async -> String? {
        await withCheckedContinuation { continuation in
            let answer: String?? = state.withLock { state in
                if let line = state.lines.first(where: matches) { return .some(line) }
                if state.closed { return .some(nil) }
                state.searches.append((matches, continuation))
                return .none
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }
}

/// A process ID that is not running: a child that has exited and been reaped (free until the
/// system reuses it), for what bake names after the process that made it.
public func deadProcessID() async throws -> Int32 {
    let ended = try await BackgroundProgram.start("/bin/true", [])
    try await ended.exit()
    return ended.pid
}
