import BakeIO
import Foundation

/// The blog's git repository, driven by running `git` as a subprocess.
///
/// ```swift
/// let git = try await GitRepository.open(folder: "/blog")   // throws when /blog is not in a work tree
/// try await git.commit(record)                             // git add, then commit only record.paths
/// try await git.commit(record, with: earlier)              // and the paths of changes git could not commit
/// ```
struct GitRepository: Sendable {
    /// The blog folder; paths are relative to it.
    let folder: String
    /// `git` on the PATH of the environment the repository was opened with.
    let git: Program
    /// The environment git runs in.
    let environment: [String: String]
    /// The changes saved that git has yet to commit, in the repository's git folder.
    let uncommitted: UncommittedChanges

    private init(folder: String, git: Program, environment: [String: String], uncommitted: UncommittedChanges) {
        self.folder = folder
        self.git = git
        self.environment = environment
        self.uncommitted = uncommitted
    }

    /// Checks that `folder` is in a git work tree and that git can commit there.
    /// - Parameter environment: What git runs with (its `PATH` finds git); this process's by default.
    static func open(folder: String, environment: [String: String] = ProcessInfo.processInfo.environment) async throws(GitError) -> GitRepository {
        guard let git = Program.find("git", environment: environment) else {
            throw GitError(.unavailable(detail: "git was not found on the PATH"))
        }
        var environment = environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        let probe = GitRepository(folder: folder, git: git, environment: environment, uncommitted: UncommittedChanges(path: ""))
        let inside = try await probe.run(["rev-parse", "--is-inside-work-tree"])
        guard inside.status == 0, inside.output.trimmingCharacters(in: .whitespacesAndNewlines) == "true" else {
            throw GitError(.notARepository(path: folder, output: inside.output))
        }
        let identity = try await probe.run(["var", "GIT_COMMITTER_IDENT"])
        guard identity.status == 0 else { throw GitError(.noIdentity(output: identity.output)) }
        // `.git` may be a file (a worktree, a submodule); git knows where its folder is.
        var list = try await probe.checked(["rev-parse", "--git-path", UncommittedChanges.fileName])
            .trimmingCharacters(in: .newlines)
        if !list.hasPrefix("/") { list = folder + "/" + list }
        return GitRepository(folder: folder, git: git, environment: environment, uncommitted: UncommittedChanges(path: list))
    }

    /// Commits the files of one change, and those of `earlier` changes that git could not
    /// commit, and only those: other changes in the work tree or the index stay as they were.
    /// Paths that git does not know and that no longer exist are left out; if nothing is left
    /// to commit, nothing is.
    ///
    /// The commit message is the change's; when the commit includes earlier changes, its
    /// subject says how many (`newPost: posts/… "Title" (and 1 earlier change)`) and its body
    /// gives their messages.
    /// - Returns: The earlier changes the commit includes: those with a file that differed
    ///   from the last commit (a change committed since, by hand, is left out).
    @discardableResult
    func commit(_ record: ChangeRecord, with earlier: [ChangeRecord] = []) async throws(GitError) -> [ChangeRecord] {
        // With no paths, `ls-files --` would list the whole repository; a change that touched
        // no file (publishing a published post) has nothing to commit.
        guard !record.paths.isEmpty else { return [] }
        var seen = Set<String>()
        let all = (earlier.flatMap(\.paths) + record.paths).filter { seen.insert($0).inserted }
        let tracked = Set(try await checked(["ls-files", "-z", "--"] + all).split(separator: "\0").map(String.init))
        let paths = all.filter { tracked.contains($0) || FileManager.default.fileExists(atPath: folder + "/" + $0) }
        guard !paths.isEmpty else { return [] }
        _ = try await checked(["add", "--all", "--"] + paths)
        // Named as given (relative to the blog, not to the top of the repository), each on its
        // own: a rename would otherwise hide the file it came from.
        let staged = Set(try await checked(["diff", "--cached", "--name-only", "--relative", "--no-renames", "-z", "--"] + paths)
            .split(separator: "\0").map(String.init))
        guard !staged.isEmpty else { return [] }
        let included = earlier.filter { $0.paths.contains(where: staged.contains) }
        _ = try await checked(["commit", "--quiet", "--message", Self.message(record, with: included), "--"] + paths)
        return included
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

    /// The commit message of `record`, naming the earlier changes committed with it.
    static func message(_ record: ChangeRecord, with earlier: [ChangeRecord]) -> String {
        guard !earlier.isEmpty else { return record.message }
        let count = earlier.count == 1 ? "1 earlier change" : "\(earlier.count) earlier changes"
        return "\(record.message) (and \(count))\n\n"
            + "With what git could not commit when it was saved:\n\n"
            + earlier.map { "- \($0.message)" }.joined(separator: "\n")
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
