import LinkCheck
import Testing

@Suite struct SiteAddressTests {
    let site = SiteAddress(url: "https://example.com/blog")

    @Test func rootRelativeLinksUnderTheSitePathLeadToItsFiles() {
        #expect(site.resolve("/blog/2014/03/31/hello.html", on: "index.html") == .site(path: "2014/03/31/hello.html", fragment: nil))
        #expect(site.resolve("/blog/", on: "index.html") == .site(path: "", fragment: nil))
        #expect(site.resolve("/blog", on: "index.html") == .site(path: "", fragment: nil))
    }
}
