import BakeKit
import BakeTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary under concurrent calls from Python threads, one `ServerProxy` each, and
/// stopped by a signal while posts stream in.
@Suite(.timeLimit(.minutes(10)), .enabled(if: PythonClient.isAvailable))
struct ConcurrencyTests {
    /// Calls `method` once per argument list in `calls`, all at once on threads, and prints
    /// one JSON result (or `{"error": …}`) per line, in the order of `calls`.
    static let script = """
    import json, sys, xmlrpc.client
    from concurrent.futures import ThreadPoolExecutor
    endpoint, method, calls = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    def call(params):
        try:
            return {"result": getattr(xmlrpc.client.ServerProxy(endpoint), method)(*params)}
        except Exception as error:
            return {"error": repr(error)}
    with ThreadPoolExecutor(len(calls)) as pool:
        for answer in pool.map(call, calls):
            print(json.dumps(answer))
    """

    @Test func twentyNewPostsWithOneTitleAndDateGiveTwentyFiles() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let shim = try await ShimProcess(blog: blog.root)
        let calls = (0..<20).map { number in
            ["1", TestLogin.user, TestLogin.password,
             ["title": "Same title", "description": "Body \(number).", "dateCreated": "20250704T12:00:00"], true] as [Any]
        }
        let ids = try await Self.run(shim, "metaWeblog.newPost", calls).map { try #require($0 as? String) }
        #expect(Set(ids).count == 20)
        #expect(blog.files("posts/2025/07/04").count == 20)
        for (number, postID) in ids.enumerated() {
            #expect(try MetadataParser().parse(blog.bytes("posts/" + postID)).body == "Body \(number).")
        }
        try await shim.stop(SIGTERM)
        #expect(shim.terminationStatus == 0)
    }

    @Test func tenEditsOfOnePostLeaveOneWholeVersion() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let shim = try await ShimProcess(blog: blog.root)
        let postID = "2019/03/14/late_night_note.markdown"
        let bodies = (0..<10).map { "Version \($0). " + String(repeating: "Text \($0) ", count: 800) }
        let calls = bodies.map { [postID, TestLogin.user, TestLogin.password, ["description": $0], true] as [Any] }
        let results = try await Self.run(shim, "metaWeblog.editPost", calls)
        #expect(results.allSatisfy { ($0 as? Bool) == true })
        let parsed = try MetadataParser().parse(blog.bytes("posts/" + postID))
        let version = try #require(bodies.firstIndex(of: parsed.body))
        #expect(parsed.metadata["pubDate"] != nil)
        // The last re-bake saw the version the file holds.
        #expect(try blog.read("site/2019/03/14/late_night_note.html").contains("Version \(version)."))
        try await shim.stop(SIGTERM)
    }

    /// SIGTERM while posts arrive: each answered post is there whole, and the server ends.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalMidStreamEndsTheServerWithEveryAnsweredPostWhole(signal: Int32) async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let shim = try await ShimProcess(blog: blog.root)
        let stream = """
        import json, sys, xmlrpc.client
        proxy = xmlrpc.client.ServerProxy(sys.argv[1])
        for number in range(10000):
            body = "Streamed %d. " % number + "words " * 3000
            try:
                postid = proxy.metaWeblog.newPost("1", sys.argv[2], sys.argv[3], {"title": "Stream %d" % number, "description": body}, True)
            except Exception as error:
                break
            print(json.dumps([postid, body]), flush=True)
        """
        let python = Task { try await runPython(stream, [shim.endpoint, TestLogin.user, TestLogin.password]) }
        try await eventually("posts to stream in") { shim.count("Saved ") >= 5 }
        try await shim.stop(signal)
        #expect(shim.terminationStatus == 0)
        let answered = try await python.value.split(separator: "\n")
        #expect(answered.count >= 5)
        for line in answered {
            let pair = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String])
            #expect(try MetadataParser().parse(blog.bytes("posts/" + pair[0])).body == pair[1])
        }
        #expect(!(blog.files("posts") + blog.files("drafts")).contains { $0.contains(".bake-") })
    }
}

private extension ConcurrencyTests {
    static func run(_ shim: ShimProcess, _ method: String, _ calls: [[Any]]) async throws -> [Any] {
        let arguments = String(decoding: try JSONSerialization.data(withJSONObject: calls), as: UTF8.self)
        let output = try await runPython(script, [shim.endpoint, method, arguments])
        return try output.split(separator: "\n").map { line in
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let error = answer["error"] { throw TestFailure(description: "\(method): \(error)") }
            return answer["result"] as Any
        }
    }
}
