import BakeIO
import BakeLinks
@testable import MetaWeblog
import Testing

@Suite struct PublishedRedirectsTests {
    static func page(_ body: String, type: String = "text/html; charset=utf-8", link: String = "", url: String = "https://app.example/") -> Curl.Page {
        Curl.Page(status: 200, url: url, contentType: type, link: link, body: Array(body.utf8))
    }

    static func check(_ redirect: String, client: String = "https://app.example/", page: Curl.Page?) async throws -> PublishedRedirects.Trust {
        let redirects = PublishedRedirects { _ in page }
        return await redirects.check(clientID: try #require(ClientAddress(client)), redirect: try #require(ClientAddress(redirect)))
    }

    @Test func readsTheRedirectsOfAPageAHeaderAndAMetadataDocument() {
        let html = Self.page(#"<link rel="redirect_uri" href="/cb"><link rel="redirect_uri me" href="http://localhost:8080/cb">"#)
        #expect(PublishedRedirects.redirects(of: html) == ["https://app.example/cb", "http://localhost:8080/cb"])
        let header = Self.page("", link: #"<https://login.app.example/cb>; rel="redirect_uri", </next>; rel=next"#)
        #expect(PublishedRedirects.redirects(of: header) == ["https://login.app.example/cb"])
        let json = Self.page(#"{"client_id": "https://app.example/", "redirect_uris": ["https://auth.app.example/cb", 7]}"#, type: "application/json")
        #expect(PublishedRedirects.redirects(of: json) == ["https://auth.app.example/cb"])
        // Relative links are read against where the page ended up after redirects.
        let moved = Self.page(#"<link rel="redirect_uri" href="cb">"#, url: "https://app.example/moved/here")
        #expect(PublishedRedirects.redirects(of: moved) == ["https://app.example/moved/cb"])
    }

    @Test func decidesFromWhatThePageSays() async throws {
        let listing = Self.page(#"<link rel="redirect_uri" href="https://login.app.example/cb">"#)
        #expect(try await Self.check("https://app.example/cb", page: nil) == .ownSite)
        #expect(try await Self.check("ia-writer://micropub", page: nil) == .ownSite)
        #expect(try await Self.check("https://login.app.example/cb", page: listing) == .listed)
        #expect(try await Self.check("https://evil.example/cb", page: listing) == .notListed)
        #expect(try await Self.check("https://login.app.example/cb?x", page: listing) == .notListed)
        guard case .unconfirmed = try await Self.check("https://login.app.example/cb", page: nil) else {
            Issue.record("an unreadable page should leave the choice to the user")
            return
        }
        let missing = Curl.Page(status: 404, url: "https://app.example/", contentType: "text/html", link: "", body: [])
        #expect(try await Self.check("https://login.app.example/cb", page: missing) == .unconfirmed(reason: "the app's page at its client_id answered 404"))
    }
}
