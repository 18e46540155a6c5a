import Foundation
import Testing

extension MicropubServer {
    /// micropub.rocks 800s: where tokens come from, and what a missing, wrong or narrow one gets.
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubAuthTests {
        @Test func acceptsATokenInTheAuthorizationHeader() async throws {  // 800
            try await MicropubShim.run { shim in
                let answer = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "Header token.")], token: shim.token)
                #expect(answer.status == 201)
            }
        }

        @Test func acceptsATokenInTheBody() async throws {  // 801
            try await MicropubShim.run { shim in
                let answer = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "Body token."), ("access_token", shim.token)])
                #expect(answer.status == 201)
                let json = try await shim.client.post(shim.endpoint, json: ["type": ["h-entry"], "properties": ["content": ["JSON body token."]], "access_token": shim.token])
                #expect(json.status == 201)
            }
        }

        @Test func neverStoresTheAccessTokenInThePost() async throws {  // 802
            try await MicropubShim.run { shim in
                let answer = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "Secret stays out."), ("access_token", shim.token)])
                let url = try #require(answer.location)
                #expect(try !shim.blog.read(try shim.file(for: url)).contains(shim.token))
                #expect(try !shim.blog.read(".micropub-tokens").contains(shim.token))
                let source = try await shim.source(url)
                #expect(source["access-token"] == nil && source["access_token"] == nil)
            }
        }

        @Test func refusesARequestWithoutAToken() async throws {  // 803
            try await MicropubShim.run { shim in
                let before = shim.blog.files("posts")
                let answer = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "Who am I?")])
                #expect(answer.status == 401)
                #expect(answer.error == "unauthorized")
                let query = try await shim.client.get(shim.endpoint, query: [("q", "config")])
                #expect(query.status == 401)
                #expect(shim.blog.files("posts") == before)
            }
        }

        @Test func refusesATokenWithoutTheScope() async throws {  // 804
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Mine.")])
                let narrow = try await MicropubShim.newToken(blog: shim.blog, name: "Create only", scope: "create")
                let update = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": url, "replace": ["content": ["Changed"]]], token: narrow)
                #expect(update.status == 403)
                #expect(update.error == "insufficient_scope")
                let delete = try await shim.client.post(shim.endpoint, form: [("action", "delete"), ("url", url)], token: narrow)
                #expect(delete.error == "insufficient_scope")
                #expect(try shim.parsed(url).body == "Mine.")
            }
        }

        @Test func refusesAWrongTokenAndARevokedOne() async throws {
            try await MicropubShim.run { shim in
                let wrong = try await shim.client.post(shim.endpoint, form: [("h", "entry"), ("content", "x")], token: "bake_not-a-real-token")
                #expect(wrong.status == 403)
                #expect(wrong.error == "forbidden")
                let revoked = try await MicropubShim.command(["revoke-token", "Tests", shim.blog.root])
                #expect(revoked.status == 0)
                let after = try await shim.client.get(shim.endpoint, query: [("q", "config")], token: shim.token)
                #expect(after.status == 403)
                #expect(after.error == "forbidden")
            }
        }
    }
}
