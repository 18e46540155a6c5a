@testable import MetaWeblog
import Testing

@Suite struct ClientAddressTests {
    @Test func readsPlainWebAddressesWithTheirOrigin() throws {
        #expect(ClientAddress("https://app.example/callback")?.origin == "https://app.example:443")
        #expect(ClientAddress("HTTPS://App.Example:8443")?.origin == "https://app.example:8443")
        #expect(ClientAddress("http://127.0.0.1:4000/cb?x=1#top")?.origin == "http://127.0.0.1:4000")
        #expect(ClientAddress("http://[::1]:8080/cb")?.origin == "http://[::1]:8080")
        #expect(ClientAddress("https://app.example/")?.policySource == "https://app.example:443")
    }

    @Test func readsAnAppsOwnScheme() throws {
        #expect(ClientAddress("ia-writer://micropub/callback")?.kind == .app(scheme: "ia-writer"))
        #expect(ClientAddress("com.example.app:/oauth")?.policySource == "com.example.app:")
    }

    /// Each is read by a browser as a page on evil.example, or runs code: none is a web address
    /// of the client's, nor an app's scheme.
    @Test(arguments: [
        "https:evil.example/cb", "https:/evil.example/cb", "https:///evil.example/cb", "HTTPS:evil.example/cb",
        "https:\\\\evil.example/cb", "https:/\\evil.example", "https://app.example@evil.example/", "https://evil.example%2F@app.example/",
        "https://evil.example%2Eexample/", "https://ev il.example/", "https://evil.example\t/", " https://evil.example/",
        "https://évil.example/", "https://app.example:0/", "https://app.example:99999/", "https://app.example:/",
        "https://app..example/", "https://app.example./", "https://", "http://[::1/", "ftp://evil.example/", "file:///etc/passwd",
        "ws://evil.example/", "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,hi", "vbscript:x", "blob:https://x/y",
        "", "no-scheme", "1http://x/", ":x",
    ])
    func refusesWhatABrowserReadsAnotherWay(_ text: String) {
        #expect(ClientAddress(text) == nil, "\(text) was accepted")
    }
}
