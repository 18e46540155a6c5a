import BakeIO
import Foundation

/// The blog's git repository, driven by running `git` as a subprocess.
///
/// ```swift
/// let git = try await GitRepository.open(folder: "/blog")   // throws when /blog is not in a work tree
/// try await git.commit(record)                             // git add, then commit only record.paths
/// ```
struct GitRepository: Sendable {
    /// The blog folder; paths are relative to it.
    let folder: String
    /// `git` on the PATH of the environment the repository was opened with.
    let git: Program
    /// The environment git runs in.
    let environment: [String: String]

    private init(folder: String, git: Program, environment: [String: String]) {
        self.folder = folder
        self.git = git
        self.environment = environment
    }

    /// Checks that `folder` is in a git work tree and that git can commit there.
    /// - Parameter environment: What git runs with (its `PATH` finds git); this process's by default.
    static func open(folder: String, environment: [String: String] = ProcessInfo.processInfo.environment) async throws(GitError) -> GitRepository {
        guard let git = Program.find("git", environment: environment) else {
            throw GitError(.unavailable(detail: "git was not found on the PATH"))
        }
        var environment = environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        let repository = GitRepository(folder: folder, git: git, environment: environment)
        let inside = try await repository.run(["rev-parse", "--is-inside-work-tree"])
        guard inside.status == 0, inside.output.trimmingCharacters(in: .whitespacesAndNewlines) == "true" else {
            throw GitError(.notARepository(path: folder, output: inside.output))
        }
        let identity = try await repository.run(["var", "GIT_COMMITTER_IDENT"])
        guard identity.status == 0 else { throw GitError(.noIdentity(output: identity.output)) }
        return repository
    }

    /// Commits the files of one change, and only those: other changes in the work tree or
    /// the index stay as they were. Paths that git does not know and that no longer exist
    /// are left out; if nothing is left to commit, nothing is.
    func commit(_ record: ChangeRecord) async throws(GitError) {
        // With no paths, `ls-files --` would list the whole repository; a change that touched
        // no file (publishing a published post) has nothing to commit.
        guard !record.paths.isEmpty else { return }
        let tracked = Set(try await checked(["ls-files", "-z", "--"] + record.paths).split(separator: "\0").map(String.init))
        let paths = record.paths.filter { tracked.contains($0) || FileManager.default.fileExists(atPath: folder + "/" + $0) }
        guard !paths.isEmpty else { return }
        _ = try await checked(["add", "--all", "--"] + paths)
        let staged = try await run(["diff", "--cached", "--quiet", "--"] + paths)
        guard staged.status != 0 else { return }
        _ = try await checked(["commit", "--quiet", "--message", record.message, "--"] + paths)
    }
}

private extension GitRepository {
    /// Runs git in the blog folder, its standard error after its output; paths are taken
    /// literally, never as patterns.
    func run(_ arguments: [String]) async throws(GitError) -> (status: Int32, output: String) {
        let result: ProgramRun
        do {
            result = try await git.run(["--literal-pathspecs", "-C", folder] + arguments, environment: environment)
        } catch {
            throw GitError(.unavailable(detail: error.description))
        }
        let output = result.output + result.errors
        if result.status == 127 {
            throw GitError(.unavailable(detail: output.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return (result.status, output)
    }

    /// Runs git and returns its output, or throws when it fails.
    func checked(_ arguments: [String]) async throws(GitError) -> String {
        let result = try await run(arguments)
        guard result.status == 0 else {
            throw GitError(.commandFailed(arguments: arguments, status: result.status, output: result.output))
        }
        return result.output
    }
}
