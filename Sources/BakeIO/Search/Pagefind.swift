import Foundation

/// The Pagefind indexer, run as a child process with its arguments as an array (no shell
/// between): it reads a built site's HTML and writes the static search bundle that the
/// search page loads.
///
/// ```swift
/// let pagefind = await Pagefind.locate()   // `pagefind` on the PATH, else the one pagefind-bin ships
/// try await pagefind?.index(site: "/blog/site", into: "/tmp/bundle", glob: "**/*.{html}")
/// ```
public struct Pagefind: Sendable {
    /// Pagefind, found and run as every program bake runs is.
    public let program: Program
    /// The executable.
    public var executable: String { program.executable }

    public init(executable: String) {
        program = Program(executable: executable)
    }

    /// How to install Pagefind, for the error that says it is missing.
    public static let installHint = "python3 -m pip install pagefind-bin"

    /// `pagefind` on the PATH, else the binary of Python's `pagefind-bin` package as the
    /// `python3` on the PATH finds it (the package has no command of its own: its documented
    /// use is `python3 -m pagefind_bin`); nil when there is neither.
    /// - Parameters:
    ///   - environment: Where to look (its PATH); nil for this process's environment.
    ///   - record: A file where Python's answer is kept with the `python3` that gave it, so
    ///     that the next build does not start Python (which with a version manager's shim
    ///     can cost more than Pagefind's run over a year of posts) while that `python3` is
    ///     the one on the PATH and the binary is still there.
    public static func locate(environment: [String: String]? = nil, record: String? = nil) async -> Pagefind? {
        if let pagefind = Program.find("pagefind", environment: environment) { return Pagefind(executable: pagefind.executable) }
        guard let python = Program.find("python3", environment: environment) else { return nil }
        if let record, let bytes = try? FileIO.readIfPresent(record) {
            let fields = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            if fields.count == 2, fields[0] == python.executable, let kept = Program.find(fields[1]) {
                return Pagefind(executable: kept.executable)
            }
        }
        let script = "import sys, pagefind_bin; sys.stdout.write(str(pagefind_bin.get_executable().absolute()))"
        guard let run = try? await python.run(["-c", script], environment: environment), run.status == 0 else { return nil }
        // An absolute path: found if it is an executable file.
        let path = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let found = Program.find(path) else { return nil }
        if let record, !path.contains("\n") {
            // Only a shortcut: without it, the next build asks Python again.
            try? FileIO.createFolders(FileIO.parent(of: record))
            _ = try? FileIO.writeAtomically(Array((python.executable + "\n" + path + "\n").utf8), to: record, durable: false)
        }
        return Pagefind(executable: found.executable)
    }

    /// Indexes the HTML files of `site` that match `glob` and writes the bundle into `bundle`,
    /// an empty folder. Only pages marked `data-pagefind-body` are indexed when any page is.
    public func index(site: String, into bundle: String, glob: String) async throws(SearchError) {
        let arguments = ["--site", site, "--output-path", bundle, "--glob", glob, "--silent"]
        // Pagefind says what went wrong on standard error.
        let run: ProgramRun
        do {
            run = try await program.run(arguments)
        } catch {
            throw SearchError(.pagefindFailed(status: -1, said: error.description))
        }
        guard run.status != 0 else { return }
        throw SearchError(.pagefindFailed(status: run.status, said: ProgramMessages.pagefind.reason(in: run.errors)))
    }
}
