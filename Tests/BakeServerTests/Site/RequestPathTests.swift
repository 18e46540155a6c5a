@testable import BakeServer
import Testing

struct RequestPathTests {
    @Test func decodesAndSplits() throws {
        let path = try #require(RequestPath("/2014/03/caf%C3%A9%20au%20lait.html"))
        #expect(path.segments == ["2014", "03", "café au lait.html"])
        #expect(!path.hasTrailingSlash)
        #expect(RequestPath("/2014//03/")?.segments == ["2014", "03"])
        #expect(RequestPath("/2014/03/")?.hasTrailingSlash == true)
        #expect(RequestPath("/")?.segments == [])
    }

    @Test(arguments: [
        "/..", "/../x", "/a/../b", "/%2e%2e/x", "/%2E%2e/x", "/..%2fx", "/a%2f..%2f..%2fb", "/./x", "/%2e/x",
        "/a%00b", "/%00", "/a%0Ab", "/a%", "/a%2", "/a%zz", "/%C3%28",
    ])
    func refusesPathsThatCouldLeaveTheSite(raw: String) {
        #expect(RequestPath(raw) == nil)
    }

    @Test func dropsTheBasePath() throws {
        let path = try #require(RequestPath("/blog/2014/03/"))
        #expect(path.removingBase("/blog")?.segments == ["2014", "03"])
        #expect(path.removingBase("")?.segments == ["blog", "2014", "03"])
        #expect(path.removingBase("/other") == nil, "a path outside the base path is not the site's")
    }

    @Test func encodesFolderLocations() {
        #expect(RequestPath("/2014/caf%C3%A9")?.folderLocation == "/2014/caf%C3%A9/")
        #expect(RequestPath("//evil.example/x")?.folderLocation == "/evil.example/x/")
    }

    @Test func knowsHiddenNames() {
        #expect(RequestPath("/.bake-manifest")?.isHidden == true)
        #expect(RequestPath("/2014/.x.html.bake-abc")?.isHidden == true)
        #expect(RequestPath("/2014/x.html")?.isHidden == false)
    }
}
