import BakeKit
import Foundation

/// Publishes a baked site as a commit on a branch of a git repository, for GitHub Pages,
/// Codeberg Pages and the hosts that build from git (Netlify, Cloudflare Pages).
///
/// The commit is made on top of the branch as it is on the target, in a bare repository of
/// bake's own (`.bake-cache/deploy/<hash>.git`), never in the blog's repository and never
/// with a checkout: the branch's tree, less the files bake published there before and no
/// longer makes (`PublishedFiles`), plus every file of the site, plus `.nojekyll` (so GitHub
/// Pages serves the files as they are) and, when `@site_url` has a domain of its own, a
/// `CNAME`. Files someone else committed to the branch stay. A deploy that changes no file
/// makes no commit; the commit's message names what changed. It is pushed without force: a
/// branch that moved on the target meanwhile is fetched again by the next deploy.
///
/// ```swift
/// let publisher = GitBranchPublisher(blog: blog, output: output, target: target, branch: branch, siteURL: "https://example.com/")
/// let summary = try await publisher.publish(plan: plan, dryRun: false)
/// ```
struct GitBranchPublisher: Sendable {
    let blog: BlogFolder
    let output: String
    let target: DeployTarget
    let branch: DeployTarget.GitBranch
    /// The site's URL, for a `CNAME`.
    let siteURL: String?
    let git: Program
    /// The ssh git runs for a `git+ssh://` target when no one is there to answer a prompt
    /// (`Rsync.unattendedShell`); nil for git's own.
    let sshCommand: String?

    /// Commits the site on the branch and pushes it; with `dryRun`, only says what would change.
    func publish(plan: DeployPlan, dryRun: Bool) async throws(DeployError) -> DeploySummary {
        let repository = PublishedFiles.path(for: target, in: blog) + ".git"
        if !FileIO.exists(repository + "/HEAD") {
            let made: ProgramRun
            do {
                made = try await git.run(["init", "--quiet", "--bare", repository])
            } catch {
                throw DeployError(.gitFailed(target: target, step: "make its own repository", said: error.description))
            }
            guard made.succeeded else {
                throw DeployError(.gitFailed(target: target, step: "make its own repository", said: ProgramMessages.git.reason(in: made.errors)))
            }
        }
        let parent = try await fetch(repository)
        func inRepository(_ arguments: [String], step: String, input: [UInt8] = []) async throws(DeployError) -> String {
            try await run(arguments, step: step, repository: repository, input: input)
        }
        // The branch's own tree, then bake's changes to it.
        _ = try await inRepository(parent.map { ["read-tree", $0] } ?? ["read-tree", "--empty"], step: "read the branch")
        if !plan.delete.isEmpty {
            _ = try await inRepository(["update-index", "--force-remove", "-z", "--stdin"], step: "remove the pages bake no longer makes", input: DeployPlan.fileList(plan.delete))
        }
        if !plan.publish.isEmpty {
            _ = try await inRepository(["add", "--force", "--pathspec-from-file=-", "--pathspec-file-nul", "--"], step: "add the site's files",
                              input: DeployPlan.fileList(plan.publish))
        }
        for (name, text) in extraFiles(plan) {
            let object = try await inRepository(["hash-object", "-w", "--stdin"], step: "add \(name)", input: Array(text.utf8))
            _ = try await inRepository(["update-index", "--add", "--cacheinfo", "100644,\(object.trimmed),\(name)"], step: "add \(name)")
        }
        let tree = try await inRepository(["write-tree"], step: "write the site's tree").trimmed
        let changes = try await changed(since: parent, tree: tree, repository: repository)
        let bytes = changes.sent.reduce(Int64(0)) { total, path in total + ((try? FileManager.default.attributesOfItem(atPath: output + "/" + path)[.size] as? Int64) ?? 0) }
        let summary = DeploySummary(target: target, dryRun: dryRun, sent: changes.sent, deleted: changes.deleted, bytes: bytes)
        guard !dryRun, !changes.sent.isEmpty || !changes.deleted.isEmpty else { return summary }

        var commit = ["commit-tree", tree, "-m", Self.message(summary)]
        if let parent { commit += ["-p", parent] }
        // The person's own name when git knows it, bake's otherwise.
        let known = (try? await inRepository(["config", "user.email"], step: ""))?.trimmed.isEmpty == false
        let identity = known ? [:] : ["GIT_AUTHOR_NAME": "bake", "GIT_AUTHOR_EMAIL": "bake@localhost", "GIT_COMMITTER_NAME": "bake", "GIT_COMMITTER_EMAIL": "bake@localhost"]
        let made = try await run(commit, step: "commit the site", repository: repository, environment: identity).trimmed
        _ = try await inRepository(["push", "--quiet", branch.repository, "\(made):refs/heads/\(branch.branch)"], step: "push the branch")
        return summary
    }

    /// The files the host needs besides the site's: `.nojekyll`, and a `CNAME` for a domain of
    /// the site's own, unless the site has its own.
    func extraFiles(_ plan: DeployPlan) -> [(String, String)] {
        var files = [(".nojekyll", "")]
        if !plan.publish.contains("CNAME"), let domain = Self.customDomain(siteURL) { files.append(("CNAME", domain + "\n")) }
        return files.filter { name, _ in !plan.publish.contains(name) }
    }

    /// The domain a `CNAME` names for `url`: its host, when the site is at its root on a
    /// domain that is not the host's own (`*.github.io`, `*.codeberg.page`).
    static func customDomain(_ url: String?) -> String? {
        guard let url, let web = WebURL(url), web.path == "/" || web.path.isEmpty else { return nil }
        let host = web.host
        guard host.contains("."), !host.hasPrefix("["), !host.hasSuffix(".github.io"), !host.hasSuffix(".codeberg.page"),
              !host.hasSuffix(".pages.dev"), !host.hasSuffix(".netlify.app"), host != "localhost",
              !host.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        return host
    }

    /// The commit's message: what changed, with the paths.
    static func message(_ summary: DeploySummary) -> String {
        let sent = summary.sent.count
        let deleted = summary.deleted.count
        var subject = "Publish \(sent) changed file\(sent == 1 ? "" : "s")"
        if deleted > 0 { subject += " and delete \(deleted)" }
        let listed = summary.sent.prefix(100).map { "  " + $0 } + summary.deleted.prefix(100).map { "  deleted " + $0 }
        let more = sent + deleted > listed.count ? ["  … and \(sent + deleted - listed.count) more"] : []
        return ([subject + " (bake deploy)", ""] + listed + more).joined(separator: "\n")
    }
}

private extension GitBranchPublisher {
    /// Fetches the branch from the target; its commit, or nil when the branch is new there.
    func fetch(_ repository: String) async throws(DeployError) -> String? {
        let heads = try await run(["ls-remote", "--heads", branch.repository, "refs/heads/" + branch.branch],
                                  step: "read the target's branches", repository: repository)
        guard let line = heads.split(separator: "\n").first(where: { $0.hasSuffix("\trefs/heads/" + branch.branch) }) else { return nil }
        let commit = String(line.prefix { $0 != "\t" })
        if (try? await run(["cat-file", "-e", commit + "^{commit}"], step: "", repository: repository)) == nil {
            _ = try await run(["fetch", "--quiet", "--no-tags", branch.repository, "+refs/heads/\(branch.branch):refs/bake/fetched/\(branch.branch)"],
                              step: "fetch the branch", repository: repository)
        }
        return commit
    }

    /// What the new tree changes from the branch: paths added or changed, and deleted.
    func changed(since parent: String?, tree: String, repository: String) async throws(DeployError) -> (sent: [String], deleted: [String]) {
        let base: String
        if let parent {
            base = parent + "^{tree}"
        } else {
            base = try await run(["hash-object", "-t", "tree", "-w", "--stdin"], step: "compare the site with the branch", repository: repository).trimmed
        }
        let listed = try await run(["diff-tree", "-r", "--no-renames", "--name-status", "-z", base, tree], step: "compare the site with the branch", repository: repository)
        var fields = listed.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        if fields.last == "" { fields.removeLast() }
        var sent: [String] = []
        var deleted: [String] = []
        var index = 0
        while index + 1 < fields.count {
            if fields[index] == "D" { deleted.append(fields[index + 1]) } else { sent.append(fields[index + 1]) }
            index += 2
        }
        return (sent, deleted)
    }

    /// Runs git on bake's repository, with its index and the site as its work tree, from the
    /// site's folder (pathspecs are the site's paths, taken literally); its output, or the
    /// deploy's error naming `step` and git's line.
    func run(_ arguments: [String], step: String, repository: String, environment: [String: String] = [:], input: [UInt8] = []) async throws(DeployError) -> String {
        let result: ProgramRun
        var settings = ProcessInfo.processInfo.environment.merging(["GIT_INDEX_FILE": repository + "/bake-index", "GIT_TERMINAL_PROMPT": "0"]) { $1 }
            .merging(environment) { $1 }
        if let sshCommand { settings["GIT_SSH_COMMAND"] = sshCommand }
        do {
            result = try await git.run(["--literal-pathspecs", "--git-dir", repository, "--work-tree", output] + arguments, in: output,
                                       environment: settings, input: input)
        } catch {
            throw DeployError(.gitFailed(target: target, step: step, said: error.description))
        }
        guard result.succeeded else {
            // git may quote the URL it was given, token and all.
            let said = ProgramMessages.git.reason(in: result.errors).replacingOccurrences(of: branch.repository, with: DeployTarget.redacted(branch.repository))
            throw DeployError(.gitFailed(target: target, step: step, said: said))
        }
        return result.output
    }
}

private extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
