import BakeIO
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The executable end to end: flags in, messages and exit codes out.
@Suite(.timeLimit(.minutes(10)))
struct BakeMetaWeblogCommandTests {
    @Test func hashesAPasswordFromAPipe() async throws {
        let result = try await Self.run(["hash-password", "--cost", "10"], input: "piped secret\n")
        #expect(result.status == 0)
        let hash = try #require(PasswordHash(result.stdout.trimmingCharacters(in: .newlines)))
        #expect(hash.cost == 10)
        #expect(hash.matches("piped secret"))
        #expect(!hash.matches("piped secret\n"))
    }

    @Test func refusesACheapCostAndAnEmptyPassword() async throws {
        var result = try await Self.run(["hash-password", "--cost", "4"], input: "secret\n")
        #expect(result.status != 0)
        #expect(result.stderr.contains("--cost 4 is out of range"))
        result = try await Self.run(["hash-password"], input: "\n")
        #expect(result.status != 0)
        #expect(result.stderr.contains("the password is empty"))
    }

    @Test func refusesARemoteHostWithoutTheFlag() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let result = try await Self.run([blog.root, "--host", "0.0.0.0", "--port", "0"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--allow-remote"))
    }

    @Test func aPortInUseIsAOneLineError() async throws {
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
        let result = try await Self.run([blog.root, "--port", String(port)])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bake-metaweblog: cannot serve on 127.0.0.1:\(port)"))
        #expect(result.stderr.contains("expected a free port"))
        #expect(!result.stderr.contains("Error:"))
    }

    @Test func refusesToStartWithoutALogin() async throws {
        let blog = try TestBlog(login: false)
        defer { blog.delete() }
        let result = try await Self.run([blog.root, "--port", "0"], environment: [:])
        #expect(result.status == 1)
        #expect(result.stderr.contains("@metaweblog_user"))
        #expect(result.stderr.contains("@metaweblog_password_hash"))
    }

    @Test func servesUntilInterrupted() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let shim = try await BackgroundProgram.start(
            try builtExecutable("bake-metaweblog").path, [blog.root, "--port", "0"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"], errors: .discarded
        )
        defer { shim.signal(SIGKILL) }
        let line = await shim.nextLine() ?? ""
        #expect(line.hasPrefix("Listening at http://127.0.0.1:"))
        let port = try #require(Int(line.split(separator: ":")[2].prefix { $0.isNumber }))
        let reply = try await TestHTTP.request("GET", "/xmlrpc", port: port)
        #expect(reply.status == 405)
        shim.signal(SIGINT)
        #expect(try await shim.exit() == 0)
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ arguments: [String], input: String = "", environment: [String: String]? = nil) async throws -> Result {
        let shim = Program(executable: try builtExecutable("bake-metaweblog").path)
        let run = try await shim.run(arguments, environment: environment, input: Array(input.utf8))
        return Result(status: run.status, stdout: run.output, stderr: run.errors)
    }
}
