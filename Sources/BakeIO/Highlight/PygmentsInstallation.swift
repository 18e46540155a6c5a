import BakeKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which Pygments the interpreter has, as its worker last said, and the state of everything
/// that decided it: the interpreter, the folders of its import path, Pygments' own files.
///
/// Kept in `.bake-cache/highlighter`, so that a build learns the version its cached highlights
/// were made with from a few `stat`s, without starting Python. Installing, upgrading or
/// removing Pygments (with apt or pip), or another interpreter on `PATH`, changes one of them,
/// and the next build asks the worker again.
///
/// ```swift
/// if let known = PygmentsInstallation.recorded(at: path, interpreter: "/usr/bin/python3") { known.version }
/// ```
struct PygmentsInstallation: Sendable {
    static let magic = "bake-highlighter 1"

    /// What the interpreter has, e.g. `2.20.0`; nil without Pygments or without an interpreter.
    let version: String?
    /// The interpreter's path; nil when there is none.
    let interpreter: String?
    /// The paths that decided it, each with its state then (see `state(of:)`).
    let watched: [(path: String, state: [Int64])]

    /// What a worker said at its start, with the state of what it named, taken now.
    init(interpreter: String?, hello: PygmentsWorker.Hello?) {
        self.interpreter = interpreter
        let named: [String]
        switch hello {
        case .ready(let version, let watched)?:
            self.version = version
            named = watched
        case .missing(let watched)?:
            self.version = nil
            named = watched
        case nil:
            self.version = nil
            named = []
        }
        var paths = interpreter.map { [$0] } ?? []
        for path in named where !path.isEmpty && !paths.contains(path) { paths.append(path) }
        self.watched = paths.map { ($0, Self.state(of: $0)) }
    }

    private init(version: String?, interpreter: String?, watched: [(path: String, state: [Int64])]) {
        self.version = version
        self.interpreter = interpreter
        self.watched = watched
    }

    /// What bodies highlighted with it depend on: `none`, or Pygments' version and the worker's.
    var identity: String {
        version.map { "Pygments \($0), worker \(PygmentsWorker.protocolVersion)" } ?? "none"
    }

    /// The installation recorded at `path`, when it was found for `interpreter` under the same
    /// environment and nothing it watched has changed since.
    static func recorded(at path: String, interpreter: String?) -> PygmentsInstallation? {
        guard let bytes = try? FileIO.read(path) else { return nil }
        var reader = ByteReader(bytes)
        guard reader.string() == magic, reader.string() == environment, let recordedInterpreter = reader.string(),
              recordedInterpreter == (interpreter ?? ""), let version = reader.string(), let count = reader.count()
        else { return nil }
        var watched: [(path: String, state: [Int64])] = []
        for _ in 0..<count {
            guard let watchedPath = reader.string(), let stateCount = reader.count() else { return nil }
            var state: [Int64] = []
            for _ in 0..<stateCount {
                guard let value = reader.int64() else { return nil }
                state.append(value)
            }
            guard Self.state(of: watchedPath) == state else { return nil }
            watched.append((watchedPath, state))
        }
        return PygmentsInstallation(version: version.isEmpty ? nil : version, interpreter: interpreter, watched: watched)
    }

    /// Records it at `path`, durably enough for a cache.
    func write(to path: String) throws(FileSystemError) {
        var writer = ByteWriter()
        writer.write(Self.magic)
        writer.write(Self.environment)
        writer.write(interpreter ?? "")
        writer.write(version ?? "")
        writer.write(watched.count)
        for (watchedPath, state) in watched {
            writer.write(watchedPath)
            writer.write(state.count)
            for value in state { writer.write(value) }
        }
        try FileIO.writeAtomically(writer.bytes, to: path, durable: false)
    }
}

private extension PygmentsInstallation {
    /// The variables that change where Python looks for packages.
    static var environment: String {
        ["PYTHONPATH", "PYTHONHOME", "PYTHONNOUSERSITE", "PYTHONUSERBASE"]
            .map { name in getenv(name).map { name + "=" + String(cString: $0) } ?? "" }
            .joined(separator: "\n")
    }

    /// A file's or folder's identity and times, which adding or removing a package in a
    /// folder changes; `[0]` for a path that does not exist.
    static func state(of path: String) -> [Int64] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [0] }
        return [
            1, Int64(info.st_ino), Int64(info.st_size),
            Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
        ]
    }
}
