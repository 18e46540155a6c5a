import BakeKit
import Foundation

/// Publishes a baked site to a target with rsync, or as a commit on a git branch
/// (`GitBranchPublisher`), deleting there only what bake published before and no longer makes.
///
/// The files it may send are those the output's `.bake-manifest` lists; the files it may
/// delete are those it recorded as published to that target (`PublishedFiles`) and the
/// manifest no longer lists. A first deploy to a target therefore deletes nothing.
///
/// It runs rsync once to send, and once more to delete when there is something to delete,
/// from a folder of empty folders: rsync cannot delete a file by name when the file's folder
/// is gone from its source too, as a removed post's day folder is. The record is replaced only
/// after both succeeded. When sending fails, only what rsync did send is added to it, so that
/// bake never claims a file on the target that it did not write.
///
/// ```swift
/// let target = try DeployTarget("me@example.com:www", relativeTo: blog.root)
/// let summary = try SiteDeployer(blog: blog, output: blog.defaultOutput, target: target, rsync: try Rsync.find()).deploy()
/// ```
public struct SiteDeployer: Sendable {
    public let blog: BlogFolder
    /// The baked site, with its manifest.
    public let output: String
    public let target: DeployTarget
    public let rsync: Rsync
    /// The remote shell for a `user@host:path` target (`Rsync.unattendedShell` when no one is
    /// there to type a password); nil for rsync's own.
    public let remoteShell: String?
    /// The site's URL (`@site_url`): a git branch gets a `CNAME` for a domain of its own.
    public let siteURL: String?

    public init(blog: BlogFolder, output: String, target: DeployTarget, rsync: Rsync, remoteShell: String? = nil, siteURL: String? = nil) {
        self.siteURL = siteURL
        self.blog = blog
        self.output = output
        self.target = target
        self.rsync = rsync
        self.remoteShell = remoteShell
    }

    /// The rsync a target needs: found on the PATH for a folder, ssh or daemon target; none
    /// for object storage or a git branch, which are written with rclone and git.
    public static func rsync(for target: DeployTarget) throws(DeployError) -> Rsync {
        switch target.kind {
        case .folder, .shell, .daemon: return try Rsync.find()
        case .git, .objectStore: return Rsync(executable: "rsync")
        }
    }

    /// What a blog's settings say to publish: its output folder to its `@deploy_to`.
    public init(configuration: BlogConfiguration, rsync: Rsync, remoteShell: String? = nil) throws(DeployError) {
        guard let text = configuration.settings.deployTo else { throw DeployError(.noTarget) }
        self.init(
            blog: configuration.blog, output: configuration.output, target: try DeployTarget(text, relativeTo: configuration.blog.root),
            rsync: rsync, remoteShell: remoteShell, siteURL: configuration.settings.url
        )
    }

    /// Sends what changed and deletes what bake no longer makes; with `dryRun`, only says so.
    /// - Parameter onChange: Hears of each file as rsync sends or deletes it.
    public func deploy(dryRun: Bool = false, onChange: (@Sendable (RsyncReport.Change) -> Void)? = nil) async throws(DeployError) -> DeploySummary {
        let manifest: SiteManifest?
        do {
            manifest = try SiteWriter(output: output).existingManifest()
        } catch {
            manifest = nil
        }
        guard let manifest else { throw DeployError(.noManifest(output: output)) }
        let published: PublishedFiles
        do {
            published = try PublishedFiles.read(for: target, in: blog)
        } catch {
            throw DeployError(.record(error, published: false))
        }
        let plan = DeployPlan(site: manifest, published: published)
        if case .objectStore(let store) = target.kind {
            guard let rclone = Program.find("rclone") else { throw DeployError(.rcloneMissing) }
            let work = PublishedFiles.path(for: target, in: blog) + ".work"
            defer { try? FileManager.default.removeItem(atPath: work) }
            let summary: DeploySummary
            let state = ObjectStoreState.read(for: target, in: blog)
            do throws(ObjectStorePublisher.Failure) {
                summary = try await ObjectStorePublisher(output: output, target: target, store: store, rclone: rclone, work: work)
                    .publish(plan: plan, candidates: state.candidates(plan.publish, manifest: manifest), dryRun: dryRun, onChange: onChange)
            } catch let failure {
                // What was written is bake's to delete later, as with rsync.
                let sent = Set(plan.publish).intersection(failure.sent)
                if !dryRun, !sent.isEmpty { try? PublishedFiles(paths: published.paths + sent).write(for: target, in: blog) }
                throw failure.error
            }
            if !dryRun {
                do {
                    try PublishedFiles(paths: plan.publish).write(for: target, in: blog)
                    try ObjectStoreState.published(plan.publish, manifest: manifest).write(for: target, in: blog)
                } catch {
                    throw DeployError(.record(error, published: true))
                }
            }
            return summary
        }
        if case .git(let branch) = target.kind {
            guard let git = Program.find("git") else { throw DeployError(.gitMissing) }
            let summary = try await GitBranchPublisher(blog: blog, output: output, target: target, branch: branch, siteURL: siteURL, git: git, sshCommand: remoteShell)
                .publish(plan: plan, dryRun: dryRun)
            if !dryRun {
                do {
                    try PublishedFiles(paths: plan.publish).write(for: target, in: blog)
                } catch {
                    throw DeployError(.record(error, published: true))
                }
            }
            return summary
        }
        let work = PublishedFiles.path(for: target, in: blog) + ".work"
        defer { try? FileManager.default.removeItem(atPath: work) }

        let sending = try await run(.send, plan.publish, source: output, work: work, dryRun: dryRun, onChange: onChange)
        guard sending.status == 0 else {
            let sent = Set(plan.publish).intersection(sending.report.sent)
            if !dryRun, !sent.isEmpty {
                try? PublishedFiles(paths: published.paths + sent).write(for: target, in: blog)
            }
            throw failure(sending, changed: dryRun ? 0 : sending.report.sent.count)
        }
        var deleted: [String] = []
        var deletingBytes: Int64 = 0
        if !plan.delete.isEmpty {
            let skeleton = work + "/folders"
            do {
                for folder in plan.deletedFolders { try FileIO.createFolders(skeleton + "/" + folder) }
            } catch {
                throw DeployError(.record(error, published: !dryRun))
            }
            let deleting = try await run(.delete, plan.delete, source: skeleton, work: work, dryRun: dryRun, onChange: onChange)
            guard deleting.status == 0 else {
                if !dryRun { try? PublishedFiles(paths: plan.publish + plan.delete).write(for: target, in: blog) }
                throw failure(deleting, changed: dryRun ? 0 : sending.report.sent.count + deleting.report.deleted.count)
            }
            deleted = deleting.report.deleted
            deletingBytes = deleting.report.bytesSent
        }
        if !dryRun {
            do {
                try PublishedFiles(paths: plan.publish).write(for: target, in: blog)
            } catch {
                throw DeployError(.record(error, published: true))
            }
        }
        return DeploySummary(
            target: target, dryRun: dryRun, sent: sending.report.sent, deleted: deleted,
            bytes: dryRun ? sending.report.transferredSize : sending.report.bytesSent + deletingBytes
        )
    }
}

private extension SiteDeployer {
    /// Runs one pass over `paths`, its file list kept in `work` while it runs.
    func run(_ pass: Rsync.Pass, _ paths: [String], source: String, work: String, dryRun: Bool, onChange: (@Sendable (RsyncReport.Change) -> Void)?) async throws(DeployError) -> Rsync.Result {
        let list = work + "/files"
        do {
            try FileIO.createFolders(work)
            try FileIO.writeAtomically(DeployPlan.fileList(paths), to: list, durable: false)
        } catch {
            throw DeployError(.record(error, published: false))
        }
        let arguments = Rsync.arguments(pass, fileList: list, source: source, target: target, dryRun: dryRun, remoteShell: remoteShell)
        return try await rsync.run(arguments, onChange: onChange)
    }

    func failure(_ result: Rsync.Result, changed: Int) -> DeployError {
        let said = ProgramMessages.rsync.reason(in: result.errors)
        // Unattended, ssh fails rather than ask; say what it needs.
        if remoteShell != nil, target.kind == .shell, changed == 0, Rsync.needsKey(result.errors) {
            return DeployError(.needsKey(target: target, said: said))
        }
        return DeployError(.rsyncFailed(target: target, status: result.status, said: said, changed: changed))
    }
}
