import BakeIO
import Foundation
#if canImport(Glibc)
import Glibc
private let rusageSelf = RUSAGE_SELF.rawValue
private let systemPipe = Glibc.pipe
#elseif canImport(Darwin)
import Darwin
private let rusageSelf = RUSAGE_SELF
private let systemPipe = Darwin.pipe
#endif

/// One timed run of `bake`.
struct Measurement {
    let wall: Double
    let cpu: Double
    let peakRSSMegabytes: Double
    let written: Int
}

/// Runs the `bake` binary as a child process and reads its wall time, CPU time and peak
/// memory from `wait4`, so the figures include start-up like a user's would.
struct BakeRunner {
    let command: [String]
    let blog: String
    let output: String
    /// The exit statuses of a run that went through: `bake check` exits 1 when it found broken links.
    var succeeding: Set<Int32> = [0]

    /// User and system CPU time this process has used so far.
    static func ownCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(rusageSelf, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// This process's peak resident memory so far.
    static func ownPeakRSSMegabytes() -> Double {
        var usage = rusage()
        getrusage(rusageSelf, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    func removeOutputAndCache() throws {
        for folder in [output, blog + "/.bake-cache"] where FileIO.exists(folder) {
            try FileManager.default.removeItem(atPath: folder)
        }
    }

    func measure() throws -> Measurement {
        let arguments = command + [blog, "--output", output]
        var pipe: [Int32] = [0, 0]
        guard systemPipe(&pipe) == 0 else { throw BenchError.spawn("pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        defer { posix_spawn_file_actions_destroy(&actions) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let start = ContinuousClock.now
        guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else { throw BenchError.spawn(command[0]) }
        close(pipe[1])
        var outputBytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count <= 0 { break }
            outputBytes += buffer[0..<count]
        }
        close(pipe[0])
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let elapsed = ContinuousClock.now - start
        let text = String(decoding: outputBytes, as: UTF8.self)
        // Exited (no signal), with a status that counts as done.
        guard status & 0x7F == 0, succeeding.contains((status >> 8) & 0xFF) else { throw BenchError.bakeFailed(text) }
        let wall = elapsed.inSeconds
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        // "Baked … pages: 12 written, …"
        let written = text.components(separatedBy: "pages: ").last.flatMap { $0.split(separator: " ").first }.flatMap { Int($0) } ?? -1
        return Measurement(wall: wall, cpu: cpu, peakRSSMegabytes: Double(usage.ru_maxrss) / 1024, written: written)
    }
}

enum BenchError: Error, CustomStringConvertible {
    case spawn(String)
    case bakeFailed(String)
    /// The benchmark can't start: said without the usage text a `ValidationError` brings.
    case setUp(String)

    var description: String {
        switch self {
        case .spawn(let what): return "cannot start \(what)"
        case .bakeFailed(let output): return "bake failed:\n\(output)"
        case .setUp(let problem): return problem
        }
    }
}

/// One line of the results table.
struct Row {
    let name: String
    let samples: [Measurement]

    static let header = """
    | scenario                                 | wall median | wall min | wall max | CPU median | peak RSS | files written |
    |------------------------------------------|------------:|---------:|---------:|-----------:|---------:|--------------:|
    """

    var line: String {
        func ms(_ seconds: Double, width: Int) -> String { Self.pad(String(format: "%.0f ms", seconds * 1000), to: width) }
        let walls = samples.map(\.wall)
        let written = Set(samples.map(\.written)).sorted().map(String.init).joined(separator: "/")
        let rss = Self.pad(String(format: "%.0f MB", samples.map(\.peakRSSMegabytes).max()!), to: 8)
        return "| \(name.padding(toLength: 40, withPad: " ", startingAt: 0)) | \(ms(Self.median(walls), width: 11)) | \(ms(walls.min()!, width: 8)) | \(ms(walls.max()!, width: 8)) | \(ms(Self.median(samples.map(\.cpu)), width: 10)) | \(rss) | \(Self.pad(written, to: 13)) |"
    }

    static let ratioHeader = """
    | A / B, run by run                        | wall median | wall min | wall max | CPU median |
    |------------------------------------------|------------:|---------:|---------:|-----------:|
    """

    /// The ratios of `a`'s samples to `b`'s, taken in the same runs: pairing keeps them
    /// meaningful while the machine's speed drifts.
    static func ratioLine(_ a: Row, _ b: Row) -> String {
        func ratio(_ value: Double, width: Int) -> String { pad(String(format: "%.3f×", value), to: width) }
        let walls = zip(a.samples, b.samples).map { $0.wall / $1.wall }
        let cpus = zip(a.samples, b.samples).map { $0.cpu / $1.cpu }
        let name = String(a.name.drop { $0 != " " }.dropFirst())
        return "| \(name.padding(toLength: 40, withPad: " ", startingAt: 0)) | \(ratio(median(walls), width: 11)) | \(ratio(walls.min()!, width: 8)) | \(ratio(walls.max()!, width: 8)) | \(ratio(median(cpus), width: 10)) |"
    }

    /// The middle value (the upper of the two middle ones for an even count).
    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Right-aligns `text` in a column `width` wide.
    private static func pad(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
