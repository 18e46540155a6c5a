@testable import BakeKit
import Testing

@Suite struct PictureCatalogTests {
    let paths = SitePaths(layout: SiteLayout(), siteURL: "https://example.com", basePath: "")
    let blogPaths = SitePaths(layout: SiteLayout(), siteURL: "https://example.com/blog", basePath: "/blog")

    @Test func findsTheFileASourceNames() {
        #expect(PictureCatalog.path(ofSource: "/media/heron.jpg", pageFolder: "2014/03/31/", paths: paths) == "media/heron.jpg")
        #expect(PictureCatalog.path(ofSource: "https://example.com/media/heron.jpg", pageFolder: "", paths: paths) == "media/heron.jpg")
        #expect(PictureCatalog.path(ofSource: "heron.jpg", pageFolder: "2014/03/31/", paths: paths) == "2014/03/31/heron.jpg")
        #expect(PictureCatalog.path(ofSource: "../../media/./heron.jpg", pageFolder: "2014/03/31/", paths: paths) == "2014/media/heron.jpg")
        #expect(PictureCatalog.path(ofSource: "/media/my%20heron.jpg", pageFolder: "", paths: paths) == "media/my heron.jpg")
        #expect(PictureCatalog.path(ofSource: "/blog/media/heron.jpg", pageFolder: "", paths: blogPaths) == "media/heron.jpg")
        #expect(PictureCatalog.path(ofSource: "https://example.com/blog/media/heron.jpg", pageFolder: "", paths: blogPaths) == "media/heron.jpg")
    }

    @Test func otherSitesQueriesAndEscapesAreNotTheBlogs() {
        for source in ["https://elsewhere.example/media/heron.jpg", "//example.com/media/heron.jpg", "data:image/png;base64,AAAA",
                       "/media/heron.jpg?w=400", "/media/heron.jpg#x", "../../../../heron.jpg", "", "/"] {
            #expect(PictureCatalog.path(ofSource: source, pageFolder: "2014/03/31/", paths: paths) == nil, "\(source)")
        }
        // Outside the site's path.
        #expect(PictureCatalog.path(ofSource: "/media/heron.jpg", pageFolder: "", paths: blogPaths) == nil)
    }

    @Test func namesVariantsAfterThePicture() {
        #expect(Picture.variant(of: "media/heron.jpg", width: 480, format: "webp") == "media/heron-480.webp")
        #expect(Picture.variant(of: "https://example.com/a.b/heron", width: 800, format: "jpg") == "https://example.com/a.b/heron-800.jpg")
        #expect(Picture.variant(of: "heron.tar.png", width: 1200, format: "png") == "heron.tar-1200.png")
    }

    @Test func aPagesIdentityFollowsThePicturesItShows() {
        let heron = Picture(width: 4000, height: 3000, sizes: [.init(width: 480, height: 360), .init(width: 4000, height: 3000)], formats: ["webp", "jpg"], keepsPath: true, identity: 1)
        let catalog = PictureCatalog(["media/heron.jpg": heron])
        let changed = PictureCatalog(["media/heron.jpg": Picture(width: 4000, height: 3000, sizes: heron.sizes, formats: heron.formats, keepsPath: true, identity: 2)])
        #expect(catalog.identity(ofSources: ["https://other.example/a.jpg"], pageFolder: "", paths: paths) == 0)
        let shown = catalog.identity(ofSources: ["/media/heron.jpg"], pageFolder: "", paths: paths)
        #expect(shown != 0)
        #expect(changed.identity(ofSources: ["/media/heron.jpg"], pageFolder: "", paths: paths) != shown)
    }
}
