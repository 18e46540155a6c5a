import BakeKit
import Foundation
import Testing

extension MicropubServer {
    /// micropub.rocks 400s: updates, on editPost's path (same file, same permalink, `@modDate`).
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubUpdateTests {
        @Test func replacesAPropertyInTheSameFile() async throws {  // 400
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Before."), ("published", "2021-05-01T12:00:00Z")])
                let path = try shim.file(for: url)
                let answer = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": url, "replace": ["content": ["After."]]], token: shim.token)
                #expect(answer.status == 200)
                // The answer names the post, which a client may open next.
                #expect(answer.location == url)
                #expect(answer["url"] as? String == url)
                #expect(try shim.file(for: try #require(answer.location)) == path)
                #expect(try shim.file(for: url) == path)
                let file = try shim.parsed(url)
                #expect(file.body == "After.")
                #expect(file.metadata["modDate"] != nil)
                #expect(file.metadata["pubDate"] == "2021-05-01 05:00:00 -0700")
                #expect(try shim.page(url).contains("After."))
            }
        }

        @Test func addsAValueToAnExistingProperty() async throws {  // 401
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Tags."), ("category", "first")])
                let answer = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": url, "add": ["category": ["second"]]], token: shim.token)
                #expect([200, 204].contains(answer.status))
                #expect(try shim.parsed(url).metadata["categoryArray"] == "first, second")
            }
        }

        @Test func addsAValueToAPropertyThePostLacks() async throws {  // 402
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "No tags yet.")])
                _ = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": url, "add": ["category": ["new"], "syndication": ["https://elsewhere.example/1"]]], token: shim.token)
                let source = try await shim.source(url)
                #expect(source["category"] as? [String] == ["new"])
                #expect(source["syndication"] as? [String] == ["https://elsewhere.example/1"])
            }
        }

        @Test func removesOneValueOfAProperty() async throws {  // 403
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Three."), ("category[]", "a"), ("category[]", "b"), ("category[]", "c")])
                _ = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": url, "delete": ["category": ["b"]]], token: shim.token)
                #expect(try shim.parsed(url).metadata["categoryArray"] == "a, c")
            }
        }

        @Test func removesAWholeProperty() async throws {  // 404
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("name", "Titled"), ("content", "Text."), ("category", "gone")])
                _ = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": url, "delete": ["category", "name"]], token: shim.token)
                let file = try shim.parsed(url)
                #expect(file.metadata["categoryArray"] == nil)
                #expect(file.metadata["title"] == nil)
                #expect(file.body == "Text.")
            }
        }

        @Test func refusesAnOperationThatIsNotAnArray() async throws {  // 405
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Stays.")])
                let before = try shim.blog.read(try shim.file(for: url))
                let answer = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": url, "replace": ["content": "not an array"]], token: shim.token)
                #expect(answer.status == 400)
                #expect(answer.error == "invalid_request")
                #expect(try shim.blog.read(try shim.file(for: url)) == before)
            }
        }

        @Test func refusesAnUnknownActionAForeignURLAndBrokenJSON() async throws {
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Here.")])
                let unknown = try await shim.client.post(shim.endpoint, json: ["action": "explode", "url": url], token: shim.token)
                let foreign = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": "https://elsewhere.example/2020/01/01/x.html", "replace": ["content": ["x"]]], token: shim.token)
                let missing = try await shim.client.post(shim.endpoint, json: ["action": "update", "url": "https://smallbatch.example.com/2001/01/01/none.html", "replace": ["content": ["x"]]], token: shim.token)
                let broken = try await shim.client.post(shim.endpoint, body: "{\"action\": \"update\", ", contentType: "application/json", token: shim.token)
                for answer in [unknown, foreign, missing, broken] {
                    #expect(answer.status == 400)
                    #expect(answer.error == "invalid_request")
                    #expect(!((answer["error_description"] as? String) ?? "").isEmpty)
                }
            }
        }
    }
}
