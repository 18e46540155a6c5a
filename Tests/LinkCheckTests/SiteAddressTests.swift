import LinkCheck
import Testing

@Suite struct SiteAddressTests {
    let site = SiteAddress(url: "https://example.com/blog")

    @Test func rootRelativeLinksUnderTheSitePathLeadToItsFiles() {
        #expect(site.resolve("/blog/2014/03/31/hello.html", on: "index.html") == .site(path: "2014/03/31/hello.html", fragment: nil))
        #expect(site.resolve("/blog/", on: "index.html") == .site(path: "", fragment: nil))
        #expect(site.resolve("/blog", on: "index.html") == .site(path: "", fragment: nil))
        #expect(site.resolve("/blog/categories/swift/?page=2#top", on: "index.html") == .site(path: "categories/swift/", fragment: "top"))
    }

    @Test func theSitesOwnAbsoluteURLIsTheSite() {
        #expect(site.resolve("https://example.com/blog/about.html", on: "index.html") == .site(path: "about.html", fragment: nil))
        #expect(site.resolve("HTTPS://Example.COM:443/blog/", on: "index.html") == .site(path: "", fragment: nil))
        #expect(site.resolve("http://example.com/blog/a.html", on: "index.html") == .site(path: "a.html", fragment: nil))
        #expect(site.resolve("//example.com/blog/a.html", on: "index.html") == .site(path: "a.html", fragment: nil))
    }

    @Test func linksOutsideTheSitePathOrHostAreOtherSites() {
        #expect(site.resolve("/other/app/", on: "index.html") == .external("https://example.com/other/app/"))
        #expect(site.resolve("https://example.com/", on: "index.html") == .external("https://example.com/"))
        #expect(site.resolve("https://swift.org/documentation/#top", on: "index.html") == .external("https://swift.org/documentation/"))
        #expect(site.resolve("//cdn.example.net/a.js", on: "index.html") == .external("https://cdn.example.net/a.js"))
    }

    @Test func relativeLinksResolveAgainstThePagesFolder() {
        #expect(site.resolve("../about.html#me", on: "2014/03/31/hello.html") == .site(path: "2014/03/about.html", fragment: "me"))
        #expect(site.resolve("./pic.png", on: "2014/03/31/hello.html") == .site(path: "2014/03/31/pic.png", fragment: nil))
        // Above the site's folder is another site.
        #expect(site.resolve("../../../../../x.html", on: "2014/03/31/hello.html") == .external("https://example.com/x.html"))
        #expect(site.resolve("#fn-1", on: "2014/03/31/hello.html") == .site(path: "2014/03/31/hello.html", fragment: "fn-1"))
        #expect(site.resolve("..", on: "2014/03/31/hello.html") == .site(path: "2014/03/", fragment: nil))
        #expect(site.resolve("?page=2", on: "2014/03/31/hello.html") == .site(path: "2014/03/31/hello.html", fragment: nil))
    }

    @Test func escapesAreDecodedAsAServerDecodesThem() {
        #expect(site.resolve("/blog/%E6%9D%B1%E4%BA%AC.html#caf%C3%A9", on: "index.html") == .site(path: "東京.html", fragment: "café"))
        #expect(site.resolve("  /blog/a.html\n", on: "index.html") == .site(path: "a.html", fragment: nil))
    }

    @Test func linksWithOtherSchemesAreNotChecked() {
        for link in ["mailto:ada@example.com", "tel:+15555550100", "javascript:void(0)", "data:image/png;base64,AA==", "", "  "] {
            #expect(site.resolve(link, on: "index.html") == .none)
        }
    }

    @Test func aSiteAtTheRootOfItsHost() {
        let root = SiteAddress(url: "https://example.com")
        #expect(root.resolve("/", on: "a/b.html") == .site(path: "", fragment: nil))
        #expect(root.resolve("/gone.html", on: "a/b.html") == .site(path: "gone.html", fragment: nil))
        #expect(root.url(of: "a.html") == "https://example.com/a.html")
    }
}
