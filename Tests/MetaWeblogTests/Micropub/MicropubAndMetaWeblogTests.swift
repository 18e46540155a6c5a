import BakeTestSupport
import Foundation
import Testing
import XMLRPC

extension MicropubServer {
    /// One server, two protocols: a post is the same file whichever way it is written.
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubAndMetaWeblogTests {
        @Test func aPostMadeOverMicropubEditedOverMetaWeblogAndUpdatedOverMicropubStaysOneFile() async throws {
            try #require(PythonClient.isAvailable)
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("name", "Both ways"), ("content", "First."), ("category", "one")])
                let path = try shim.file(for: url)
                let xmlrpc = try await PythonClient(endpoint: shim.process.endpoint)
                defer { xmlrpc.close() }
                let postID = String(path.dropFirst("posts/".count))
                let login: [XMLRPCValue] = [.string(TestLogin.user), .string(TestLogin.password)]
                let edited = try await xmlrpc.success("metaWeblog.editPost", [.string(postID)] + login + [["description": "Second.", "title": "Both ways, edited"], true])
                #expect(edited == .bool(true))
                let fetched = try await xmlrpc.success("metaWeblog.getPost", [.string(postID)] + login)
                #expect(fetched["permaLink"] == .string(url))
                let answer = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": url, "replace": ["content": ["Third."]], "add": ["category": ["two"]]], token: shim.token)
                #expect([200, 204].contains(answer.status))
                #expect(try shim.file(for: url) == path)
                let file = try shim.parsed(url)
                #expect(file.body == "Third.")
                #expect(file.metadata["title"] == "Both ways, edited")
                #expect(file.metadata["categoryArray"] == "one, two")
                let day = String(path.dropFirst("posts/".count).prefix(10))
                #expect(shim.blog.files("posts/" + day).filter { $0.contains("both-ways") }.count == 1)
                #expect(try shim.page(url).contains("Third."))
            }
        }
    }
}
