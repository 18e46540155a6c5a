import BakeKit
import Testing

@Suite struct EditingEndpointsTests {
    @Test func sitBesideTheXMLRPCEndpoint() throws {
        let endpoints = try #require(EditingEndpoints(settings: try settings(extra: "@xmlrpc_url http://127.0.0.1:9344/xmlrpc")))
        #expect(endpoints.micropub == "http://127.0.0.1:9344/micropub")
        #expect(endpoints.media == "http://127.0.0.1:9344/micropub/media")
        #expect(endpoints.authorization == "http://127.0.0.1:9344/auth")
        #expect(endpoints.token == "http://127.0.0.1:9344/token")
        #expect(endpoints.metadata == "http://127.0.0.1:9344/.well-known/oauth-authorization-server")
    }

    @Test func followMicropubURLWhenItIsSet() throws {
        let endpoints = try #require(EditingEndpoints(settings: try settings(extra: "@xmlrpc_url http://127.0.0.1:9344/xmlrpc\n@micropub_url https://shim.example.com/bake/micropub")))
        #expect(endpoints.micropub == "https://shim.example.com/bake/micropub")
        #expect(endpoints.token == "https://shim.example.com/bake/token")
    }

    @Test func areAbsentWithoutEitherSetting() throws {
        #expect(EditingEndpoints(settings: try settings(extra: "")) == nil)
    }

    private func settings(extra: String) throws -> SiteSettings {
        try SiteSettings(metadata: MetadataParser().parse(text: "@site_name S\n@site_url https://example.com\n" + extra + "\n\n").metadata)
    }
}
