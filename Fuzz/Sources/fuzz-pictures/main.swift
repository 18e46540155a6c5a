import BakeKit
import Foundation
import FuzzDriver

// Bodies as the build reads their pictures: every `<img>` tag and its attributes, the file
// each `src` names on the site, and the body rewritten with srcset for a page and for a feed.
enum Target {
    static let paths = SitePaths(layout: SiteLayout(), siteURL: "https://example.com/blog", basePath: "/blog")
    static let picture = Picture(width: 1000, height: 750, sizes: [.init(width: 480, height: 360), .init(width: 1000, height: 750)],
                                 formats: ["webp", "jpg"], keepsPath: true, identity: 1)
    static let markup = PictureMarkup(
        catalog: PictureCatalog(["media/a.jpg": picture, "2014/03/31/b.png": picture]), paths: paths, sizes: "100vw"
    )

    static func run(_ bytes: UnsafeRawBufferPointer) {
        let html = String(decoding: bytes, as: UTF8.self)
        let page = markup.page(html, pageFolder: "2014/03/31/", eagerFirst: true)
        let feed = markup.feed(html, pageFolder: "2014/03/31/", maxWidth: 800)
        // Nothing but the tags of catalog pictures changes: a body without one comes back as it was.
        if !html.contains("a.jpg"), !html.contains("b.png"), !html.contains("%") {
            precondition(page == html && feed == html, "a body without a catalog picture was changed")
        }
        _ = PictureCatalog.path(ofSource: html, pageFolder: "2014/03/31/", paths: paths)
        _ = markup.catalog.identity(ofSources: [html], pageFolder: "", paths: paths)
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
})
