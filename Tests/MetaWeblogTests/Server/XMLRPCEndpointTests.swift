import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
import XMLRPC

/// The HTTP side and the protocol faults, checked with raw requests.
@Suite(.timeLimit(.minutes(10)))
struct XMLRPCEndpointTests {
    @Test func answersOnlyPostToTheEndpoint() async throws {
        try await ShimHarness.run { shim in
            let notFound = try await TestHTTP.request("POST", "/RPC2", port: shim.port, body: Array("<methodCall/>".utf8))
            #expect(notFound.status == 404)
            #expect(notFound.text.contains("/xmlrpc"))
            let get = try await TestHTTP.request("GET", "/xmlrpc", port: shim.port)
            #expect(get.status == 405)
            #expect(get.headers["allow"] == "POST")
            let index = try await TestHTTP.request("GET", "/", port: shim.port)
            #expect(index.status == 404)
        }
    }

    @Test func answersAtTheWordPressPathToo() async throws {
        try await ShimHarness.run { shim in
            let body = try XMLRPCWriter().encode(XMLRPCRequest(methodName: "system.listMethods"))
            let response = try await shim.post(body, path: "/xmlrpc.php")
            guard case .success(let names) = response else { throw TestFailure(description: "\(response)") }
            #expect(names.arrayValue?.contains("metaWeblog.newPost") == true)
        }
    }

    @Test func listsEveryMethodOfTheIssue() async throws {
        try await ShimHarness.run { shim in
            let expected = [
                "blogger.deletePost", "blogger.getUserInfo", "blogger.getUsersBlogs",
                "metaWeblog.deletePost", "metaWeblog.editPost", "metaWeblog.getCategories", "metaWeblog.getPost", "metaWeblog.getRecentPosts",
                "metaWeblog.newMediaObject", "metaWeblog.newPost",
                "mt.getCategoryList", "mt.getPostCategories", "mt.getRecentPostTitles", "mt.publishPost",
                "mt.setPostCategories", "mt.supportedMethods", "mt.supportedTextFilters",
                "system.listMethods",
                "wp.deletePost", "wp.editPost", "wp.getPost", "wp.getPosts", "wp.getTerms", "wp.getUsersBlogs",
                "wp.newPost", "wp.uploadFile",
            ]
            #expect(try await shim.success("system.listMethods", []) == .array(expected.map { .string($0) }))
            #expect(try await shim.success("mt.supportedMethods", []) == .array(expected.map { .string($0) }))
            let filters = try await shim.success("mt.supportedTextFilters", [])
            #expect(filters.arrayValue?.compactMap { $0["key"]?.stringValue } == ["markdown", "html"])
        }
    }

    @Test func faultsMalformedXML() async throws {
        try await ShimHarness.run { shim in
            let response = try await shim.post(Array("<methodCall><methodName>system.listMethods</methodName>".utf8))
            guard case .fault(let fault) = response else { throw TestFailure(description: "\(response)") }
            #expect(fault.code == -32700)
            #expect(fault.message.contains("not well-formed"))
        }
    }

    @Test func faultsADocumentThatIsNotAMethodCall() async throws {
        try await ShimHarness.run { shim in
            let response = try await shim.post(Array("<?xml version=\"1.0\"?><methodResponse/>".utf8))
            guard case .fault(let fault) = response else { throw TestFailure(description: "\(response)") }
            #expect(fault.code == -32600)
            #expect(fault.message.contains("<methodCall>"))
        }
    }

    @Test func refusesAnEntityExpansionBomb() async throws {
        // "Billion laughs": ten levels of entities that would expand to 10^9 copies of "lol".
        var bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            bomb += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        bomb += "]>\n<methodCall><methodName>&lol9;</methodName><params/></methodCall>"
        try await ShimHarness.run { shim in
            let started = ContinuousClock.now
            let response = try await shim.post(Array(bomb.utf8))
            guard case .fault(let fault) = response else { throw TestFailure(description: "\(response)") }
            #expect(fault.code == -32600)
            #expect(fault.message.contains("DOCTYPE"))
            // Refused before any expansion: well under a second, not minutes.
            #expect(ContinuousClock.now - started < .seconds(60), "refused before any expansion, which would take minutes")
        }
    }

    @Test func refusesAnOversizedBodyWith413() async throws {
        try await ShimHarness.run(maxBodySize: 64 * 1024) { shim in
            var body = Array("<?xml version=\"1.0\"?><methodCall><methodName>system.listMethods</methodName><params><param><value><string>".utf8)
            body += Array(repeating: UInt8(ascii: "a"), count: 100 * 1024)
            body += Array("</string></value></param></params></methodCall>".utf8)
            let reply = try await TestHTTP.request("POST", "/xmlrpc", port: shim.port, body: body)
            #expect(reply.status == 413)
            #expect(reply.text.contains("65536"))
            // A body that is under the limit still works.
            #expect(try await shim.success("system.listMethods", []).arrayValue?.isEmpty == false)
        }
    }

    @Test func refusesAnOversizedBodyThatDoesNotSayItsLength() async throws {
        try await ShimHarness.run(maxBodySize: 64 * 1024) { shim in
            // Chunked, so the limit is found while collecting, not from Content-Length.
            let chunk = String(repeating: "a", count: 16 * 1024)
            var body = ""
            for _ in 0..<6 { body += String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n" }
            body += "0\r\n\r\n"
            let reply = try await TestHTTP.request(
                "POST", "/xmlrpc", port: shim.port, headers: ["Transfer-Encoding": "chunked"], body: Array(body.utf8)
            )
            #expect(reply.status == 413)
        }
    }

    @Test func faultsAnUnknownMethod() async throws {
        try await ShimHarness.run { shim in
            let fault = try await shim.fault("wp.getOptions", ["1"] + ShimHarness.login)
            #expect(fault.code == -32601)
            #expect(fault.message.contains("wp.getOptions"))
        }
    }

    @Test func faultsWrongParametersNamingThem() async throws {
        try await ShimHarness.run { shim in
            var fault = try await shim.fault("metaWeblog.newPost", ["1"] + ShimHarness.login + ["not a struct", true])
            #expect(fault.code == -32602)
            #expect(fault.message.contains("parameter 4 (content) is a string; expected a struct"))
            fault = try await shim.fault("metaWeblog.getRecentPosts", ["1", .string(TestLogin.user)])
            #expect(fault.code == -32602)
            #expect(fault.message.contains("parameter 3 (password) is missing"))
            fault = try await shim.fault("metaWeblog.newPost", ["1"] + ShimHarness.login + [["title": 3.5], true])
            #expect(fault.code == -32602)
            #expect(fault.message.contains("title"))
            fault = try await shim.fault("metaWeblog.newPost", ["1"] + ShimHarness.login + [["mt_convert_breaks": "textile"], true])
            #expect(fault.code == -32602)
            #expect(fault.message.contains("textile"))
        }
    }

    @Test func faultsBadLoginsAfterADelay() async throws {
        try await ShimHarness.run(loginDelay: .milliseconds(300)) { shim in
            for login: [XMLRPCValue] in [[.string(TestLogin.user), "wrong"], ["someone", .string(TestLogin.password)], ["", ""]] {
                let started = ContinuousClock.now
                let fault = try await shim.fault("metaWeblog.getRecentPosts", ["1"] + login + [5])
                #expect(fault.code == 403)
                #expect(fault.message.contains("Bad login"))
                #expect(ContinuousClock.now - started >= .milliseconds(300))
            }
            // A bad login changes nothing.
            let before = shim.blog.files("posts")
            let fault = try await shim.fault("metaWeblog.newPost", ["1", .string(TestLogin.user), "wrong", ["title": "No"], true])
            #expect(fault.code == 403)
            #expect(shim.blog.files("posts") == before)
            #expect(shim.log.events.contains { if case .badLogin(TestLogin.user, _) = $0 { true } else { false } })
        }
    }

    @Test func keepsCRLFAndMarkupExactWhenTheClientEscapesCR() async throws {
        try await ShimHarness.run { shim in
            let text = "a & b < c > d ]]> e\r\nline two 👍🏽\rbare CR\n"
            let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\r", with: "&#13;")
            let call = """
            <?xml version="1.0"?><methodCall><methodName>metaWeblog.newPost</methodName><params>
            <param><value><string>1</string></value></param>
            <param><value>\(TestLogin.user)</value></param>
            <param><value><string>\(TestLogin.password.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;"))</string></value></param>
            <param><value><struct>
            <member><name>title</name><value><string>\(escaped)</string></value></member>
            <member><name>description</name><value><string><![CDATA[cdata & <raw>]]>\(escaped)</string></value></member>
            </struct></value></param>
            <param><value><boolean>1</boolean></value></param>
            </params></methodCall>
            """
            guard case .success(let postID) = try await shim.post(Array(call.utf8)) else { throw TestFailure(description: "newPost failed") }
            let post = try await shim.success("metaWeblog.getPost", [postID] + ShimHarness.login)
            // A header is one line: the title's line breaks become spaces in the file.
            #expect(post["title"] == .string("a & b < c > d ]]> e line two 👍🏽 bare CR"))
            #expect(post["description"] == .string("cdata & <raw>" + text))
        }
    }
}
