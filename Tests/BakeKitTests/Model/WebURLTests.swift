import BakeKit
import Testing

@Suite struct WebURLTests {
    @Test(arguments: [
        "https://example.com",
        "https://example.com/2014/03/31/hello.html?a=1&b=2#top",
        "HTTP://Example.COM:8080/path",
        "http://127.0.0.1:9344/xmlrpc",
        "https://[::1]:8443/",
        "https://en.wikipedia.org/wiki/Washington,_D.C.",
        "https://mastodon.social/@ada",
    ])
    func readsAPlainWebURL(_ text: String) throws {
        let url = try #require(WebURL(text))
        #expect(url.text == text)
    }

    /// Everything a browser would read otherwise, or that is not a page on the web.
    @Test(arguments: [
        "", "example.com", "/2014/03/31/hello.html", "//example.com/",
        "javascript:alert(1)", "data:text/html,<script>", "ftp://example.com/", "mailto:ada@example.com",
        "https:evil.example/", "https:///evil.example/", "https:\\\\evil.example", "https://good.example@evil.example/",
        "https://exa mple.com/", "https://example.com/a b", "https://example.com/\n@link x", "https://example.com/\"><script>",
        "https://example.com/<b>", "https://exämple.com/", "https://example.com/café", "https://example.com:0/",
        "https://example.com:99999/", "https://example..com/", "https://",
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(WebURL(text) == nil, "\(text)")
    }

    @Test func readsTheHostAndPort() throws {
        let url = try #require(WebURL("HTTPS://Example.com/x"))
        #expect(url.scheme == "https" && url.host == "example.com" && url.port == 443)
        #expect(WebURL("http://example.com:8080/")?.port == 8080)
    }

    @Test func readsAndWritesAListSeparatedByCommas() throws {
        let urls = try #require(WebURL.list("https://a.example/, https://b.example/me ,,"))
        #expect(urls.map(\.text) == ["https://a.example/", "https://b.example/me"])
        #expect(WebURL.list("https://a.example/, javascript:alert(1)") == nil)
        #expect(WebURL.list("") == [])
        // A comma inside a URL is written %2C, so the list reads back as the same URLs.
        let comma = try #require(WebURL("https://en.wikipedia.org/wiki/Washington,_D.C."))
        let text = WebURL.listText([comma, try #require(WebURL("https://b.example/"))])
        #expect(text == "https://en.wikipedia.org/wiki/Washington%2C_D.C., https://b.example/")
        #expect(WebURL.list(text)?.map(\.text) == ["https://en.wikipedia.org/wiki/Washington%2C_D.C.", "https://b.example/"])
    }

    @Test func labelsAURLWithoutItsScheme() {
        #expect(WebURL("https://example.com/")?.label == "example.com")
        #expect(WebURL("https://mastodon.social/@ada")?.label == "mastodon.social/@ada")
        #expect(WebURL("http://example.com/2014/03/31/")?.label == "example.com/2014/03/31/")
    }

    @Test func readsThePathAndTellsAPageOfASiteByOriginAndPath() throws {
        #expect(WebURL("https://example.com")?.path == "/")
        #expect(WebURL("https://example.com?q=1")?.path == "/")
        #expect(WebURL("https://example.com/a/b.html?q=1#top")?.path == "/a/b.html")
        let site = try #require(WebURL("https://host.example/~alice"))
        #expect(try #require(WebURL("https://host.example/~alice/2024/x.html")).isPage(ofSite: site))
        #expect(try #require(WebURL("https://HOST.example:443/~alice")).isPage(ofSite: site))
        #expect(!(try #require(WebURL("https://host.example/~alicex/")).isPage(ofSite: site)))
        #expect(!(try #require(WebURL("https://host.example/~bob/")).isPage(ofSite: site)))
        #expect(!(try #require(WebURL("http://host.example/~alice/")).isPage(ofSite: site)))
        #expect(!(try #require(WebURL("https://host.example:8443/~alice/")).isPage(ofSite: site)))
        let root = try #require(WebURL("http://127.0.0.1:8080/"))
        #expect(try #require(WebURL("http://127.0.0.1:8080/any/page")).isPage(ofSite: root))
        #expect(!(try #require(WebURL("http://127.0.0.1:9090/any/page")).isPage(ofSite: root)))
    }
}
