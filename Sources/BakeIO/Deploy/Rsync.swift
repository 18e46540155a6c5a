import Foundation

/// rsync, run as a child process with its arguments as an array (no shell between).
///
/// ```swift
/// let rsync = try Rsync.find()
/// let arguments = Rsync.arguments(.send, fileList: listPath, source: "/blog/site", target: target, dryRun: false)
/// let result = try await rsync.run(arguments) { change in print(change) }
/// ```
public struct Rsync: Sendable {
    /// What a run printed, and how it ended.
    public struct Result: Sendable {
        public let status: Int32
        public let report: RsyncReport
        /// Standard error, as rsync wrote it.
        public let errors: String
    }

    /// rsync, found and run as every program bake runs is.
    public let program: Program
    /// The rsync executable.
    public var executable: String { program.executable }

    public init(executable: String) {
        program = Program(executable: executable)
    }

    /// The `rsync` on the PATH.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws(DeployError) -> Rsync {
        guard let rsync = Program.find("rsync", environment: environment) else {
            throw DeployError(.rsyncMissing)
        }
        return Rsync(executable: rsync.executable)
    }

    /// What one run of rsync does.
    public enum Pass: Sendable {
        /// Sends the files named in the list that differ on the target; a file that vanished
        /// meanwhile is skipped, never deleted.
        case send
        /// Deletes the files named in the list on the target. The source holds only their
        /// folders, so that rsync can find its way to them.
        case delete
    }

    /// The arguments for one pass of a deploy: `fileList` names paths below `source`, one
    /// per NUL, and only those paths are sent or deleted.
    ///
    /// - Files are compared by checksum, so one rewritten with the same bytes is not sent.
    /// - Times are not kept: a file keeps its mtime on the target until its bytes change.
    /// - Files sent are readable by a web server (644, folders 755), whatever the local umask;
    ///   the delete pass changes no folder's permissions.
    /// - No `--delete`: only files named in the list can be deleted, and bake's bookkeeping
    ///   is excluded even if named.
    /// - Parameter remoteShell: The remote shell for a `user@host:path` target, as rsync's
    ///   `--rsh` takes it; nil for rsync's own (ssh, or `RSYNC_RSH`).
    public static func arguments(_ pass: Pass, fileList: String, source: String, target: DeployTarget, dryRun: Bool, remoteShell: String? = nil) -> [String] {
        var arguments = ["--files-from=\(fileList)", "--from0"]
        switch pass {
        case .send: arguments += ["--ignore-missing-args", "--checksum", "--perms", "--chmod=D755,F644"]
        case .delete: arguments += ["--delete-missing-args"]
        }
        arguments += [
            "--exclude=\(SiteManifest.fileName)", "--exclude=\(StaleTempFiles.rsyncPattern)",
            "--itemize-changes", "--stats", "--no-human-readable", "--timeout=60",
        ]
        if target.kind == .daemon { arguments.append("--contimeout=20") }
        if target.kind == .shell, let remoteShell { arguments.append("--rsh=\(remoteShell)") }
        if dryRun { arguments.append("--dry-run") }
        // Paths that start with "-" are taken as paths after "--".
        arguments += ["--", source.hasSuffix("/") ? source : source + "/", target.rsyncDestination]
        return arguments
    }

    /// How long an unattended ssh waits for a host to answer, in seconds.
    public static let connectTimeout = 20

    /// The remote shell for a publish that no one is there to answer, as the shim's: ssh never
    /// asks for a password, a passphrase or to trust a new host, and gives up on a host that
    /// does not answer. `shell` is the user's own (`RSYNC_RSH`), else ssh.
    public static func unattendedShell(_ shell: String? = nil) -> String {
        "\(shell ?? "ssh") -o BatchMode=yes -o ConnectTimeout=\(connectTimeout)"
    }

    /// Whether rsync's standard error says that ssh could not log in without asking: no key
    /// it may use, or a host it does not know yet.
    public static func needsKey(_ errors: String) -> Bool {
        // ssh names the methods it tried, "(publickey,password)"; a file's errno is "(13)".
        errors.contains(/Permission denied \([a-z\-,]+\)/) || errors.contains("Host key verification failed")
    }

    /// Runs rsync to its end; `onChange` hears of every file sent or deleted as it goes.
    public func run(_ arguments: [String], onChange: (@Sendable (RsyncReport.Change) -> Void)? = nil) async throws(DeployError) -> Result {
        var onLine: (@Sendable (Substring) -> Void)?
        if let onChange {
            onLine = { line in
                if let change = RsyncReport.change(in: line) { onChange(change) }
            }
        }
        let run: ProgramRun
        do {
            run = try await program.run(arguments, onOutputLine: onLine)
        } catch {
            throw DeployError(.rsyncMissing)
        }
        return Result(status: run.status, report: RsyncReport(output: run.output), errors: run.errors)
    }

}
