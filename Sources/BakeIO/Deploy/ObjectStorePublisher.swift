import BakeKit
import Foundation

/// Publishes a baked site to S3-compatible object storage with rclone: each file an object
/// with its `Content-Type` and `Cache-Control` (`ContentType`), only objects whose bytes
/// changed written (rclone compares each file's MD5 with the object's), and only objects
/// bake published there before and no longer makes deleted.
///
/// rclone reads the credentials as the AWS tools do (`AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY`, `AWS_PROFILE`, `~/.aws/credentials`); bake gives it only the
/// store's endpoint and region, in the environment, never a secret.
///
/// Only the files whose size or time changed since the last deploy (`ObjectStoreState`) are
/// handed to rclone, in one run per kind of file (its type and cache rule are headers of the
/// run); then one run deletes. What each run wrote is read from rclone's JSON log.
struct ObjectStorePublisher: Sendable {
    let output: String
    let target: DeployTarget
    let store: DeployTarget.ObjectStore
    let rclone: Program
    /// A folder of bake's own for the runs' file lists.
    let work: String

    /// Writes what changed and deletes what bake no longer makes; with `dryRun`, only says so.
    /// Returns the summary, or throws with `sent` holding what was written before it failed.
    /// - Parameter candidates: The files of `plan.publish` that may have changed since the
    ///   last deploy; the others are not looked at.
    func publish(plan: DeployPlan, candidates: [String], dryRun: Bool, onChange: (@Sendable (RsyncReport.Change) -> Void)?) async throws(Failure) -> DeploySummary {
        // The store and the key are tried first: rclone's copy would take a refused key for
        // a file where the folder should be.
        let check: ProgramRun
        do {
            check = try await rclone.run(["lsf", "--max-depth", "1", remote, "--use-json-log", "--log-level", "ERROR", "--retries", "2"], environment: environment)
        } catch {
            throw Failure(error: DeployError(.storeFailed(target: target, step: "read the bucket", said: error.description, changed: 0)), sent: [])
        }
        guard check.succeeded else {
            let said = RcloneLog(check.errors).firstError ?? ProgramMessages.plain.reason(in: check.errors)
            throw Failure(error: DeployError(.storeFailed(target: target, step: "read the bucket", said: said, changed: 0)), sent: [])
        }
        var sent: [String] = []
        // One run per type and cache rule, in a stable order.
        let groups = Dictionary(grouping: candidates) { ContentHeaders(path: $0) }.sorted { $0.key.type < $1.key.type || ($0.key.type == $1.key.type && $0.key.cache < $1.key.cache) }
        for (index, (headers, paths)) in groups.enumerated() {
            let written: [String]
            do {
                // A few files into a large bucket: ask for each, rather than list them all.
                let traverse = paths.count < 1000 ? ["--no-traverse"] : []
                written = try await run(["copy", output, remote, "--checksum", "--header-upload", "Content-Type: " + headers.type,
                                         "--header-upload", "Cache-Control: " + headers.cache] + traverse,
                                        paths: paths, list: "send-\(index)", step: "write objects", dryRun: dryRun, done: sent.count)
            } catch {
                throw Failure(error: error.error, sent: sent + error.sent)
            }
            sent += written
            for path in written { onChange?(.sent(path)) }
        }
        var deleted: [String] = []
        if !plan.delete.isEmpty {
            do {
                deleted = try await run(["delete", remote], paths: plan.delete, list: "delete", step: "delete objects", dryRun: dryRun, done: sent.count)
            } catch {
                throw Failure(error: error.error, sent: sent)
            }
            for path in deleted { onChange?(.deleted(path)) }
        }
        let bytes = sent.reduce(Int64(0)) { total, path in total + ((try? FileManager.default.attributesOfItem(atPath: output + "/" + path)[.size] as? Int64) ?? 0) }
        return DeploySummary(target: target, dryRun: dryRun, sent: sent.sorted { $0.precedesInBytes($1) }, deleted: deleted.sorted { $0.precedesInBytes($1) }, bytes: bytes)
    }

    /// A failed publish: why, and what it wrote before.
    struct Failure: Error {
        let error: DeployError
        let sent: [String]
    }

    /// rclone's remote for the bucket's folder: `bake:BUCKET/PREFIX`, the remote defined in
    /// the environment (`environment`).
    var remote: String {
        "bake:" + store.bucket + (store.prefix.isEmpty ? "" : "/" + store.prefix)
    }

    /// The remote `bake`, as rclone reads a remote from its environment: S3, the credentials
    /// from the AWS environment and files, the endpoint and region of the target; and no
    /// bucket made when it is missing.
    var environment: [String: String] {
        var variables = ProcessInfo.processInfo.environment
        variables["RCLONE_CONFIG_BAKE_TYPE"] = "s3"
        variables["RCLONE_CONFIG_BAKE_PROVIDER"] = store.endpoint == nil ? "AWS" : "Other"
        variables["RCLONE_CONFIG_BAKE_ENV_AUTH"] = "true"
        variables["RCLONE_CONFIG_BAKE_NO_CHECK_BUCKET"] = "true"
        variables["RCLONE_CONFIG_BAKE_ENDPOINT"] = store.endpoint
        variables["RCLONE_CONFIG_BAKE_REGION"] = store.region
        return variables
    }
}

/// The headers a kind of file is stored with.
private struct ContentHeaders: Hashable {
    let type: String
    let cache: String

    init(path: String) {
        type = ContentType.of(path)
        cache = ContentType.cacheControl(of: path)
    }
}

private extension ObjectStorePublisher {
    /// Runs rclone on `paths` (its `--files-from-raw` list kept in `work`); the paths it wrote
    /// or deleted, or would have with `dryRun`.
    func run(_ arguments: [String], paths: [String], list name: String, step: String, dryRun: Bool, done: Int) async throws(Failure) -> [String] {
        let list = work + "/" + name
        do {
            try FileIO.createFolders(work)
            try FileIO.writeAtomically(Array(paths.map { $0 + "\n" }.joined().utf8), to: list, durable: false)
        } catch {
            throw Failure(error: DeployError(.record(error, published: false)), sent: [])
        }
        let flags = ["--files-from-raw", list, "--use-json-log", "--log-level", "INFO", "--stats", "0", "--retries", "3"] + (dryRun ? ["--dry-run"] : [])
        let result: ProgramRun
        do {
            result = try await rclone.run(arguments + flags, environment: environment)
        } catch {
            throw Failure(error: DeployError(.storeFailed(target: target, step: step, said: error.description, changed: done)), sent: [])
        }
        let log = RcloneLog(result.errors)
        let changed = dryRun ? log.skipped : log.changed
        guard result.succeeded else {
            let said = log.firstError ?? ProgramMessages.plain.reason(in: result.errors)
            throw Failure(error: DeployError(.storeFailed(target: target, step: step, said: said, changed: dryRun ? 0 : done + changed.count)), sent: dryRun ? [] : changed)
        }
        return changed
    }
}

/// A line of rclone's log whose `object` is not a path.
private struct Message: Decodable {
    let level: String?
    let msg: String
}

/// What rclone's JSON log (`--use-json-log`) says it did: one object per line, with the
/// object's path relative to the remote, its level and message.
struct RcloneLog {
    /// Objects written or deleted.
    var changed: [String] = []
    /// Objects a dry run would have written or deleted.
    var skipped: [String] = []
    /// The first error's message.
    var firstError: String?

    /// One line of the log; other fields are not read.
    struct Line: Decodable {
        let level: String?
        let msg: String
        let object: String?
    }

    init(_ text: String) {
        let decoder = JSONDecoder()
        for line in text.split(separator: "\n") where line.hasPrefix("{") {
            // `object` is a string for a file, but may be something else for rclone's own.
            guard let entry = (try? decoder.decode(Line.self, from: Data(line.utf8))) ?? (try? decoder.decode(Message.self, from: Data(line.utf8))).map({ Line(level: $0.level, msg: $0.msg, object: nil) }) else { continue }
            let message = entry.msg
            let level = entry.level ?? ""
            let path = entry.object
            if level == "error" || level == "critical" {
                // The store's own words, when rclone passes them on: `api error InvalidAccessKeyId: …`.
                let said = message.range(of: "api error ").map { String(message[$0.upperBound...]) } ?? message
                if firstError == nil { firstError = (path.flatMap { $0.isEmpty ? nil : $0 + ": " } ?? "") + said }
            } else if let path, !path.isEmpty {
                if message.hasPrefix("Copied") || message == "Deleted" {
                    changed.append(path)
                } else if message.hasPrefix("Skipped copy as --dry-run") || message.hasPrefix("Skipped delete as --dry-run") {
                    skipped.append(path)
                }
            }
        }
    }
}

/// What the last deploy to an object store published: each file's size and time as the
/// output's manifest had them. A file the same in both is not looked at again; any other is
/// handed to rclone, which writes it only if its bytes differ from the object's. Kept beside
/// the target's `PublishedFiles`; losing it costs one deploy that compares every file.
struct ObjectStoreState: Sendable, Hashable {
    static let header = "bake-objects 1"
    var files: [String: SiteManifest.Record] = [:]

    static func path(for target: DeployTarget, in blog: BlogFolder) -> String {
        PublishedFiles.path(for: target, in: blog) + ".objects"
    }

    static func read(for target: DeployTarget, in blog: BlogFolder) -> ObjectStoreState {
        guard let bytes = (try? FileIO.readIfPresent(path(for: target, in: blog))).flatMap({ $0 }) else { return ObjectStoreState() }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.first == Substring(header) else { return ObjectStoreState() }
        var state = ObjectStoreState()
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let size = Int64(fields[0]), let modified = Int64(fields[1]) else { continue }
            state.files[String(fields[2])] = SiteManifest.Record(path: String(fields[2]), size: size, modified: modified, fingerprint: 0)
        }
        return state
    }

    /// The files of `paths` whose record in `manifest` differs from the one published.
    func candidates(_ paths: [String], manifest: SiteManifest) -> [String] {
        paths.filter { path in
            guard let now = manifest.records[path], let then = files[path] else { return true }
            return now.size != then.size || now.modified != then.modified
        }
    }

    /// The state after publishing `paths` as `manifest` has them.
    static func published(_ paths: [String], manifest: SiteManifest) -> ObjectStoreState {
        var state = ObjectStoreState()
        for path in paths { if let record = manifest.records[path] { state.files[path] = record } }
        return state
    }

    func write(for target: DeployTarget, in blog: BlogFolder) throws(FileSystemError) {
        var text = Self.header + "\n"
        for path in files.keys.sorted(by: { $0.precedesInBytes($1) }) {
            guard let record = files[path] else { continue }
            text += "\(record.size)\t\(record.modified)\t\(path)\n"
        }
        let file = Self.path(for: target, in: blog)
        try FileIO.createFolders(FileIO.parent(of: file))
        try FileIO.writeAtomically(Array(text.utf8), to: file)
    }
}
