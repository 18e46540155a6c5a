import BakeIO
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
import XMLRPC

/// The shim running in-process on 127.0.0.1, port 0, for one test.
final class ShimHarness: Sendable {
    let blog: TestBlog
    let log: EventLog<MetaWeblogEvent>
    private let harness: ServerHarness<MetaWeblogServer>

    /// Starts the shim on `blog` and waits until it listens.
    init(
        blog: TestBlog, maxBodySize: Int = XMLRPCParser.defaultMaxBodySize, bodyTimeout: Duration = .seconds(60),
        loginDelay: Duration = .milliseconds(20), environment: [String: String] = [:], deploy: Bool = false,
        clock: any WallClock = SystemWallClock(), commitRetry: Duration = .seconds(1)
    ) async throws {
        self.blog = blog
        let log = EventLog<MetaWeblogEvent>()
        self.log = log
        let server = try await MetaWeblogServer(
            options: MetaWeblogOptions(
                blog: blog.folder, port: 0, maxBodySize: maxBodySize, bodyTimeout: bodyTimeout, loginDelay: loginDelay,
                environment: environment, deploy: deploy, clock: clock, commitRetry: commitRetry
            ),
            onEvent: { log.append($0) }
        )
        harness = try await ServerHarness(server, name: "the shim")
    }

    var port: Int { harness.port }

    /// The endpoint's URL.
    var endpoint: String { "http://127.0.0.1:\(port)/xmlrpc" }

    /// Runs `body` with a shim on a fresh sample blog, then stops it and deletes the blog.
    static func run(
        settings: [String] = [], maxBodySize: Int = XMLRPCParser.defaultMaxBodySize, bodyTimeout: Duration = .seconds(60),
        loginDelay: Duration = .milliseconds(20), _ body: (ShimHarness) async throws -> Void
    ) async throws {
        let blog = try TestBlog(settings: settings)
        defer { blog.delete() }
        let shim = try await ShimHarness(blog: blog, maxBodySize: maxBodySize, bodyTimeout: bodyTimeout, loginDelay: loginDelay)
        try await shim.whileRunning { try await body(shim) }
    }

    /// Runs `body`, then stops the shim, whether or not `body` throws.
    func whileRunning<T>(_ body: () async throws -> T) async throws -> T {
        try await harness.whileRunning(body)
    }

    /// Stops gracefully and waits for `run()` to return (20 s at most).
    func stop() async throws {
        try await harness.stop()
    }

    /// Calls a method through our own codec and a raw HTTP request.
    func call(_ method: String, _ params: [XMLRPCValue]) async throws -> XMLRPCResponse {
        let body = try XMLRPCWriter().encode(XMLRPCRequest(methodName: method, params: params))
        return try await post(body)
    }

    /// Posts a raw body to `/xmlrpc` and reads the reply as XML-RPC.
    func post(_ body: [UInt8], path: String = "/xmlrpc") async throws -> XMLRPCResponse {
        let reply = try await TestHTTP.request("POST", path, port: port, headers: ["Content-Type": "text/xml"], body: body)
        guard reply.status == 200 else { throw TestFailure(description: "HTTP \(reply.status): \(reply.text)") }
        return try XMLRPCParser().parseResponse(reply.body)
    }

    /// The result of a call that must succeed.
    func success(_ method: String, _ params: [XMLRPCValue]) async throws -> XMLRPCValue {
        switch try await call(method, params) {
        case .success(let value): return value
        case .fault(let fault): throw TestFailure(description: "\(method) failed: \(fault.code) \(fault.message)")
        }
    }

    /// The fault of a call that must fail.
    func fault(_ method: String, _ params: [XMLRPCValue]) async throws -> XMLRPCFault {
        switch try await call(method, params) {
        case .success(let value): throw TestFailure(description: "\(method) succeeded with \(value); expected a fault")
        case .fault(let fault): return fault
        }
    }

    /// The user name and password parameters.
    static let login: [XMLRPCValue] = [.string(TestLogin.user), .string(TestLogin.password)]
}

extension MetaWeblogServer: TestServer {}
