import BakeTestSupport
import Foundation
@testable import MetaWeblog
import Testing

@Suite struct TokenStoreTests {
    @Test func keepsOnlyTheHashAndFindsTheToken() throws {
        try withBlog { blog in
            let store = TokenStore(blog: blog.folder)
            let (token, record) = try store.add(name: "iA Writer", scopes: [.create, .media], now: Date(timeIntervalSince1970: 0))
            #expect(token.hasPrefix("bake_") && token.count == 48)
            #expect(record.created == "1970-01-01T00:00:00Z")
            let file = try blog.read(TokenStore.fileName)
            #expect(!file.contains(token) && file.contains(record.sha256))
            #expect(try store.find(token)?.name == "iA Writer")
            #expect(try store.find(token + "x") == nil)
            #expect(throws: TokenStoreError(.nameTaken("iA Writer"))) { try store.add(name: "iA Writer", scopes: [.create], now: Date()) }
            #expect(try store.add(name: "iA Writer", scopes: [.create], now: Date(), uniqueName: true).record.name == "iA Writer 2")
            try store.revoke(name: "iA Writer")
            #expect(try store.find(token) == nil)
            #expect(throws: TokenStoreError(.noSuchToken("iA Writer"))) { try store.revoke(name: "iA Writer") }
        }
    }

    @Test func readsScopesAsClientsSendThem() {
        #expect(TokenScope.parse("create update,media post profile") == [.create, .update, .media])
    }
}

/// Runs `body` with a fresh sample blog, deleted afterwards.
private func withBlog(_ body: (TestBlog) throws -> Void) throws {
    let blog = try TestBlog()
    defer { blog.delete() }
    try body(blog)
}
