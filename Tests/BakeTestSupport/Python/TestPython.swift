import BakeIO
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The Python the tests highlight with (`python3` on `PATH`, as `bake` finds it), and stand-ins
/// for it: shell scripts that run it without its packages, count its starts, or hang or die
/// the way a broken worker would.
public enum TestPython {
    /// The interpreter itself, as `sys.executable` names it.
    public static func real() async throws -> String {
        try await run(["python3", "-c", "import sys; print(sys.executable)"])
    }

    /// The version of Pygments it has; `script/setup` installs it.
    public static func pygmentsVersion() async throws -> String {
        try await run(["python3", "-c", "import pygments; print(pygments.__version__)"])
    }

    /// Writes an executable shell script at `path` with `body` after its `#!/bin/sh` line.
    ///
    /// The file is opened close-on-exec: tests beside this one start programs all the time,
    /// and a child that inherited the open file would make running the script fail with
    /// "text file busy" (ETXTBSY) until it ended.
    public static func script(_ body: String, at path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let bytes = Array(("#!/bin/sh\n" + body + "\n").utf8)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw TestFailure(description: "cannot write \(path): errno \(errno)") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            guard result > 0 else { throw TestFailure(description: "cannot write \(path): errno \(errno)") }
            written += result
        }
        guard fchmod(descriptor, 0o755) == 0 else { throw TestFailure(description: "cannot make \(path) executable: errno \(errno)") }
    }

    /// A Python without its packages, Pygments among them (`-S`: no site-packages).
    public static func withoutPygments(at path: String) async throws {
        try script("exec '\(try await real())' -S \"$@\"", at: path)
    }

    /// The real Python, adding a line to `log` each time it starts.
    public static func counted(at path: String, log: String) async throws {
        try script("echo started >> '\(log)'\nexec '\(try await real())' \"$@\"", at: path)
    }

    /// How many times a `counted` Python started.
    public static func starts(in log: String) -> Int {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// A worker that says it has Pygments `version`, then reads nothing and answers nothing.
    public static func hanging(at path: String, version: String) throws {
        try script("echo '{\"version\": \"\(version)\", \"watch\": []}'\nexec sleep 3600", at: path)
    }

    /// The real Python with Pygments the first time it is started, logging each start to
    /// `log`; every later start ends at once, saying nothing.
    public static func startsOnce(at path: String, log: String) async throws {
        try script("[ -s '\(log)' ] && { echo again >> '\(log)'; exit 1; }\necho started >> '\(log)'\nexec '\(try await real())' \"$@\"", at: path)
    }

    /// A worker that says it has Pygments `version`, then ends with an error on the first question.
    public static func dying(at path: String, version: String) throws {
        try script("echo '{\"version\": \"\(version)\", \"watch\": []}'\nread line\nexit 3", at: path)
    }

    private static func run(_ arguments: [String]) async throws -> String {
        let run = try? await Program(executable: "/usr/bin/env").run(arguments)
        let text = (run?.output ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard let run, run.succeeded, !text.isEmpty else {
            throw TestFailure(description: "`\(arguments.joined(separator: " "))` failed; the highlighting tests need python3 with Pygments (script/setup installs it)")
        }
        return text
    }
}
