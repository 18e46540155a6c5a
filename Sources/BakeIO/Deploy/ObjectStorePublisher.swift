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
/// The files go in one rclone run per kind of file (its type and cache rule are headers of
/// the run), then one run deletes. What each run wrote is read from rclone's JSON log.
struct ObjectStorePublisher: Sendable {
    let output: String
    let target: DeployTarget
    let store: DeployTarget.ObjectStore
    let rclone: Program
    /// A folder of bake's own for the runs' file lists.
    let work: String

    /// Writes what changed and deletes what bake no longer makes; with `dryRun`, only says so.
    /// Returns the summary, or throws with `sent` holding what was written before it failed.
    func publish(plan: DeployPlan, dryRun: Bool, onChange: (@Sendable (RsyncReport.Change) -> Void)?) async throws(Failure) -> DeploySummary {
        var sent: [String] = []
        // One run per type and cache rule, in a stable order.
        let groups = Dictionary(grouping: plan.publish) { ContentHeaders(path: $0) }.sorted { $0.key.type < $1.key.type || ($0.key.type == $1.key.type && $0.key.cache < $1.key.cache) }
        for (index, (headers, paths)) in groups.enumerated() {
            let written: [String]
            do {
                written = try await run(["copy", output, remote, "--checksum", "--header-upload", "Content-Type: " + headers.type,
                                         "--header-upload", "Cache-Control: " + headers.cache],
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

/// What rclone's JSON log (`--use-json-log`) says it did: one object per line, with the
/// object's path relative to the remote, its level and message.
struct RcloneLog {
    /// Objects written or deleted.
    var changed: [String] = []
    /// Objects a dry run would have written or deleted.
    var skipped: [String] = []
    /// The first error's message.
    var firstError: String?

    init(_ text: String) {
        for line in text.split(separator: "\n") where line.hasPrefix("{") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let message = object["msg"] as? String else { continue }
            let level = object["level"] as? String ?? ""
            let path = object["object"] as? String
            if level == "error" || level == "critical" {
                if firstError == nil { firstError = (path.map { $0 + ": " } ?? "") + message }
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
