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
    /// - Parameter environment: Where to look (its PATH); nil for this process's environment.
    public static func locate(environment: [String: String]? = nil) async -> Pagefind? {
        if let pagefind = Program.find("pagefind", environment: environment) { return Pagefind(executable: pagefind.executable) }
        guard let python = Program.find("python3", environment: environment) else { return nil }
        let script = "import sys, pagefind_bin; sys.stdout.write(str(pagefind_bin.get_executable().absolute()))"
        guard let run = try? await python.run(["-c", script], environment: environment), run.status == 0 else { return nil }
        // An absolute path: found if it is an executable file.
        let path = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return Program.find(path).map { Pagefind(executable: $0.executable) }
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
