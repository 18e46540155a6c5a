import Foundation

/// The blog's git repository, driven by running `git` as a subprocess.
///
/// ```swift
/// let git = try GitRepository(folder: "/blog")      // throws when /blog is not in a work tree
/// try git.commit(record)                            // git add, then commit only record.paths
/// ```
struct GitRepository: Sendable {
    /// The blog folder; paths are relative to it.
    let folder: String

    /// Checks that `folder` is in a git work tree and that git can commit there.
    init(folder: String) throws(GitError) {
        self.folder = folder
        let inside = try run(["rev-parse", "--is-inside-work-tree"])
        guard inside.status == 0, inside.output.trimmingCharacters(in: .whitespacesAndNewlines) == "true" else {
            throw GitError(.notARepository(path: folder, output: inside.output))
        }
        let identity = try run(["var", "GIT_COMMITTER_IDENT"])
        guard identity.status == 0 else { throw GitError(.noIdentity(output: identity.output)) }
    }

    /// Commits the files of one change, and only those: other changes in the work tree or
    /// the index stay as they were. Paths that git does not know and that no longer exist
    /// are left out; if nothing is left to commit, nothing is.
    func commit(_ record: ChangeRecord) throws(GitError) {
        // With no paths, `ls-files --` would list the whole repository; a change that touched
        // no file (publishing a published post) has nothing to commit.
        guard !record.paths.isEmpty else { return }
        let tracked = Set(try checked(["ls-files", "-z", "--"] + record.paths).split(separator: "\0").map(String.init))
        let paths = record.paths.filter { tracked.contains($0) || FileManager.default.fileExists(atPath: folder + "/" + $0) }
        guard !paths.isEmpty else { return }
        _ = try checked(["add", "--all", "--"] + paths)
        let staged = try run(["diff", "--cached", "--quiet", "--"] + paths)
        guard staged.status != 0 else { return }
        _ = try checked(["commit", "--quiet", "--message", record.message, "--"] + paths)
    }
}

private extension GitRepository {
    /// Runs git in the blog folder; paths are taken literally, never as patterns.
    func run(_ arguments: [String]) throws(GitError) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "--literal-pathspecs", "-C", folder] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw GitError(.unavailable(detail: "\(error.localizedDescription)"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw GitError(.unavailable(detail: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs git and returns its output, or throws when it fails.
    func checked(_ arguments: [String]) throws(GitError) -> String {
        let result = try run(arguments)
        guard result.status == 0 else {
            throw GitError(.commandFailed(arguments: arguments, status: result.status, output: result.output))
        }
        return result.output
    }
}
