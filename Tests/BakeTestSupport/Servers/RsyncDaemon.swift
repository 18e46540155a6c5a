import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `rsync --daemon` on 127.0.0.1 and a free port, started and stopped by one test.
///
/// It serves the writable module `site` from `folder`, and `locked`, the same folder behind
/// the login `bake` / `right`:
///
/// ```swift
/// let daemon = try await RsyncDaemon.start(serving: root + "/target", configIn: root)
/// defer { daemon.stop() }
/// // rsync … rsync://127.0.0.1:\(daemon.port)/site/
/// ```
public final class RsyncDaemon: Sendable {
    /// The port it listens on.
    public let port: Int
    /// The folder the modules serve.
    public let folder: String
    private let program: BackgroundProgram

    private init(port: Int, folder: String, program: BackgroundProgram) {
        self.port = port
        self.folder = folder
        self.program = program
    }

    /// The module's URL: `rsync://127.0.0.1:PORT/site`.
    public var url: String { "rsync://127.0.0.1:\(port)/site" }

    /// Starts the daemon, its config and log in `configFolder`, and waits until it accepts
    /// connections. A port taken between choosing it and binding it is tried again.
    public static func start(serving folder: String, configIn configFolder: String) async throws -> RsyncDaemon {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for _ in 0..<5 {
            let port = try freePort()
            let config = configFolder + "/rsyncd-\(port).conf"
            let secrets = configFolder + "/rsyncd.secrets"
            try Data("bake:right\n".utf8).write(to: URL(fileURLWithPath: secrets))
            chmod(secrets, 0o600)
            try Data("""
            use chroot = no
            address = 127.0.0.1
            port = \(port)
            uid = \(getuid())
            gid = \(getgid())
            log file = \(configFolder)/rsyncd-\(port).log
            [site]
                path = \(folder)
                read only = false
            [locked]
                path = \(folder)
                read only = false
                auth users = bake
                secrets file = \(secrets)

            """.utf8).write(to: URL(fileURLWithPath: config))
            let program = try await BackgroundProgram.start(
                "/usr/bin/env", ["rsync", "--daemon", "--no-detach", "--config=\(config)"], errors: .discarded
            )
            let daemon = RsyncDaemon(port: port, folder: folder, program: program)
            // Until it accepts, or ends (its output closes when it does).
            var accepting = false
            try await eventually("rsync --daemon to accept on port \(port)") {
                if let socket = try? TestSocket(port: port, timeoutSeconds: 1) {
                    socket.close()
                    accepting = true
                }
                return accepting || program.hasEnded
            }
            if accepting { return daemon }
            // It exited: most likely the port was taken meanwhile. Try another.
        }
        throw TestFailure(description: "rsync --daemon did not start; is rsync installed?")
    }

    /// Stops the daemon; it ends on its own.
    public func stop() {
        program.signal(SIGTERM)
    }
}

/// A port on 127.0.0.1 that refuses connections for as long as this value lives: bound and
/// never listening, so that no server of another test can take it meanwhile, as it could take
/// a port from `freePort()` (which is free only when asked) on a busy machine.
public final class RefusingPort: Sendable {
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            let error = errno
            close(descriptor)
            throw POSIXError(.init(rawValue: error) ?? .EIO)
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}

/// A port on 127.0.0.1 that nothing listens on right now: bound on port 0, then closed.
public func freePort() throws -> Int {
    try RefusingPort().port
}
