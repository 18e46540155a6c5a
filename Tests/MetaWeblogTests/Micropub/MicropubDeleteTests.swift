import Foundation
import Testing

extension MicropubServer {
    /// micropub.rocks 500s: delete moves the post into `.trash/`, undelete brings it back.
    @Suite(.timeLimit(.minutes(10)))
    struct MicropubDeleteTests {
        @Test func deletesAPostFromAFormIntoTheTrash() async throws {  // 500
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Short-lived.")])
                let path = try shim.file(for: url)
                let answer = try await shim.client.post(shim.endpoint, form: [("action", "delete"), ("url", url)], token: shim.token)
                #expect([200, 204].contains(answer.status))
                #expect(!shim.blog.exists(path))
                #expect(shim.blog.exists(".trash/" + path))
                #expect(!shim.blog.exists("site/" + url.dropFirst("https://smallbatch.example.com/".count)))
            }
        }

        @Test func deletesAPostFromJSON() async throws {  // 501
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Also short-lived.")])
                let path = try shim.file(for: url)
                let answer = try await shim.client.post(shim.endpoint, json: ["action": "delete", "url": url], token: shim.token)
                #expect([200, 204].contains(answer.status))
                #expect(shim.blog.exists(".trash/" + path))
            }
        }

        @Test func undeletesAPostFromAFormAtItsPermalink() async throws {  // 502
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Back again.")])
                let path = try shim.file(for: url)
                let text = try shim.blog.read(path)
                _ = try await shim.client.post(shim.endpoint, form: [("action", "delete"), ("url", url)], token: shim.token)
                let answer = try await shim.client.post(shim.endpoint, form: [("action", "undelete"), ("url", url)], token: shim.token)
                #expect([200, 201, 204].contains(answer.status))
                #expect(try shim.blog.read(path) == text)
                #expect(try shim.page(url).contains("Back again."))
            }
        }

        @Test func undeletesAPostFromJSON() async throws {  // 503
            try await MicropubShim.run { shim in
                let url = try await shim.create(form: [("h", "entry"), ("content", "Round trip.")])
                let path = try shim.file(for: url)
                _ = try await shim.client.post(shim.endpoint, json: ["action": "delete", "url": url], token: shim.token)
                let answer = try await shim.client.post(shim.endpoint, json: ["action": "undelete", "url": url], token: shim.token)
                #expect([200, 201, 204].contains(answer.status))
                #expect(shim.blog.exists(path))
                let again = try await shim.client.post(shim.endpoint, json: ["action": "undelete", "url": url], token: shim.token)
                #expect(again.status == 400)
            }
        }
        /// A permalink used again: the second post at it is deleted too. Undelete brings back
        /// the one deleted last, not the older one, and the older stays in the trash.
        @Test func undeleteAfterThePermalinkWasUsedAgainRestoresTheLastDeleted() async throws {
            try await MicropubShim.run { shim in
                let first = try await shim.create(form: [("h", "entry"), ("name", "Reused"), ("content", "The first.")])
                let path = try shim.file(for: first)
                _ = try await shim.client.post(shim.endpoint, form: [("action", "delete"), ("url", first)], token: shim.token)
                let second = try await shim.create(form: [("h", "entry"), ("name", "Reused"), ("content", "The second.")])
                #expect(second == first)
                _ = try await shim.client.post(shim.endpoint, form: [("action", "delete"), ("url", second)], token: shim.token)
                let answer = try await shim.client.post(shim.endpoint, form: [("action", "undelete"), ("url", first)], token: shim.token)
                #expect([200, 201, 204].contains(answer.status))
                #expect(try shim.blog.read(path).contains("The second."))
                #expect(try shim.blog.read(".trash/" + path).contains("The first."))
                #expect(try shim.page(first).contains("The second."))
                // Deleted again, it goes after the older one; undelete still takes the last.
                _ = try await shim.client.post(shim.endpoint, form: [("action", "delete"), ("url", first)], token: shim.token)
                #expect(try shim.blog.read(".trash/" + path.replacingOccurrences(of: ".markdown", with: "~2.markdown")).contains("The second."))
                _ = try await shim.client.post(shim.endpoint, form: [("action", "undelete"), ("url", first)], token: shim.token)
                #expect(try shim.blog.read(path).contains("The second."))
            }
        }
    }
}
