import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The executable end to end: flags in, messages and exit codes out.
@Suite(.timeLimit(.minutes(1)))
struct BakeMetaWeblogCommandTests {
    @Test func hashesAPasswordFromAPipe() throws {
        let result = try Self.run(["hash-password", "--cost", "10"], input: "piped secret\n")
        #expect(result.status == 0)
        let hash = try #require(PasswordHash(result.stdout.trimmingCharacters(in: .newlines)))
        #expect(hash.cost == 10)
        #expect(hash.matches("piped secret"))
        #expect(!hash.matches("piped secret\n"))
    }

    @Test func refusesACheapCostAndAnEmptyPassword() throws {
        var result = try Self.run(["hash-password", "--cost", "4"], input: "secret\n")
        #expect(result.status != 0)
        #expect(result.stderr.contains("--cost 4 is out of range"))
        result = try Self.run(["hash-password"], input: "\n")
        #expect(result.status != 0)
        #expect(result.stderr.contains("the password is empty"))
    }

    @Test func refusesARemoteHostWithoutTheFlag() throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let result = try Self.run([blog.root, "--host", "0.0.0.0", "--port", "0"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--allow-remote"))
    }

    @Test func aPortInUseIsAOneLineError() throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        // Hold a loopback port, then ask the shim for it.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &length) == 0 }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try Self.run([blog.root, "--port", String(port)])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bake-metaweblog: cannot serve on 127.0.0.1:\(port)"))
        #expect(result.stderr.contains("expected a free port"))
        #expect(!result.stderr.contains("Error:"))
    }

    @Test func refusesToStartWithoutALogin() throws {
        let blog = try TestBlog(login: false)
        defer { blog.delete() }
        let result = try Self.run([blog.root, "--port", "0"], environment: [:])
        #expect(result.status == 1)
        #expect(result.stderr.contains("@metaweblog_user"))
        #expect(result.stderr.contains("@metaweblog_password_hash"))
    }

    @Test func servesUntilInterrupted() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let process = Process()
        process.executableURL = try builtExecutable("bake-metaweblog")
        process.arguments = [blog.root, "--port", "0"]
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let line = try await onThread { () throws -> String in
            var bytes: [UInt8] = []
            while !bytes.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                bytes += chunk
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(line.hasPrefix("Listening at http://127.0.0.1:"))
        let port = try #require(Int(line.split(separator: ":")[2].prefix { $0.isNumber }))
        let reply = try await TestHTTP.request("GET", "/xmlrpc", port: port)
        #expect(reply.status == 405)
        kill(process.processIdentifier, SIGINT)
        try await eventually("bake-metaweblog to stop on SIGINT", timeout: .seconds(20)) { !process.isRunning }
        #expect(process.terminationStatus == 0)
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ arguments: [String], input: String = "", environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try builtExecutable("bake-metaweblog")
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
