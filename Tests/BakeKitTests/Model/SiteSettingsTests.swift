import BakeKit
import Foundation
import Testing

@Suite struct SiteSettingsTests {
    func settings(_ text: String) throws -> SiteSettings {
        try SiteSettings(metadata: MetadataParser().parse(text: text).metadata)
    }

    /// The settings errors as `site.settings:line: message` lines.
    func problems(_ text: String) -> [String] {
        do {
            _ = try settings(text)
            Issue.record("expected the settings to be rejected")
            return []
        } catch let error as MetadataErrors {
            // In a build they are sorted by line, as every diagnostic is.
            return BuildFailure(error.diagnostics(path: "site.settings")).diagnostics.map(\.description)
        } catch {
            Issue.record("unexpected error \(error)")
            return []
        }
    }

    @Test func everyKey() throws {
        let s = try settings("""
        @site_name Small Batch
        @site_url https://smallbatch.example.com/
        @site_description Notes on writing.
        @author Mira Okafor
        @time_zone America/Los_Angeles
        @home_post_count 5
        @feed_post_count 12
        @language en-GB
        @xmlrpc_url http://127.0.0.1:9344/xmlrpc
        @theme_color teal
        """)
        #expect(s.name == "Small Batch")
        #expect(s.url == "https://smallbatch.example.com")
        #expect(s.basePath == "")
        #expect(s.origin == "https://smallbatch.example.com")
        #expect(s.description == "Notes on writing.")
        #expect(s.author == "Mira Okafor")
        #expect(s.timeZone.identifier == "America/Los_Angeles")
        #expect(s.homePostCount == 5)
        #expect(s.feedPostCount == 12)
        #expect(s.language == "en-GB")
        #expect(s.xmlrpcURL == "http://127.0.0.1:9344/xmlrpc")
        #expect(s.metadata["theme_color"] == "teal")
    }

    @Test func defaults() throws {
        let s = try settings("@site_name Tiny\n@site_url https://example.com\n")
        #expect(s.homePostCount == 8)
        #expect(s.feedPostCount == 20)
        #expect(s.language == "en")
        #expect(s.timeZone == TimeZone(identifier: "UTC"))
        #expect(s.timeZone.secondsFromGMT(for: Date()) == 0)
        #expect(s.xmlrpcURL == nil)
        #expect(s.description == "")
        #expect(s.author == "")
    }

    @Test func siteInASubfolder() throws {
        let s = try settings("@site_name Sub\n@site_url https://example.com/blog/\n")
        #expect(s.url == "https://example.com/blog")
        #expect(s.basePath == "/blog")
        #expect(s.origin == "https://example.com")
    }

    @Test func emptyXMLRPCURLTurnsRSDOff() throws {
        #expect(try settings("@site_name A\n@site_url https://example.com\n@xmlrpc_url (empty-string)\n").xmlrpcURL == nil)
    }

    @Test func missingSiteURL() {
        #expect(problems("@site_name No URL\n") == [
            "site.settings:1: missing @site_url; expected a line such as `@site_url https://example.com` in the header",
        ])
    }

    @Test func relativeSiteURL() {
        #expect(problems("@site_name A\n@site_url example.com/blog\n") == [
            "site.settings:2: @site_url has the value `example.com/blog`; expected an absolute URL such as https://example.com",
        ])
    }

    @Test func badTimeZone() {
        #expect(problems("@site_name A\n@site_url https://example.com\n@time_zone Mars/Olympus_Mons\n") == [
            "site.settings:3: @time_zone has the value `Mars/Olympus_Mons`; expected an IANA zone name such as America/Los_Angeles",
        ])
    }

    @Test(arguments: ["eight", "-1", "8.5", ""])
    func badHomePostCount(_ value: String) {
        #expect(problems("@site_name A\n@site_url https://example.com\n@home_post_count \(value)\n") == [
            "site.settings:3: @home_post_count has the value `\(value)`; expected a whole number such as 8",
        ])
    }

    @Test func badXMLRPCURL() {
        #expect(problems("@site_name A\n@site_url https://example.com\n@xmlrpc_url /xmlrpc\n") == [
            "site.settings:3: @xmlrpc_url has the value `/xmlrpc`; expected an absolute URL such as http://127.0.0.1:9344/xmlrpc",
        ])
    }

    @Test func searchIsOffUnlessTurnedOn() throws {
        #expect(try settings("@site_name A\n@site_url https://example.com\n").search == false)
        #expect(try settings("@site_name A\n@site_url https://example.com\n@search true\n").search == true)
        #expect(problems("@site_name A\n@site_url https://example.com\n@search pagefind\n") == [
            "site.settings:3: @search has the value `pagefind`; expected true or false",
        ])
    }

    @Test func meIsAListOfWebURLs() throws {
        #expect(try settings("@site_name A\n@site_url https://example.com\n").me == [])
        let me = try settings("@site_name A\n@site_url https://example.com\n@me https://mastodon.social/@ada, https://github.com/ada\n").me
        #expect(me.map(\.text) == ["https://mastodon.social/@ada", "https://github.com/ada"])
        #expect(problems("@site_name A\n@site_url https://example.com\n@me https://github.com/ada, @ada@mastodon.social\n") == [
            "site.settings:3: @me has the value `https://github.com/ada, @ada@mastodon.social`; expected http or https URLs separated by commas, such as https://mastodon.social/@you, https://github.com/you",
        ])
    }

    @Test func everyProblemAtOnce() {
        #expect(problems("@site_url ftp://example.com\n@time_zone Nowhere\n@home_post_count many\n@feed_post_count few\n") == [
            "site.settings:1: @site_url has the value `ftp://example.com`; expected an absolute URL such as https://example.com",
            "site.settings:1: missing @site_name; expected a line such as `@site_name value` in the header",
            "site.settings:2: @time_zone has the value `Nowhere`; expected an IANA zone name such as America/Los_Angeles",
            "site.settings:3: @home_post_count has the value `many`; expected a whole number such as 8",
            "site.settings:4: @feed_post_count has the value `few`; expected a whole number such as 20",
        ])
    }
}
