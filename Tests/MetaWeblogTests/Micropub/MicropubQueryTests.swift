import Foundation
import Testing

extension MicropubServer {
    /// micropub.rocks 600s: `q=config`, `q=syndicate-to`, `q=source`; and `q=category`.
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubQueryTests {
        @Test func answersTheConfigQuery() async throws {  // 600
            try await MicropubShim.run { shim in
                let answer = try await shim.client.get(shim.endpoint, query: [("q", "config")], token: shim.token)
                #expect(answer.status == 200)
                #expect(answer["media-endpoint"] as? String == shim.mediaEndpoint)
                #expect((answer["syndicate-to"] as? [Any])?.isEmpty == true)
                #expect(((answer["post-types"] as? [[String: String]]) ?? []).contains { $0["type"] == "note" })
            }
        }

        @Test func answersTheSyndicationQueryWithNoTargets() async throws {  // 601
            try await MicropubShim.run { shim in
                let answer = try await shim.client.get(shim.endpoint, query: [("q", "syndicate-to")], token: shim.token)
                #expect(answer.status == 200)
                #expect((answer["syndicate-to"] as? [Any])?.isEmpty == true)
            }
        }

        @Test func answersTheSourceQueryWithEveryProperty() async throws {  // 602
            try await MicropubShim.run { shim in
                let url = try await shim.create(json: ["type": ["h-entry"], "properties": [
                    "name": ["Source"], "content": ["The *text*."], "category": ["x", "y"], "published": ["2022-02-02T10:00:00-08:00"],
                ]])
                let answer = try await shim.client.get(shim.endpoint, query: [("q", "source"), ("url", url)], token: shim.token)
                #expect(answer["type"] as? [String] == ["h-entry"])
                let properties = try #require(answer["properties"] as? [String: [Any]])
                #expect(properties["name"] as? [String] == ["Source"])
                #expect(properties["content"] as? [String] == ["The *text*."])
                #expect(properties["category"] as? [String] == ["x", "y"])
                #expect(properties["published"] as? [String] == ["2022-02-02T10:00:00-08:00"])
                #expect(properties["url"] as? [String] == [url])
            }
        }

        @Test func answersTheSourceQueryWithSelectedProperties() async throws {  // 603
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("name", "Pick"), ("content", "Some."), ("category", "z")])
                let answer = try await shim.client.get(shim.endpoint, query: [("q", "source"), ("url", url), ("properties[]", "name"), ("properties[]", "category")], token: shim.token)
                #expect(answer["type"] == nil)
                let properties = try #require(answer["properties"] as? [String: [String]])
                #expect(properties == ["name": ["Pick"], "category": ["z"]])
            }
        }

        @Test func answersTheCategoryQueryWithTheBlogsCategories() async throws {
            try await MicropubShim.run { shim in
                _ = try await shim.create(form: [("h", "entry"), ("content", "Cat."), ("category", "Zymurgy")])
                let all = try await shim.client.get(shim.endpoint, query: [("q", "category")], token: shim.token)
                let names = try #require(all["categories"] as? [String])
                #expect(names.contains("Zymurgy") && names.contains("Writing"))
                let filtered = try await shim.client.get(shim.endpoint, query: [("q", "category"), ("filter", "zym")], token: shim.token)
                #expect(filtered["categories"] as? [String] == ["Zymurgy"])
            }
        }

        @Test func refusesAnUnknownQueryAndASourceThatIsNotAPost() async throws {
            try await MicropubShim.run { shim in
                let unknown = try await shim.client.get(shim.endpoint, query: [("q", "everything")], token: shim.token)
                let missing = try await shim.client.get(shim.endpoint, query: [("q", "source"), ("url", "https://smallbatch.example.com/1999/01/01/no.html")], token: shim.token)
                #expect(unknown.status == 400 && unknown.error == "invalid_request")
                #expect(missing.status == 400 && missing.error == "invalid_request")
            }
        }
    }
}
